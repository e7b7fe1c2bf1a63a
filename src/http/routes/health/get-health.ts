// GET /health: liveness; answers while the process runs, without a key.
import { Type } from 'typebox'
import type { App } from '../../types.ts'

export function registerGetHealth(app: App): void {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        summary: 'Liveness',
        tags: ['operations'],
        security: [],
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  )
}
