// GET /metrics: Prometheus text format (request counts and latency by route and status, process metrics).
import type { Registry } from 'prom-client'
import type { App } from '../../types.ts'

export function registerGetMetrics(app: App, registry: Registry): void {
  app.get(
    '/metrics',
    {
      config: { public: true },
      schema: { summary: 'Prometheus metrics', tags: ['operations'], security: [], hide: false },
    },
    async (_req, reply) => {
      reply.type(registry.contentType)
      return registry.metrics()
    },
  )
}
