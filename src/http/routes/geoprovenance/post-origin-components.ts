// POST /v2/geoprovenance/origin/components (docs/geoprovenance.md).
import type { App, AppDeps } from '../../types.ts'
import { registerGeoPost } from './geo-route.ts'
import { ORIGIN } from './kinds.ts'

export function registerPostOriginComponents(app: App, deps: AppDeps): void {
  registerGeoPost(app, deps, '/v2/geoprovenance/origin/components', ORIGIN)
}
