// GET /v2/openapi.json: the OpenAPI 3.1 document generated from the route schemas.
import type { App } from '../../types.ts'

export function registerGetOpenapi(app: App): void {
  app.get('/v2/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger())
}
