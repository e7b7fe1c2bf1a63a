// The request path's own cost (issue "speed of the request path"; docs/benchmarks.md): single requests against the
// seeded KB with every per-request hook on (request id, per-IP and per-key limits, key check, metrics, load
// shedding, ETag) and the answer cache in process, as `compintel serve` runs them, each measured like the bare-Fastify
// baseline: GET /health (public), POST /v2/licenses/echo (a key), a single-component GET the answer cache holds, and
// one it does not (the cache off). Run alone for the ratios to bare Fastify measured in the same run.

import { createAnswerCache } from '../src/cache/answer-cache.ts'
import { parseConfig } from '../src/config.ts'
import { buildApp } from '../src/http/app.ts'
import { SqlChangeFeed } from '../src/storage/kb-changes.ts'
import { type LoadBounds, type Measured, measureBaseline, measureTarget } from './baseline.ts'
import { CONSOLE, type Figure, isMain, type Out, rate, time } from './scenario.ts'
import { benchServices, removeCopy, seededCopy } from './seeded-kb.ts'

const LICENSES = '/v2/licenses/component?purl=pkg:npm/express@4.18.2'

export async function requestPathBench(
  out: Out = CONSOLE,
  b: LoadBounds = { seconds: 6, connections: 32 },
): Promise<{ figures: Figure[]; rows: { target: string; m: Measured }[] }> {
  const file = await seededCopy()
  const config = parseConfig({
    DATABASE_URL: `sqlite:${file}`,
    RATE_LIMIT_PER_MINUTE: '100000000',
    RATE_LIMIT_PER_MINUTE_PER_IP: '100000000',
    LOG_LEVEL: 'silent',
  })
  const { storage, services, key } = await benchServices(config)
  const answerCache = createAnswerCache(new SqlChangeFeed(storage), {
    ...config.answerCache,
    namespace: 'bench',
    onError: () => {},
  })
  answerCache.tracker.start()
  const cached = await buildApp({ config, services, version: 'bench', logger: false, answerCache })
  const uncached = await buildApp({ config, services, version: 'bench', logger: false })
  const rows: { target: string; m: Measured }[] = []
  try {
    const a = await cached.listen({ host: '127.0.0.1', port: 0 })
    const u = await uncached.listen({ host: '127.0.0.1', port: 0 })
    const k = { 'x-api-key': key }
    rows.push({ target: 'GET /health', m: await measureTarget(`${a}/health`, {}, b, 'GET') })
    rows.push({ target: 'POST /v2/licenses/echo', m: await measureTarget(`${a}/v2/licenses/echo`, k, b) })
    rows.push({ target: `GET ${LICENSES} (cached)`, m: await measureTarget(`${a}${LICENSES}`, k, b, 'GET') })
    rows.push({ target: `GET ${LICENSES} (not cached)`, m: await measureTarget(`${u}${LICENSES}`, k, b, 'GET') })
  } finally {
    answerCache.tracker.stop()
    await cached.close()
    await uncached.close()
    await storage.close()
    removeCopy(file)
  }
  out.table(
    rows.map(({ target, m }) => ({
      target,
      'one at a time, median ms': Number(m.latencyMs.toFixed(3)),
      'req/s': Math.round(m.rps),
      'p99 ms': m.p99,
      errors: m.errors,
    })),
  )
  const bad = rows.filter((r) => r.m.errors > 0)
  if (bad.length > 0) throw new Error(`request path: errors on ${bad.map((r) => r.target).join(', ')}`)
  const figures = rows.flatMap(({ target, m }) => [
    time(`${target}: one at a time, median`, m.latencyMs),
    rate(`${target}: throughput, ${b.connections} connections`, m.rps, 'req/s'),
  ])
  return { figures, rows }
}

if (isMain(import.meta.url)) {
  const bounds = { seconds: 6, connections: 32 }
  const base = await measureBaseline(bounds)
  const { rows } = await requestPathBench(CONSOLE, bounds)
  const after = await measureBaseline(bounds)
  const t0 = (base.rps + after.rps) / 2
  console.log(`bare Fastify: ${Math.round(base.rps)} then ${Math.round(after.rps)} req/s (T0 ${Math.round(t0)})`)
  for (const { target, m } of rows) console.log(`${target}: ${(m.rps / t0).toFixed(2)} × T0`)
}
