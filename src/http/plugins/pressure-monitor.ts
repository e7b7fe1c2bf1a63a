// The readings load shedding goes by: event-loop delay (perf_hooks.monitorEventLoopDelay, its mean over each second),
// the V8 heap (v8.getHeapStatistics: no file descriptor needed, unlike process.memoryUsage) and a ping of the KB. Every
// read runs in try/catch and every timer is unref'd: a failed read keeps the last value and is logged, never thrown.
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { getHeapStatistics } from 'node:v8'
import { withTimeout } from '../../domain/shared/timeout.ts'

export interface PressureLimits {
  /** Mean event-loop delay over a sample above which load is shed; 0: never. */
  maxEventLoopDelayMs: number
  /** V8 heap in use above which load is shed; 0: never. */
  maxHeapUsedBytes: number
  /** How often the KB is pinged. */
  healthCheckIntervalMs: number
}

interface Readings {
  eventLoopDelayMs: number
  heapUsedBytes: number
  heapLimitBytes: number
  database: 'ok' | 'unreachable'
}

type PressureCause = 'event-loop' | 'heap' | 'database'

export interface PressureMonitor {
  readings(): Readings
  /** Why load is shed now, or undefined. */
  cause(): PressureCause | undefined
  stop(): void
}

const SAMPLE_MS = 1000
const RESOLUTION_MS = 10
const PING_TIMEOUT_MS = 2000

export function startPressureMonitor(
  limits: PressureLimits,
  ping: () => Promise<void>,
  warn: (err: unknown, what: string) => void,
  heapStatistics: () => { used_heap_size: number; heap_size_limit: number } = getHeapStatistics,
): PressureMonitor {
  const readings: Readings = { eventLoopDelayMs: 0, heapUsedBytes: 0, heapLimitBytes: 0, database: 'ok' }
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS })
  histogram.enable()
  const sample = () => {
    try {
      const mean = histogram.mean / 1e6 - RESOLUTION_MS
      readings.eventLoopDelayMs = Number.isFinite(mean) ? Math.max(0, Math.round(mean * 10) / 10) : 0
      histogram.reset()
    } catch (err) {
      warn(err, 'event-loop delay')
    }
    try {
      const heap = heapStatistics()
      readings.heapUsedBytes = heap.used_heap_size
      readings.heapLimitBytes = heap.heap_size_limit
    } catch (err) {
      warn(err, 'heap statistics')
    }
  }
  let pinging = false
  const check = () => {
    if (pinging) return
    pinging = true
    // ping() may throw before it returns a promise: the chain starts from a resolved one
    Promise.resolve()
      .then(() => withTimeout(ping(), PING_TIMEOUT_MS))
      .then(
        () => {
          readings.database = 'ok'
        },
        () => {
          readings.database = 'unreachable'
        },
      )
      .finally(() => {
        pinging = false
      })
  }
  sample()
  check()
  const timers = [setInterval(sample, SAMPLE_MS), setInterval(check, limits.healthCheckIntervalMs)]
  for (const t of timers) t.unref()
  return {
    readings: () => ({ ...readings }),
    cause: () => {
      if (readings.database === 'unreachable') return 'database'
      if (limits.maxEventLoopDelayMs > 0 && readings.eventLoopDelayMs > limits.maxEventLoopDelayMs) return 'event-loop'
      if (limits.maxHeapUsedBytes > 0 && readings.heapUsedBytes > limits.maxHeapUsedBytes) return 'heap'
      return undefined
    },
    stop: () => {
      for (const t of timers) clearInterval(t)
      histogram.disable()
    },
  }
}
