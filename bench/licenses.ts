// Latency of POST /v2/licenses/components with 1, 100 and 1,000 real components of the shipped seed, over HTTP on
// 127.0.0.1 against a SQLite KB built from data/seed in a temporary folder. Target: 1,000-component median < 100 ms.
// Run: node --import tsx bench/licenses.ts [--seconds 15] [--max 200]  (bounded per size in time and in requests).
// Beside each HTTP figure: the in-process time of resolveBatch alone (catalog read + version resolution).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { request } from 'undici'
import { parseConfig } from '../src/config.ts'
import { resolveBatch } from '../src/domain/catalog/resolve-batch.ts'
import { buildApp } from '../src/http/app.ts'
import { SEED_DIR } from '../src/seed-dir.ts'
import { createServices } from '../src/services.ts'
import { openStorage, type Storage } from '../src/storage/database.ts'
import { migrate } from '../src/storage/migrate.ts'
import { loadSeed } from '../src/storage/seed-import.ts'

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '15' }, max: { type: 'string', default: '200' } },
})
const SECONDS = Math.min(Number(values.seconds), 120)
const MAX_REQUESTS = Math.min(Number(values.max), 2000)
const SIZES = [1, 100, 1000]
const WARMUP = 5

/** `count` purl@version pairs spread evenly over every version the KB knows (so some need the fallback). */
async function samplePurls(storage: Storage, count: number): Promise<string[]> {
  const rows = await storage.db
    .selectFrom('versions as v')
    .innerJoin('components as c', 'c.id', 'v.component_id')
    .select(['c.purl', 'v.version'])
    .orderBy('v.id')
    .execute()
  const step = rows.length / count
  return Array.from({ length: count }, (_, i) => {
    const r = rows[Math.floor(i * step)] as { purl: string; version: string }
    return `${r.purl}@${r.version}`
  })
}

/** Sorted durations (ms) of `fn` after a warm-up, bounded by SECONDS and MAX_REQUESTS. */
async function timed(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await fn()
  const times: number[] = []
  const deadline = performance.now() + SECONDS * 1000
  while (times.length < MAX_REQUESTS && performance.now() < deadline) {
    const t0 = performance.now()
    await fn()
    times.push(performance.now() - t0)
  }
  return times.sort((a, b) => a - b)
}

const round = (ms: number) => Number(ms.toFixed(1))

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number
}

const dir = mkdtempSync(path.join(tmpdir(), 'compintel-bench-licenses-'))
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
  const { key } = await services.keys.create({ name: 'bench', scopes: ['licenses'] })
  const app = await buildApp({ config, services, version: 'bench', logger: false })
  const base = await app.listen({ host: '127.0.0.1', port: 0 })
  try {
    const purls = await samplePurls(storage, Math.max(...SIZES))
    const table = []
    for (const size of SIZES) {
      const refs = purls.slice(0, size).map((purl) => ({ purl }))
      const body = JSON.stringify({ components: refs })
      let last: { components: { info_code?: string }[] } = { components: [] }
      const http = await timed(async () => {
        const res = await request(`${base}/v2/licenses/components`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': key },
          body,
        })
        last = (await res.body.json()) as typeof last
        if (res.statusCode !== 200 || last.components.length !== size) throw new Error(`HTTP ${res.statusCode}`)
      })
      // the shared part every batch endpoint pays: the catalog read and the version resolution, in-process
      const resolve = await timed(() => resolveBatch(refs, services.catalog))
      const codes = new Map<string, number>()
      for (const c of last.components)
        codes.set(c.info_code ?? 'SUCCESS', (codes.get(c.info_code ?? 'SUCCESS') ?? 0) + 1)
      table.push({
        components: size,
        requests: http.length,
        'median ms': round(percentile(http, 50)),
        'p95 ms': round(percentile(http, 95)),
        'resolveBatch alone, median ms': round(percentile(resolve, 50)),
        outcomes: [...codes].map(([c, n]) => `${c}:${n}`).join(' '),
      })
    }
    console.table(table)
  } finally {
    await app.close()
  }
} finally {
  await storage.close()
  rmSync(dir, { recursive: true, force: true })
}
