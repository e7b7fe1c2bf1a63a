// GET /ready: readiness; 503 with Retry-After while the KB is unreachable or the server is under pressure.
import { Type } from 'typebox'
import type { Services } from '../../../domain/services.ts'
import { withTimeout } from '../../../domain/shared/timeout.ts'
import type { App } from '../../types.ts'

const Ready = Type.Object({
  ready: Type.Boolean(),
  database: Type.Union([Type.Literal('ok'), Type.Literal('unreachable')]),
  under_pressure: Type.Boolean(),
})

export function registerGetReady(app: App, services: Services, retryAfterSeconds: number): void {
  app.get(
    '/ready',
    {
      config: { public: true },
      schema: { summary: 'Readiness', tags: ['operations'], security: [], response: { 200: Ready, 503: Ready } },
    },
    async (_req, reply) => {
      const database = await withTimeout(services.pingDatabase(), 2000).then(
        () => 'ok' as const,
        () => 'unreachable' as const,
      )
      const underPressure = app.isUnderPressure()
      const ready = database === 'ok' && !underPressure
      if (!ready) reply.code(503).header('retry-after', retryAfterSeconds)
      return { ready, database, under_pressure: underPressure }
    },
  )
}
