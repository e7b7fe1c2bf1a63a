// POST /v2/semgrep/issues/components (spec #26): static-analysis issues of many component versions.
import type { App, AppDeps } from '../../types.ts'
import { registerIssuesPost } from './issues-route.ts'

export function registerPostIssuesComponents(app: App, deps: AppDeps): void {
  registerIssuesPost(app, deps, '/v2/semgrep/issues/components')
}
