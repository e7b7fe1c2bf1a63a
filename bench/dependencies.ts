// Latency of POST /v2/dependencies/transitive/components with 1, 100 and 1,000 real components of the shipped seed
// (purl@version pairs spread over every version the KB knows), over HTTP on 127.0.0.1 against a SQLite KB built from
// data/seed in a temporary folder; with the default bounds (depth 3, limit 1000) and the maximum ones (10, 5000).
// Run: node --import tsx bench/dependencies.ts [--seconds 10] [--max 200]  (bounded per case in time and requests)
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { request } from 'undici'
import { parseConfig } from '../src/config.ts'
import { buildApp } from '../src/http/app.ts'
import { SEED_DIR } from '../src/seed-dir.ts'
import { createServices } from '../src/services.ts'
import { openStorage, type Storage } from '../src/storage/database.ts'
import { migrate } from '../src/storage/migrate.ts'
import { loadSeed } from '../src/storage/seed-import.ts'

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, max: { type: 'string', default: '200' } },
})
const SECONDS = Math.min(Number(values.seconds), 120)
const MAX_REQUESTS = Math.min(Number(values.max), 2000)
const SIZES = [1, 100, 1000]
const BOUNDS = [
  { depth: 3, limit: 1000 },
  { depth: 10, limit: 5000 },
]
const WARMUP = 3

/** `count` purl@version pairs spread evenly over every npm version the KB knows (unpublished ones excluded). */
async function samplePurls(storage: Storage, count: number): Promise<string[]> {
  const rows = await storage.db
    .selectFrom('versions as v')
    .innerJoin('components as c', 'c.id', 'v.component_id')
    .where('c.purl_type', '=', 'npm')
    .where('v.status', '!=', 'removed')
    .select(['c.purl', 'v.version'])
    .orderBy('v.id')
    .execute()
  const step = rows.length / count
  return Array.from({ length: count }, (_, i) => {
    const r = rows[Math.floor(i * step)] as { purl: string; version: string }
    return `${r.purl}@${r.version}`
  })
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number
}

const dir = mkdtempSync(path.join(tmpdir(), 'compintel-bench-deps-'))
const file = path.join(dir, 'kb.sqlite')
const config = parseConfig({
  DATABASE_URL: `sqlite:${file}`,
  RATE_LIMIT_PER_MINUTE: '100000000',
  RATE_LIMIT_PER_MINUTE_PER_IP: '100000000',
  LOG_LEVEL: 'silent',
})
const storage = openStorage(config.database)
try {
  await migrate(storage)
  const started = performance.now()
  const seed = await loadSeed(storage, SEED_DIR)
  if (!seed.loaded) throw new Error(`the seed did not load: ${seed.reason}`)
  console.log(`seed: ${seed.rows} rows loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  const services = createServices(storage, config)
  const { key } = await services.keys.create({ name: 'bench', scopes: ['dependencies'] })
  const app = await buildApp({ config, services, version: 'bench', logger: false })
  const base = await app.listen({ host: '127.0.0.1', port: 0 })
  try {
    const purls = await samplePurls(storage, Math.max(...SIZES))
    const table = []
    for (const bounds of BOUNDS) {
      for (const size of SIZES) {
        const body = JSON.stringify({ ...bounds, components: purls.slice(0, size).map((purl) => ({ purl })) })
        let shed = 0
        const post = async (): Promise<{ ms: number; json: { dependencies: { version: string }[] } }> => {
          const t0 = performance.now()
          const res = await request(`${base}/v2/dependencies/transitive/components`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': key },
            body,
          })
          const json = (await res.body.json()) as { dependencies: { version: string }[] }
          // load shedding (under-pressure: event-loop delay) is counted and retried after Retry-After
          if (res.statusCode === 503 && shed < 20) {
            shed++
            await new Promise((resolve) => setTimeout(resolve, 1000 * Number(res.headers['retry-after'] ?? 1)))
            return post()
          }
          if (res.statusCode !== 200)
            throw new Error(`${size} components, depth ${bounds.depth}: HTTP ${res.statusCode}`)
          return { ms: performance.now() - t0, json }
        }
        let last = (await post()).json
        for (let i = 1; i < WARMUP; i++) await post()
        const times: number[] = []
        const until = performance.now() + SECONDS * 1000
        while (times.length < MAX_REQUESTS && performance.now() < until) {
          const r = await post()
          times.push(r.ms)
          last = r.json
        }
        times.sort((a, b) => a - b)
        table.push({
          components: size,
          depth: bounds.depth,
          limit: bounds.limit,
          dependencies: last.dependencies.length,
          unresolved: last.dependencies.filter((d) => d.version === '').length,
          requests: times.length,
          'shed 503': shed,
          'median ms': Number(percentile(times, 50).toFixed(1)),
          'p95 ms': Number(percentile(times, 95).toFixed(1)),
        })
      }
    }
    console.table(table)
  } finally {
    await app.close()
  }
} finally {
  await storage.close()
  rmSync(dir, { recursive: true, force: true })
}
