// OpenAPI 3.1 from the route schemas (@fastify/swagger), browsable at /docs (@fastify/swagger-ui).
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { AREAS } from '../../domain/keys/scopes.ts'
import type { App } from '../types.ts'

export async function registerOpenapi(app: App, version: string): Promise<void> {
  await app.register(swagger, {
    // Shared schemas keep their $id as their name in components.schemas.
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'compintel',
        version,
        description:
          'Component Intelligence API, wire-compatible with the SCANOSS platform API v2. Every /v2 route needs an API key in X-Api-Key.',
      },
      components: { securitySchemes: { api_key: { type: 'apiKey', in: 'header', name: 'x-api-key' } } },
      security: [{ api_key: [] }],
      tags: [...AREAS.map((name) => ({ name })), { name: 'operations' }],
    },
  })
  await app.register(async (child) => {
    // The UI's own routes are documentation: served without a key.
    child.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), public: true }
    })
    await child.register(swaggerUi, { routePrefix: '/docs' })
  })
}
