// The static-analysis issues endpoints (docs/semgrep.md): one question served as a single GET, a batch POST and the
// older `{purls}` form at /api/v2/semgrep/issues (clients of papi < 0.18), through the one component-question
// pattern (http/shared/component-route.ts). Each answer carries `error_code`/`error_message` mirrored as
// `info_code`/`info_message`.
import { issuesOfComponents } from '../../../domain/semgrep/component-issues.ts'
import type { ComponentIssues } from '../../../domain/semgrep/types.ts'
import { ComponentIssueInfoSchema } from '../../schemas/semgrep.ts'
import { statusWithDb } from '../../shared/batch.ts'
import {
  type ComponentQuestion,
  IN_ORDER,
  PURLS_FORM,
  serveBatch,
  serveLegacy,
  serveSingle,
} from '../../shared/component-route.ts'
import { learnByOutcome } from '../../shared/learning.ts'
import type { App, AppDeps } from '../../types.ts'
import { issueInfo } from './semgrep-wire.ts'

const SUMMARY = 'Static-analysis issues of component versions'
const DESCRIPTION =
  'Security, quality and compliance issues the compintel semgrep rule set found in the files of the version the ' +
  'purl and requirement resolve to: only files with at least one issue, by path; issues by line.'

const ISSUES: ComponentQuestion<ComponentIssues> = {
  area: 'semgrep',
  result: ComponentIssueInfoSchema,
  answer: (refs, deps, req) => learnByOutcome(deps, req, refs, (r) => issuesOfComponents(r, deps.services), 'analysis'),
  wire: issueInfo,
  status: (deps) => statusWithDb(deps, 'Success'),
}

export function registerGetIssuesComponent(app: App, deps: AppDeps): void {
  serveSingle(app, deps, ISSUES, ['/v2/semgrep/issues/component'], {
    summary: 'Static-analysis issues of a component version',
    description: DESCRIPTION,
  })
}

export function registerPostIssuesComponents(app: App, deps: AppDeps): void {
  serveBatch(app, deps, ISSUES, ['/v2/semgrep/issues/components'], {
    summary: SUMMARY,
    description: `${DESCRIPTION} ${IN_ORDER}`,
  })
}

export function registerPostIssues(app: App, deps: AppDeps): void {
  serveLegacy(app, deps, ISSUES, ['/api/v2/semgrep/issues'], {
    summary: `${SUMMARY} (deprecated form)`,
    description: `${DESCRIPTION} ${PURLS_FORM}`,
  })
}
