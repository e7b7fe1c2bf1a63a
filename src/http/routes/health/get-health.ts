// GET /health: liveness; answers while the process runs, without a key, even under pressure. It reports the
// pressure (plugins/pressure.ts) so a load balancer can send less to a busy server; /ready says whether to send any.
import { Type } from 'typebox'
import { PressureReportSchema } from '../../schemas/pressure.ts'
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
        response: { 200: Type.Object({ status: Type.Literal('ok'), pressure: PressureReportSchema }) },
      },
    },
    async () => ({ status: 'ok' as const, pressure: app.pressure() }),
  )
}
