// Load shedding: 503 + Retry-After while the event loop lags, the heap is over its limit or the KB does not answer
// (pressure-monitor.ts reads them); the server recovers by itself once the readings pass again. The same readings,
// with the open connections and the request-body bytes in flight, are what /health reports to load balancers.
import { errorBody } from '../errors.ts'
import type { PressureReport } from '../schemas/pressure.ts'
import type { App, AppDeps } from '../types.ts'
import type { BodyBudget } from './body-budget.ts'
import type { ConnectionCounts } from './connection-guard.ts'
import { startPressureMonitor } from './pressure-monitor.ts'

/** The Retry-After of every 503 of load: pressure, connection caps, the body budget. */
export const PRESSURE_RETRY_AFTER_SECONDS = 5
/** Routes that must answer even under pressure: liveness, readiness (which reports the pressure) and metrics. */
const ALWAYS_SERVED = new Set(['/health', '/ready', '/metrics'])

export function registerPressure(
  app: App,
  { config, services }: AppDeps,
  load: { connections: ConnectionCounts; bodies: BodyBudget },
): void {
  const monitor = startPressureMonitor(config, () => services.pingDatabase(), warnOf(app))
  app.addHook('onClose', (_instance, done) => {
    monitor.stop()
    done()
  })
  app.decorate('isUnderPressure', () => monitor.cause() !== undefined)
  app.decorate('pressure', (): PressureReport => {
    const r = monitor.readings()
    const cause = monitor.cause()
    return {
      shedding: cause !== undefined,
      cause: cause ?? null,
      event_loop_delay_ms: r.eventLoopDelayMs,
      heap_used_bytes: r.heapUsedBytes,
      heap_limit_bytes: r.heapLimitBytes,
      database: r.database,
      open_connections: load.connections.open(),
      body_bytes_in_flight: load.bodies.inFlight(),
    }
  })
  app.addHook('onRequest', (req, reply, done) => {
    const cause = monitor.cause()
    if (cause === undefined || ALWAYS_SERVED.has(req.routeOptions.url ?? '')) return done()
    const code = cause === 'database' ? 'DATABASE_UNAVAILABLE' : 'SERVICE_UNAVAILABLE'
    reply
      .code(503)
      .header('retry-after', PRESSURE_RETRY_AFTER_SECONDS)
      .type('application/json; charset=utf-8')
      .send(errorBody(code, '', req.id))
  })
}

/** A failed reading is logged at most once a minute (it keeps its last value meanwhile). */
function warnOf(app: App): (err: unknown, what: string) => void {
  let last = 0
  return (err, what) => {
    if (Date.now() - last < 60_000) return
    last = Date.now()
    app.log.warn({ err: (err as Error)?.message }, `pressure monitor: cannot read ${what}`)
  }
}
