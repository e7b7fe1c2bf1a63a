// The request path's own cost (issue "speed of the request path"; docs/benchmarks.md): single requests against the
// seeded KB with every per-request hook on (request id, per-IP and per-key limits, key check, metrics, load
// shedding, ETag) and the answer cache in process, as `compintel serve` runs them, each measured like the bare-Fastify
// baseline: GET /health (public), POST /v2/licenses/echo (a key), a single-component GET the answer cache holds, and
// one it does not (the cache off). On a shared machine the bare baseline itself moved by a third between runs, so each
// target is measured between two bare-Fastify runs and reported as a ratio to their mean (issue 19's goals).
// The last row is a floor for the uncached GET: bare Fastify (no hooks) running only the two KB reads that answer
// needs (the change log's end and the version's license facts, through compintel's own readers) and sending the same
// bytes; on a 2-core machine whose client shares the cores, those two reads alone cost about half the throughput.

import Fastify, { type FastifyInstance } from 'fastify'
import { createAnswerCache } from '../src/cache/answer-cache.ts'
import { parseConfig } from '../src/config/config.ts'
import { buildApp } from '../src/http/app.ts'
import type { Storage } from '../src/storage/database.ts'
import { SqlChangeFeed } from '../src/storage/kb-changes.ts'
import { SqlLicenseReader } from '../src/storage/license-reader.ts'
import { type LoadBounds, type Measured, measureBaseline, measureTarget } from './baseline.ts'
import { CONSOLE, type Figure, isMain, type Out, other, rate, time } from './scenario.ts'
import { benchServices, removeCopy, seededCopy } from './seeded-kb.ts'

const LICENSES = '/v2/licenses/component?purl=pkg:npm/express@4.18.2'

export async function requestPathBench(
  out: Out = CONSOLE,
  b: LoadBounds = { seconds: 6, connections: 32 },
): Promise<{ figures: Figure[]; rows: Row[] }> {
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
  const body = JSON.parse((await uncached.inject({ url: LICENSES, headers: { 'x-api-key': key } })).body)
  const floor = await floorApp(storage, body)
  const rows: Row[] = []
  try {
    const a = await cached.listen({ host: '127.0.0.1', port: 0 })
    const u = await uncached.listen({ host: '127.0.0.1', port: 0 })
    const f = await floor.listen({ host: '127.0.0.1', port: 0 })
    const k = { 'x-api-key': key }
    const targets: [string, () => Promise<Measured>][] = [
      ['GET /health', () => measureTarget(`${a}/health`, {}, b, 'GET')],
      ['POST /v2/licenses/echo', () => measureTarget(`${a}/v2/licenses/echo`, k, b)],
      [`GET ${LICENSES} (cached)`, () => measureTarget(`${a}${LICENSES}`, k, b, 'GET')],
      [`GET ${LICENSES} (not cached)`, () => measureTarget(`${u}${LICENSES}`, k, b, 'GET')],
      ['floor: bare Fastify, the same two KB reads and bytes', () => measureTarget(`${f}/floor`, {}, b, 'GET')],
    ]
    let bare = await measureBaseline(b)
    for (const [target, measure] of targets) {
      const m = await measure()
      const next = await measureBaseline(b)
      rows.push({ target, m, bare: (bare.rps + next.rps) / 2 })
      bare = next
    }
  } finally {
    answerCache.tracker.stop()
    await cached.close()
    await uncached.close()
    await floor.close()
    await storage.close()
    removeCopy(file)
  }
  out.table(
    rows.map(({ target, m, bare }) => ({
      target,
      'one at a time, median ms': Number(m.latencyMs.toFixed(3)),
      'req/s': Math.round(m.rps),
      'bare Fastify beside it, req/s': Math.round(bare),
      '× bare': Number((m.rps / bare).toFixed(2)),
      'p99 ms': m.p99,
      errors: m.errors,
    })),
  )
  const bad = rows.filter((r) => r.m.errors > 0)
  if (bad.length > 0) throw new Error(`request path: errors on ${bad.map((r) => r.target).join(', ')}`)
  const figures = rows.flatMap(({ target, m, bare }) => [
    time(`${target}: one at a time, median`, m.latencyMs),
    rate(`${target}: throughput, ${b.connections} connections`, m.rps, 'req/s'),
    other(`${target}: throughput ÷ bare Fastify's measured just before and after it`, m.rps / bare, '× bare'),
  ])
  return { figures, rows }
}

/** Bare Fastify whose one route reads what the uncached licenses answer reads, and sends that answer's bytes. */
async function floorApp(storage: Storage, body: unknown): Promise<FastifyInstance> {
  const { id } = await storage.read
    .selectFrom('versions as v')
    .innerJoin('components as c', 'c.id', 'v.component_id')
    .where('c.purl', '=', 'pkg:npm/express')
    .where('v.version', '=', '4.18.2')
    .select('v.id')
    .executeTakeFirstOrThrow()
  const feed = new SqlChangeFeed(storage)
  const licenses = new SqlLicenseReader(storage)
  const app = Fastify()
  app.get('/floor', async () => {
    await feed.latest()
    if ((await licenses.ofVersions([id])).size !== 1) throw new Error('floor: no license row for express@4.18.2')
    return body
  })
  return app
}

interface Row {
  target: string
  m: Measured
  /** Bare Fastify's throughput: the mean of the runs just before and just after this target's. */
  bare: number
}

if (isMain(import.meta.url)) await requestPathBench(CONSOLE, { seconds: 6, connections: 32 })
