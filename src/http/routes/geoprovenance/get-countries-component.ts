// GET /v2/geoprovenance/countries/component (docs/geoprovenance.md).
import type { App, AppDeps } from '../../types.ts'
import { registerGeoGet } from './geo-route.ts'
import { COUNTRIES } from './kinds.ts'

export function registerGetCountriesComponent(app: App, deps: AppDeps): void {
  registerGeoGet(app, deps, '/v2/geoprovenance/countries/component', COUNTRIES)
}
