// Registers the geoprovenance endpoints (spec #20-#23, reference §3.5): a single-component GET
// (`?purl=` → `{component_locations, status}`), a batch POST (`{components}` → `{components_locations, status}`) and
// the deprecated POST (`{purls}` → `{purls, status}`, also under /api/v2). Each answer carries the spec's
// `error_code`/`error_message` mirrored as `info_code`/`info_message` (docs/geoprovenance.md).
import { type TSchema, Type } from 'typebox'
import type { Outcome } from '../../../domain/shared/outcome.ts'
import { responses } from '../../schemas/common.ts'
import { ComponentsRequestSchema, ErrorFields, InfoFields, PurlField } from '../../schemas/components.ts'
import { checkBatch, errorFields, infoFields, statusWithDb } from '../../shared/batch.ts'
import type { App, AppDeps } from '../../types.ts'

export interface GeoKind {
  summary: string
  description: string
  /** The answer's fields without purl and outcome fields. */
  fields: Record<string, TSchema>
  answer(refs: readonly { purl: string }[], deps: AppDeps): Promise<({ purl: string; outcome: Outcome } & object)[]>
  wire(a: object): object
}

const PurlRequestSchema = Type.Object({
  purls: Type.Array(Type.Object({ purl: PurlField, requirement: Type.Optional(Type.String()) })),
})

function result(kind: GeoKind) {
  return Type.Object({ purl: Type.String(), ...kind.fields, ...ErrorFields, ...InfoFields })
}

async function answers(kind: GeoKind, refs: readonly { purl: string }[], deps: AppDeps) {
  return (await kind.answer(refs, deps)).map((a) => ({
    purl: a.purl,
    ...kind.wire(a),
    ...errorFields(a.outcome),
    ...infoFields(a.outcome),
  }))
}

const common = { config: { area: 'geoprovenance' } } as const

export function registerGeoGet(app: App, deps: AppDeps, path: string, kind: GeoKind): void {
  app.get(
    path,
    {
      config: { area: 'geoprovenance', cacheable: true },
      schema: {
        summary: kind.summary,
        description: `${kind.description} A version in the purl is ignored.`,
        tags: ['geoprovenance'],
        querystring: Type.Object({ purl: PurlField }),
        response: responses({ 200: Type.Object({ component_locations: result(kind), status: Type.Ref('Status') }) }),
      },
    },
    async (req) => {
      const [one] = await answers(kind, [{ purl: req.query.purl }], deps)
      return { component_locations: one, status: await statusWithDb(deps, 'Success') }
    },
  )
}

export function registerGeoPost(app: App, deps: AppDeps, path: string, kind: GeoKind): void {
  app.post(
    path,
    {
      ...common,
      schema: {
        summary: kind.summary,
        description: `${kind.description} One result per component, in request order, at most MAX_BATCH_SIZE.`,
        tags: ['geoprovenance'],
        body: ComponentsRequestSchema,
        response: responses({
          200: Type.Object({ components_locations: Type.Array(result(kind)), status: Type.Ref('Status') }),
        }),
      },
    },
    async (req) => {
      checkBatch(req.body.components, 'components', deps)
      return {
        components_locations: await answers(kind, req.body.components, deps),
        status: await statusWithDb(deps, 'Success'),
      }
    },
  )
}

/** The deprecated `{purls}` form (reference §3.5), served at its /v2 path and its older /api/v2 path. */
export function registerGeoLegacy(app: App, deps: AppDeps, paths: readonly string[], kind: GeoKind): void {
  for (const path of paths)
    app.post(
      path,
      {
        ...common,
        schema: {
          summary: `${kind.summary} (deprecated form)`,
          description: `${kind.description} Deprecated request and response shape: {purls} in, {purls} out.`,
          tags: ['geoprovenance'],
          deprecated: true,
          body: PurlRequestSchema,
          response: responses({ 200: Type.Object({ purls: Type.Array(result(kind)), status: Type.Ref('Status') }) }),
        },
      },
      async (req) => {
        checkBatch(req.body.purls, 'purls', deps)
        return { purls: await answers(kind, req.body.purls, deps), status: await statusWithDb(deps, 'Success') }
      },
    )
}
