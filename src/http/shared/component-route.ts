// The one pattern of the questions every area answers about components (docs/architecture.md "Adding things"). A
// question is described once (ComponentQuestion: the schema of one answer, how the domain answers a batch of
// references, the wire form of one answer, the status it reports) and served in each shape its area offers:
// - single: GET `?purl=&requirement=` → `{component, status}` (the answer cache may keep it)
// - batch: POST `{components}` → `{components, status}`, request order, at most MAX_BATCH_SIZE
// - legacy: POST `{purls}` → `{purls, status}`, the deprecated form older clients still send
// A shape may name its reply key and its query (geoprovenance answers `component_locations` for a purl alone), and a
// single GET may answer with the fields at the top level (components status).
import type { FastifyRequest } from 'fastify'
import { type TObject, type TSchema, Type } from 'typebox'
import type { ComponentRef } from '../../domain/catalog/resolve-batch.ts'
import type { Area } from '../../domain/keys/scopes.ts'
import { responses } from '../schemas/common.ts'
import { ComponentQuerySchema, ComponentRefSchema, ComponentsRequestSchema } from '../schemas/components.ts'
import type { App, AppDeps } from '../types.ts'
import { checkBatch } from './batch.ts'

export interface ComponentQuestion<A> {
  area: Area
  /** The schema of one answer on the wire. */
  result: TSchema
  /** The domain's answers to a batch of references, one per reference, in order. */
  answer(refs: readonly ComponentRef[], deps: AppDeps, req: FastifyRequest): Promise<A[]>
  /** One answer in its snake_case wire form, outcome fields included. */
  wire(answer: A): object
  status(deps: AppDeps): Promise<object> | object
}

export interface Shape {
  summary: string
  description: string
  /** The reply's key (default: `component` for single, `components` for batch, `purls` for legacy). */
  key?: string
  /** Single only: the query (default `?purl=&requirement=`). */
  query?: TObject
  /** Single only: the answer's fields beside `status` at the top level, under no key (the result is an object). */
  topLevel?: boolean
  /** Batch only: the same answers also under this key, for the clients `when` picks (an older key they read). */
  copy?: { key: string; description: string; when(req: FastifyRequest): boolean }
  /** Legacy only: the schema of one `purls` item (default `{purl, requirement}`). */
  item?: TSchema
  /** The status of this shape's replies, when it is not the question's. */
  status?(deps: AppDeps): Promise<object> | object
}

/** The reply's key; none for a top-level single answer. */
type Key = string | undefined

function schema<A>(q: ComponentQuestion<A>, shape: Shape, key: Key, many: boolean) {
  const result = many ? Type.Array(q.result) : q.result
  const copy = shape.copy
    ? { [shape.copy.key]: Type.Optional(Type.Array(q.result, { description: shape.copy.description })) }
    : {}
  const fields = key === undefined ? (q.result as TObject).properties : { [key]: result, ...copy }
  return {
    summary: shape.summary,
    description: shape.description,
    tags: [q.area],
    response: responses({ 200: Type.Object({ ...fields, status: Type.Ref('Status') }) }),
  }
}

async function reply<A>(q: ComponentQuestion<A>, shape: Shape, deps: AppDeps, answers: A[], key: Key, many: boolean) {
  const wired = answers.map((a) => q.wire(a))
  const status = await (shape.status ?? q.status)(deps)
  const answer: Record<string, unknown> = key === undefined ? { ...wired[0] } : { [key]: many ? wired : wired[0] }
  answer.status = status
  return answer
}

export function serveSingle<A>(app: App, deps: AppDeps, q: ComponentQuestion<A>, paths: string[], shape: Shape) {
  const key = shape.topLevel ? undefined : (shape.key ?? 'component')
  for (const path of paths)
    app.get(
      path,
      {
        config: { area: q.area, cacheable: true },
        schema: { ...schema(q, shape, key, false), querystring: shape.query ?? ComponentQuerySchema },
      },
      async (req) => reply(q, shape, deps, await q.answer([req.query as ComponentRef], deps, req), key, false),
    )
}

export function serveBatch<A>(app: App, deps: AppDeps, q: ComponentQuestion<A>, paths: string[], shape: Shape) {
  const key = shape.key ?? 'components'
  for (const path of paths)
    app.post(
      path,
      { config: { area: q.area }, schema: { ...schema(q, shape, key, true), body: ComponentsRequestSchema } },
      async (req) => {
        checkBatch(req.body.components, 'components', deps)
        const answer = await reply(q, shape, deps, await q.answer(req.body.components, deps, req), key, true)
        return shape.copy?.when(req) ? { ...answer, [shape.copy.key]: answer[key] } : answer
      },
    )
}

export function serveLegacy<A>(app: App, deps: AppDeps, q: ComponentQuestion<A>, paths: string[], shape: Shape) {
  const key = shape.key ?? 'purls'
  const body = Type.Object({ purls: Type.Array(shape.item ?? ComponentRefSchema) })
  for (const path of paths)
    app.post(
      path,
      { config: { area: q.area }, schema: { ...schema(q, shape, key, true), deprecated: true, body } },
      async (req) => {
        const { purls } = req.body as { purls: ComponentRef[] }
        checkBatch(purls, 'purls', deps)
        return reply(q, shape, deps, await q.answer(purls, deps, req), key, true)
      },
    )
}

/** The sentence every batch shape's description ends with. */
export const IN_ORDER = 'One result per component, in request order, at most MAX_BATCH_SIZE.'
/** The sentence every legacy shape's description ends with. */
export const PURLS_FORM = 'Deprecated request and response shape: {purls} in, {purls} out.'
