// On-demand benchmarks (npm run bench [-- --duration 10 --connections 50 --scenario echo]); never run in CI.
// Targets 127.0.0.1 only; every run is bounded by its duration. Each scenario is compared with a baseline
// measured in the same run, because this machine is noisy and only ratios carry over.
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { SCENARIOS } from './scenarios.ts'

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    scenario: { type: 'string', multiple: true },
  },
})
const duration = Math.min(Number(values.duration), 300)
const connections = Math.min(Number(values.connections), 500)

export interface Target {
  url: string
  method: 'GET' | 'POST'
  headers: Record<string, string>
  body?: string
}

async function measure(name: string, t: Target) {
  const result = await autocannon({ ...t, connections, duration, pipelining: 1, workers: 1 })
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  }
}

const chosen = SCENARIOS.filter((s) => !values.scenario || values.scenario.includes(s.name))
console.log(`bench: ${duration}s per target, ${connections} connections, 127.0.0.1 only`)
for (const s of chosen) {
  const env = await s.setup()
  try {
    const subject = await measure(s.name, env.subject)
    const baseline = await measure(`${s.name} baseline (${s.baseline})`, env.baseline)
    console.table(
      [subject, baseline].map((r) => ({
        target: r.name,
        'req/s': Math.round(r.rps),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        non2xx: r.non2xx,
        errors: r.errors,
      })),
    )
    console.log(`${s.name}: ${(subject.rps / baseline.rps).toFixed(3)} of the baseline's throughput`)
  } finally {
    await env.close()
  }
}
