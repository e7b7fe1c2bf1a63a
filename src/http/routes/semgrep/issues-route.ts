// Registers the static-analysis issues endpoints (spec #26-#27, reference §3.8, §4.9): a single-component GET
// (`?purl=&requirement=` → `{component, status}`), a batch POST (`{components}` → `{components, status}`, request
// order, MAX_BATCH_SIZE) and the older `{purls}` form at /api/v2/semgrep/issues. Each answer carries the spec's
// `error_code`/`error_message` mirrored as `info_code`/`info_message` (docs/semgrep.md).

import type { FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import type { ComponentRef } from '../../../domain/catalog/resolve-batch.ts'
import { issuesOfComponents } from '../../../domain/semgrep/component-issues.ts'
import type { ComponentIssues } from '../../../domain/semgrep/types.ts'
import { responses } from '../../schemas/common.ts'
import { ComponentQuerySchema, ComponentRefSchema, ComponentsRequestSchema } from '../../schemas/components.ts'
import { ComponentIssueInfoSchema } from '../../schemas/semgrep.ts'
import { checkBatch, errorFields, infoFields, statusWithDb } from '../../shared/batch.ts'
import { learnByOutcome } from '../../shared/learning.ts'
import type { App, AppDeps } from '../../types.ts'

const SUMMARY = 'Static-analysis issues of component versions'
const DESCRIPTION =
  'Security, quality and compliance issues the compintel semgrep rule set found in the files of the version the ' +
  'purl and requirement resolve to: only files with at least one issue, by path; issues by line.'

/** The wire form of one answer (reference §3.8). */
function toIssueInfo(c: ComponentIssues) {
  return {
    purl: c.purl,
    version: c.version,
    requirement: c.requirement,
    files: c.files.map((f) => ({
      fileMD5: f.md5,
      path: f.path,
      issues: f.issues.map((i) => ({ ruleID: i.rule, from: String(i.from), to: String(i.to), severity: i.severity })),
    })),
    ...(c.ruleset === undefined ? {} : { ruleset_version: c.ruleset }),
    ...errorFields(c.outcome),
    ...infoFields(c.outcome),
  }
}

async function answers(refs: readonly ComponentRef[], deps: AppDeps, req: FastifyRequest) {
  return (await learnByOutcome(deps, req, refs, (r) => issuesOfComponents(r, deps.services))).map(toIssueInfo)
}

const common = { config: { area: 'semgrep' } } as const

export function registerIssuesGet(app: App, deps: AppDeps, path: string): void {
  app.get(
    path,
    {
      config: { area: 'semgrep', cacheable: true },
      schema: {
        summary: 'Static-analysis issues of a component version',
        description: DESCRIPTION,
        tags: ['semgrep'],
        querystring: ComponentQuerySchema,
        response: responses({ 200: Type.Object({ component: ComponentIssueInfoSchema, status: Type.Ref('Status') }) }),
      },
    },
    async (req) => {
      const [one] = await answers([req.query], deps, req)
      return { component: one, status: await statusWithDb(deps, 'Success') }
    },
  )
}

export function registerIssuesPost(app: App, deps: AppDeps, path: string): void {
  app.post(
    path,
    {
      ...common,
      schema: {
        summary: SUMMARY,
        description: `${DESCRIPTION} One result per component, in request order, at most MAX_BATCH_SIZE.`,
        tags: ['semgrep'],
        body: ComponentsRequestSchema,
        response: responses({
          200: Type.Object({ components: Type.Array(ComponentIssueInfoSchema), status: Type.Ref('Status') }),
        }),
      },
    },
    async (req) => {
      checkBatch(req.body.components, 'components', deps)
      return { components: await answers(req.body.components, deps, req), status: await statusWithDb(deps, 'Success') }
    },
  )
}

/** The older `{purls}` form (reference §6 item 9, SemgrepResponse): `{purls}` in, `{purls}` out. */
export function registerIssuesLegacy(app: App, deps: AppDeps, path: string): void {
  app.post(
    path,
    {
      ...common,
      schema: {
        summary: `${SUMMARY} (deprecated form)`,
        description: `${DESCRIPTION} Deprecated request and response shape: {purls} in, {purls} out.`,
        tags: ['semgrep'],
        deprecated: true,
        body: Type.Object({ purls: Type.Array(ComponentRefSchema) }),
        response: responses({
          200: Type.Object({ purls: Type.Array(ComponentIssueInfoSchema), status: Type.Ref('Status') }),
        }),
      },
    },
    async (req) => {
      checkBatch(req.body.purls, 'purls', deps)
      return { purls: await answers(req.body.purls, deps, req), status: await statusWithDb(deps, 'Success') }
    },
  )
}
