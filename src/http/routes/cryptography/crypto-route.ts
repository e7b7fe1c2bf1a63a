// Registers one cryptography endpoint: a single-component GET (`?purl=&requirement=` → `{component, status}`) or a
// batch POST (`{components}` → `{components, status}`, request order, MAX_BATCH_SIZE). Each answer carries the
// spec's `error_code`/`error_message` and, with the same values, the `info_code`/`info_message` newer SCANOSS
// clients read (docs/cryptography.md).
import { type TSchema, Type } from 'typebox'
import type { ComponentRef } from '../../../domain/catalog/resolve-batch.ts'
import type { CryptoSubject } from '../../../domain/cryptography/component-crypto.ts'
import { responses } from '../../schemas/common.ts'
import { ComponentQuerySchema, ComponentsRequestSchema } from '../../schemas/components.ts'
import { checkBatch, errorFields, infoFields, statusWithDb } from '../../shared/batch.ts'
import { learnByOutcome } from '../../shared/learning.ts'
import type { App, AppDeps } from '../../types.ts'

export interface CryptoEndpoint {
  paths: readonly string[]
  summary: string
  description: string
  result: TSchema
  /** Reads the subjects of a batch (one resolution and one analyses read). */
  subjects(refs: readonly ComponentRef[], deps: AppDeps): Promise<CryptoSubject[]>
  answer(s: CryptoSubject): object
}

function wire(e: CryptoEndpoint, s: CryptoSubject) {
  return { ...e.answer(s), ...errorFields(s.outcome), ...infoFields(s.outcome) }
}

function registerGet(app: App, deps: AppDeps, e: CryptoEndpoint): void {
  for (const path of e.paths)
    app.get(
      path,
      {
        config: { area: 'cryptography', cacheable: true },
        schema: {
          summary: e.summary,
          description: e.description,
          tags: ['cryptography'],
          querystring: ComponentQuerySchema,
          response: responses({ 200: Type.Object({ component: e.result, status: Type.Ref('Status') }) }),
        },
      },
      async (req) => {
        const [one] = await learnByOutcome(deps, req, [req.query], (refs) => e.subjects(refs, deps))
        return { component: wire(e, one as CryptoSubject), status: await statusWithDb(deps, 'Success') }
      },
    )
}

function registerPost(app: App, deps: AppDeps, e: CryptoEndpoint): void {
  for (const path of e.paths)
    app.post(
      path,
      {
        config: { area: 'cryptography' },
        schema: {
          summary: e.summary,
          description: `${e.description} One result per component, in request order, at most MAX_BATCH_SIZE.`,
          tags: ['cryptography'],
          body: ComponentsRequestSchema,
          response: responses({ 200: Type.Object({ components: Type.Array(e.result), status: Type.Ref('Status') }) }),
        },
      },
      async (req) => {
        checkBatch(req.body.components, 'components', deps)
        const subjects = await learnByOutcome(deps, req, req.body.components, (refs) => e.subjects(refs, deps))
        return { components: subjects.map((s) => wire(e, s)), status: await statusWithDb(deps, 'Success') }
      },
    )
}

/** The registration function of one endpoint: a kind of question served at its path(s) as GET or POST. */
export function cryptoRoute(method: 'GET' | 'POST', kind: Omit<CryptoEndpoint, 'paths'>, paths: readonly string[]) {
  return (app: App, deps: AppDeps): void =>
    (method === 'GET' ? registerGet : registerPost)(app, deps, { ...kind, paths })
}
