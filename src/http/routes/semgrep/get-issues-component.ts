// GET /v2/semgrep/issues/component (spec #27): static-analysis issues of one component version.
import type { App, AppDeps } from '../../types.ts'
import { registerIssuesGet } from './issues-route.ts'

export function registerGetIssuesComponent(app: App, deps: AppDeps): void {
  registerIssuesGet(app, deps, '/v2/semgrep/issues/component')
}
