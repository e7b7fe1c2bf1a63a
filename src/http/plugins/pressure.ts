// Load shedding with @fastify/under-pressure: 503 + Retry-After when the event loop lags, the heap is over its
// limit or the KB does not answer; the server recovers by itself once the check passes again.
import underPressure from '@fastify/under-pressure'
import { withTimeout } from '../../domain/shared/timeout.ts'
import { errorBody } from '../errors.ts'
import type { App, AppDeps } from '../types.ts'

const PRESSURE_RETRY_AFTER_SECONDS = 5
/** Routes that must answer even under pressure: liveness, readiness (which reports the pressure) and metrics. */
const ALWAYS_SERVED = new Set(['/health', '/ready', '/metrics'])

export async function registerPressure(app: App, { config, services }: AppDeps): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    maxHeapUsedBytes: config.maxHeapUsedBytes,
    retryAfter: PRESSURE_RETRY_AFTER_SECONDS,
    healthCheckInterval: config.healthCheckIntervalMs,
    healthCheck: async () => {
      try {
        await withTimeout(services.pingDatabase(), 2000)
        return true
      } catch {
        return false
      }
    },
    pressureHandler: (req, reply, type) => {
      if (ALWAYS_SERVED.has(req.routeOptions.url ?? '')) return undefined
      const code = type === 'healthCheck' ? 'DATABASE_UNAVAILABLE' : 'SERVICE_UNAVAILABLE'
      reply.code(503).header('retry-after', PRESSURE_RETRY_AFTER_SECONDS).type('application/json; charset=utf-8')
      // under-pressure sends a returned value as the reply; its typings only admit void.
      return errorBody(code, '', req.id) as unknown as undefined
    },
  })
}
