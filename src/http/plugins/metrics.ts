// Prometheus metrics with prom-client: request counts and latency by route and status, plus process defaults.
// The per-request figures are counted here in plain numbers and handed to prom-client only when /metrics is read:
// prom-client's own counter and histogram hash the labels of every observation, which cost about a tenth of the
// throughput of a cheap request (docs/benchmarks.md). The exposition is the same: same names, labels and buckets.
import { collectDefaultMetrics, type Metric, Registry } from 'prom-client'
import type { App } from '../types.ts'

const REQUESTS = 'compintel_http_requests_total'
const LATENCY = 'compintel_http_request_duration_seconds'
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

interface RouteStat {
  labels: { method: string; route: string; status_code: number }
  count: number
  sum: number
  /** Observations per bucket (not cumulative); BUCKETS.length is +Inf only. */
  buckets: number[]
}

type Value = { value: number; labels: Record<string, string | number>; metricName?: string }

export function registerMetrics(app: App): Registry {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'compintel_' })
  const stats = new Map<string, RouteStat>()
  const exposed = (name: string, help: string, type: 'counter' | 'histogram', values: () => Value[]) =>
    ({
      name,
      help,
      type,
      aggregator: 'sum',
      get: async () => ({ name, help, type, aggregator: 'sum', values: values() }),
      reset: () => stats.clear(),
    }) as unknown as Metric
  registry.registerMetric(
    exposed(REQUESTS, 'HTTP requests by method, route and status code', 'counter', () =>
      [...stats.values()].map((s) => ({ value: s.count, labels: s.labels })),
    ),
  )
  registry.registerMetric(
    exposed(LATENCY, 'HTTP request latency by method, route and status code', 'histogram', () =>
      [...stats.values()].flatMap(histogramValues),
    ),
  )
  app.addHook('onResponse', (req, reply, done) => {
    // The route pattern, never the raw URL, keeps label cardinality bounded.
    const route = req.is404 ? 'unmatched' : (req.routeOptions.url ?? 'unmatched')
    const key = `${req.method} ${reply.statusCode} ${route}`
    let s = stats.get(key)
    if (!s) {
      const labels = { method: req.method, route, status_code: reply.statusCode }
      s = { labels, count: 0, sum: 0, buckets: new Array<number>(BUCKETS.length + 1).fill(0) }
      stats.set(key, s)
    }
    const seconds = reply.elapsedTime / 1000
    let b = 0
    while (b < BUCKETS.length && seconds > (BUCKETS[b] as number)) b++
    s.buckets[b] = (s.buckets[b] as number) + 1
    s.count++
    s.sum += seconds
    done()
  })
  return registry
}

/** A route's histogram lines as prom-client writes them: cumulative buckets, +Inf, sum and count. */
function histogramValues(s: RouteStat): Value[] {
  let cumulative = 0
  const out: Value[] = BUCKETS.map((le, i) => {
    cumulative += s.buckets[i] as number
    return { value: cumulative, labels: { le, ...s.labels }, metricName: `${LATENCY}_bucket` }
  })
  out.push({ value: s.count, labels: { le: '+Inf', ...s.labels }, metricName: `${LATENCY}_bucket` })
  out.push({ value: s.sum, labels: s.labels, metricName: `${LATENCY}_sum` })
  out.push({ value: s.count, labels: s.labels, metricName: `${LATENCY}_count` })
  return out
}
