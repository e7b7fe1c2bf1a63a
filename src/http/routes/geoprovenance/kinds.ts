// The two kinds of geoprovenance answer: declared (and curated) locations of contributors, and origin from
// commit timing; each with its wire fields.
import { Type } from 'typebox'
import {
  type DeclaredAnswer,
  declaredLocations,
  type OriginAnswer,
  originLocations,
} from '../../../domain/geoprovenance/service.ts'
import type { AppDeps } from '../../types.ts'
import type { GeoKind } from './geo-route.ts'

const geoDeps = (deps: AppDeps) => ({
  catalog: deps.services.catalog,
  geo: deps.services.geo,
  maxContributors: deps.config.geoMaxContributors,
})

export const COUNTRIES: GeoKind = {
  summary: 'Declared and curated locations of contributors',
  description:
    'The free-text locations the owner and contributors of the component source repository publish, and the ' +
    'countries they name (curated: country name and number of accounts). NO_INFO when none is known; ' +
    'TOO_MANY_CONTRIBUTORS (lists empty) above GEO_MAX_CONTRIBUTORS.',
  fields: {
    declared_locations: Type.Array(
      Type.Object({ type: Type.String({ description: 'owner or contributor' }), location: Type.String() }),
    ),
    curated_locations: Type.Array(Type.Object({ country: Type.String(), count: Type.Integer() })),
  },
  answer: (refs, deps) => declaredLocations(refs, geoDeps(deps)),
  wire: (a) => {
    const d = a as DeclaredAnswer
    return { declared_locations: d.declared, curated_locations: d.curated }
  },
}

export const ORIGIN: GeoKind = {
  summary: 'Origin of contributors from commit timing',
  description:
    'Country percentages (ISO 3166-1 alpha-2, 2 decimals, summing to 100) inferred from the time-zone offsets ' +
    'of the commits of the component source repository (docs/geoprovenance-origin.md). NO_INFO when there is no ' +
    'commit data; TOO_MANY_CONTRIBUTORS (list empty) above GEO_MAX_CONTRIBUTORS.',
  fields: {
    locations: Type.Array(
      Type.Object({ name: Type.String({ description: 'ISO 3166-1 alpha-2' }), percentage: Type.Number() }),
    ),
  },
  answer: (refs, deps) => originLocations(refs, geoDeps(deps)),
  wire: (a) => ({ locations: (a as OriginAnswer).locations }),
}
