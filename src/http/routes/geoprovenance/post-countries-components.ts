// POST /v2/geoprovenance/countries/components (docs/geoprovenance.md).
import type { App, AppDeps } from '../../types.ts'
import { registerGeoPost } from './geo-route.ts'
import { COUNTRIES } from './kinds.ts'

export function registerPostCountriesComponents(app: App, deps: AppDeps): void {
  registerGeoPost(app, deps, '/v2/geoprovenance/countries/components', COUNTRIES)
}
