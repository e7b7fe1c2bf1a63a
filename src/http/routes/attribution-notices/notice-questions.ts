// POST /v2/attribution-notices/components (docs/attribution-notices.md): the attribution notices of component
// versions, through the one component-question pattern (http/shared/component-route.ts): one answer per component
// under `attributions`, in request order. The area's echo is served with every other area's (routes/echo).
import { type ComponentNotices, componentNotices } from '../../../domain/notices/component-notices.ts'
import { AttributionSchema } from '../../schemas/attribution-notices.ts'
import { outcomeFields, statusWithDb } from '../../shared/batch.ts'
import { type ComponentQuestion, IN_ORDER, serveBatch } from '../../shared/component-route.ts'
import { learnByOutcome } from '../../shared/learning.ts'
import type { App, AppDeps } from '../../types.ts'

const NOTICES: ComponentQuestion<ComponentNotices> = {
  area: 'attribution-notices',
  result: AttributionSchema,
  answer: (refs, deps, req) =>
    learnByOutcome(
      deps,
      req,
      refs,
      (r) => componentNotices(r, { catalog: deps.services.catalog, notices: deps.services.notices }),
      'analysis',
    ),
  wire: (c) => ({
    purl: c.purl,
    requirement: c.requirement,
    version: c.version,
    notices: c.notices.map((n) => ({ notice_text: n.text, notice_md5: n.md5, source: n.source })),
    ...outcomeFields(c.outcome),
  }),
  status: (deps) => statusWithDb(deps, 'Success'),
}

export function registerPostAttributionNotices(app: App, deps: AppDeps): void {
  serveBatch(app, deps, NOTICES, ['/v2/attribution-notices/components'], {
    summary: 'Attribution notices of components',
    description:
      'The notice texts each version ships (license, NOTICE, AUTHORS, COPYRIGHT and third-party notice files), ' +
      "each with its MD5 and the file it came from; identical texts are stored once. NO_INFO: the version's files " +
      `were never analyzed; analyzed without such files: an empty list. ${IN_ORDER}`,
    key: 'attributions',
  })
}
