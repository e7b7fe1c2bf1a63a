// POST /api/v2/semgrep/issues: the older {purls} form (reference §6 item 9), kept for clients of papi < 0.18.
import type { App, AppDeps } from '../../types.ts'
import { registerIssuesLegacy } from './issues-route.ts'

export function registerPostIssues(app: App, deps: AppDeps): void {
  registerIssuesLegacy(app, deps, '/api/v2/semgrep/issues')
}
