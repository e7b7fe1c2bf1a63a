// The bare-Fastify baseline every figure of `npm run bench` is set against (measured in the same run, because only
// ratios carry over from one machine to another), and the echo scenario: compintel's whole request path (auth, rate
// limits, validation, metrics, load shedding) on POST /v2/components/echo, measured the same way as the baseline.
import autocannon from 'autocannon'
import Fastify from 'fastify'
import { request } from 'undici'
import { parseConfig } from '../src/config/config.ts'
import { buildApp } from '../src/http/app.ts'
import { CONSOLE, type Figure, isMain, type Out, percentile, rate, time, timedRuns } from './scenario.ts'
import { benchServices } from './seeded-kb.ts'

export interface LoadBounds {
  /** Seconds of autocannon load. */
  seconds: number
  connections: number
}

export interface Measured {
  /** Median of one-at-a-time requests over HTTP on 127.0.0.1, ms. */
  latencyMs: number
  /** Requests per second under autocannon with `connections` connections. */
  rps: number
  /** autocannon's p50 and p99 at that load, ms. */
  p50: number
  p99: number
  errors: number
}

const ECHO = '/v2/components/echo'
const BODY = JSON.stringify({ message: 'hello from the benchmark' })

/** Sequential latency, then throughput, of POSTing the echo body (or a GET, with `method`) to `url`. */
export async function measureTarget(
  url: string,
  headers: Record<string, string>,
  b: LoadBounds,
  method: 'GET' | 'POST' = 'POST',
): Promise<Measured> {
  const all = method === 'POST' ? { 'content-type': 'application/json', ...headers } : headers
  const body = method === 'POST' ? BODY : undefined
  const one = async () => {
    const res = await request(url, { method, headers: all, ...(body ? { body } : {}) })
    await res.body.text()
    if (res.statusCode !== 200) throw new Error(`${url}: HTTP ${res.statusCode}`)
  }
  const times = await timedRuns(one, { seconds: Math.max(1, b.seconds / 2), max: 2000, warmup: 50 })
  const load = (duration: number) =>
    autocannon({
      url,
      method,
      headers: all,
      ...(body ? { body } : {}),
      connections: b.connections,
      duration,
      pipelining: 1,
      workers: 1,
    })
  // a second under load first, unmeasured: the first load of a run (autocannon's worker, and the server's code under
  // concurrency, not yet compiled) measured a third slower, so every "before" baseline came out low
  await load(1)
  const result = await load(b.seconds)
  return {
    latencyMs: percentile(times, 50),
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  }
}

/** The baseline: a bare Fastify app whose echo handler returns the message, nothing else on the path. */
export async function measureBaseline(b: LoadBounds): Promise<Measured> {
  const bare = Fastify()
  bare.post(ECHO, async (req) => ({ message: (req.body as { message?: string }).message ?? '' }))
  const url = await bare.listen({ host: '127.0.0.1', port: 0 })
  try {
    return await measureTarget(`${url}${ECHO}`, {}, b)
  } finally {
    await bare.close()
  }
}

/** compintel's echo on an empty in-memory KB, with a key of the unlimited tier and the per-IP budget lifted. */
export async function echoBench(
  out: Out = CONSOLE,
  b: LoadBounds = { seconds: 10, connections: 50 },
): Promise<Figure[]> {
  const config = parseConfig({
    DATABASE_URL: 'sqlite::memory:',
    RATE_LIMIT_PER_MINUTE_PER_IP: '100000000',
    LOG_LEVEL: 'silent',
  })
  const { storage, services, key } = await benchServices(config)
  const app = await buildApp({ config, services, version: 'bench', logger: false })
  try {
    const url = await app.listen({ host: '127.0.0.1', port: 0 })
    const m = await measureTarget(`${url}${ECHO}`, { 'x-api-key': key }, b)
    out.table([
      {
        target: 'compintel POST /v2/components/echo',
        'one at a time, median ms': Number(m.latencyMs.toFixed(2)),
        'req/s': Math.round(m.rps),
        'p50 ms': m.p50,
        'p99 ms': m.p99,
        'errors and non-2xx': m.errors,
      },
    ])
    if (m.errors > 0) throw new Error(`echo: ${m.errors} errors or non-2xx answers`)
    return [
      time('one request at a time, median', m.latencyMs),
      rate(`throughput, ${b.connections} connections`, m.rps, 'req/s'),
    ]
  } finally {
    await app.close()
    await storage.close()
  }
}

if (isMain(import.meta.url)) {
  // alone: the echo and the baseline side by side, as `npm run bench -- --scenario echo` sets them
  const bounds = { seconds: 10, connections: 50 }
  const [latency, rps] = await echoBench(CONSOLE, bounds)
  const base = await measureBaseline(bounds)
  console.log(
    `bare Fastify: ${base.latencyMs.toFixed(2)} ms one at a time, ${Math.round(base.rps)} req/s; compintel's echo: ` +
      `${((latency?.value ?? 0) / base.latencyMs).toFixed(2)}× the latency, ${((rps?.value ?? 0) / base.rps).toFixed(3)} of the throughput`,
  )
}
