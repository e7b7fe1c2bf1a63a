// Prometheus metrics with prom-client: request counts and latency by route and status, plus process defaults.
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client'
import type { App } from '../types.ts'

export function registerMetrics(app: App): Registry {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'compintel_' })
  const labelNames = ['method', 'route', 'status_code'] as const
  const requests = new Counter({
    name: 'compintel_http_requests_total',
    help: 'HTTP requests by method, route and status code',
    labelNames,
    registers: [registry],
  })
  const latency = new Histogram({
    name: 'compintel_http_request_duration_seconds',
    help: 'HTTP request latency by method, route and status code',
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  app.addHook('onResponse', (req, reply, done) => {
    // The route pattern, never the raw URL, keeps label cardinality bounded.
    const labels = {
      method: req.method,
      route: req.is404 ? 'unmatched' : (req.routeOptions.url ?? 'unmatched'),
      status_code: reply.statusCode,
    }
    requests.inc(labels)
    latency.observe(labels, reply.elapsedTime / 1000)
    done()
  })
  return registry
}
