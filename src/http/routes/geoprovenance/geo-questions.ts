// The geoprovenance endpoints (docs/geoprovenance.md): two questions, the declared (and curated) locations of a
// component's contributors and their origin from commit timing, each served as a single GET (`?purl=` →
// `{component_locations}`; a version in the purl is ignored), a batch POST (`{components}` → `{components_locations}`)
// and the deprecated `{purls}` form at its /v2 and older /api/v2 paths, through the one component-question pattern
// (http/shared/component-route.ts). Each answer carries `error_code`/`error_message` mirrored as `info_code`/
// `info_message`.
import { type TSchema, Type } from 'typebox'
import {
  type DeclaredAnswer,
  declaredLocations,
  type OriginAnswer,
  originLocations,
} from '../../../domain/geoprovenance/service.ts'
import type { Outcome } from '../../../domain/shared/outcome.ts'
import { OutcomeFields, PurlField } from '../../schemas/components.ts'
import { DeclaredLocationFields, OriginFields } from '../../schemas/geoprovenance.ts'
import { outcomeFields, statusWithDb } from '../../shared/batch.ts'
import {
  type ComponentQuestion,
  IN_ORDER,
  PURLS_FORM,
  serveBatch,
  serveLegacy,
  serveSingle,
} from '../../shared/component-route.ts'
import type { App, AppDeps } from '../../types.ts'

interface Kind<A extends { purl: string; outcome: Outcome }> {
  summary: string
  description: string
  /** The answer's fields without purl and outcome fields. */
  fields: Record<string, TSchema>
  answer(refs: readonly { purl: string }[], ports: ReturnType<typeof geoPorts>): Promise<A[]>
  wire(a: A): object
}

const geoPorts = (deps: AppDeps) => ({
  catalog: deps.services.catalog,
  geo: deps.services.geo,
  maxContributors: deps.config.geoMaxContributors,
})

const LegacyItem = Type.Object({ purl: PurlField, requirement: Type.Optional(Type.String()) })

function endpoints<A extends { purl: string; outcome: Outcome }>(kind: Kind<A>) {
  const q: ComponentQuestion<A> = {
    area: 'geoprovenance',
    result: Type.Object({ purl: Type.String(), ...kind.fields, ...OutcomeFields }),
    answer: (refs, deps) => kind.answer(refs, geoPorts(deps)),
    wire: (a) => ({ purl: a.purl, ...kind.wire(a), ...outcomeFields(a.outcome) }),
    status: (deps) => statusWithDb(deps, 'Success'),
  }
  const { summary, description } = kind
  return {
    get: (path: string) => (app: App, deps: AppDeps) =>
      serveSingle(app, deps, q, [path], {
        summary,
        description: `${description} A version in the purl is ignored.`,
        key: 'component_locations',
        query: Type.Object({ purl: PurlField }),
      }),
    post: (path: string) => (app: App, deps: AppDeps) =>
      serveBatch(app, deps, q, [path], {
        summary,
        description: `${description} ${IN_ORDER}`,
        key: 'components_locations',
      }),
    legacy:
      (...paths: string[]) =>
      (app: App, deps: AppDeps) =>
        serveLegacy(app, deps, q, paths, {
          summary: `${summary} (deprecated form)`,
          description: `${description} ${PURLS_FORM}`,
          item: LegacyItem,
        }),
  }
}

const COUNTRIES = endpoints<DeclaredAnswer>({
  summary: 'Declared and curated locations of contributors',
  description:
    'The free-text locations the owner and contributors of the component source repository publish, and the ' +
    'countries they name (curated: country name and number of accounts). NO_INFO when none is known; ' +
    'TOO_MANY_CONTRIBUTORS (lists empty) above GEO_MAX_CONTRIBUTORS.',
  fields: DeclaredLocationFields,
  answer: declaredLocations,
  wire: (d) => ({ declared_locations: d.declared, curated_locations: d.curated }),
})

const ORIGIN = endpoints<OriginAnswer>({
  summary: 'Origin of contributors from commit timing',
  description:
    'Country percentages (ISO 3166-1 alpha-2, 2 decimals, summing to 100) inferred from the time-zone offsets ' +
    'of the commits of the component source repository (docs/geoprovenance-origin.md), or of the uploads its Debian ' +
    'changelog records (docs/debian.md); `sources` names which. NO_INFO when there is no such data; ' +
    'TOO_MANY_CONTRIBUTORS (lists empty) above GEO_MAX_CONTRIBUTORS.',
  fields: OriginFields,
  answer: originLocations,
  wire: (o) => ({ locations: o.locations, sources: o.sources }),
})

export const registerGetCountriesComponent = COUNTRIES.get('/v2/geoprovenance/countries/component')
export const registerPostCountriesComponents = COUNTRIES.post('/v2/geoprovenance/countries/components')
export const registerPostCountries = COUNTRIES.legacy('/v2/geoprovenance/countries', '/api/v2/geoprovenance/countries')
export const registerGetOriginComponent = ORIGIN.get('/v2/geoprovenance/origin/component')
export const registerPostOriginComponents = ORIGIN.post('/v2/geoprovenance/origin/components')
export const registerPostOrigin = ORIGIN.legacy('/v2/geoprovenance/origin', '/api/v2/geoprovenance/origin')
