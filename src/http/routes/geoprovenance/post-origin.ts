// POST /v2/geoprovenance/origin and /api/v2/geoprovenance/origin: the deprecated {purls} form (reference §3.5).
import type { App, AppDeps } from '../../types.ts'
import { registerGeoLegacy } from './geo-route.ts'
import { ORIGIN } from './kinds.ts'

export function registerPostOrigin(app: App, deps: AppDeps): void {
  registerGeoLegacy(app, deps, ['/v2/geoprovenance/origin', '/api/v2/geoprovenance/origin'], ORIGIN)
}
