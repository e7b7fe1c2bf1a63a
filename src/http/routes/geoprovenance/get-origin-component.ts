// GET /v2/geoprovenance/origin/component (docs/geoprovenance.md).
import type { App, AppDeps } from '../../types.ts'
import { registerGeoGet } from './geo-route.ts'
import { ORIGIN } from './kinds.ts'

export function registerGetOriginComponent(app: App, deps: AppDeps): void {
  registerGeoGet(app, deps, '/v2/geoprovenance/origin/component', ORIGIN)
}
