// POST /v2/geoprovenance/countries and /api/v2/geoprovenance/countries: the deprecated {purls} form (reference §3.5).
import type { App, AppDeps } from '../../types.ts'
import { registerGeoLegacy } from './geo-route.ts'
import { COUNTRIES } from './kinds.ts'

export function registerPostCountries(app: App, deps: AppDeps): void {
  registerGeoLegacy(app, deps, ['/v2/geoprovenance/countries', '/api/v2/geoprovenance/countries'], COUNTRIES)
}
