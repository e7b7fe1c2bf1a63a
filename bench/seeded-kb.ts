// Benchmarks on the real data: an app over a SQLite KB loaded from the shipped seed (built once into the system's
// temp folder and reused while the seed and schema are unchanged), plus a latency sampler for in-process requests.
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createRuntime } from '../src/app/runtime.ts'
import { type Config, parseConfig } from '../src/config/config.ts'
import { SEED_DIR } from '../src/config/seed-dir.ts'
import type { Services } from '../src/domain/services.ts'
import { buildApp } from '../src/http/app.ts'
import type { App } from '../src/http/types.ts'
import { openStorage, type Storage } from '../src/storage/database.ts'
import { migrate } from '../src/storage/migrate.ts'
import { SCHEMA_VERSION } from '../src/storage/migrations/index.ts'
import { loadSeed, readManifest } from '../src/storage/seed-import.ts'
import { seededPostgres } from './seeded-pg.ts'

export interface SeededApp {
  app: App
  storage: Storage
  services: Services
  key: string
  close(): Promise<void>
}

/** The KB a configuration names, migrated, its services, and a key with every scope in the unlimited tier. */
export async function benchServices(config: Config): Promise<{ storage: Storage; services: Services; key: string }> {
  const { storage, services } = await createRuntime(config)
  const key = (await services.keys.create({ name: 'bench', scopes: ['*'], tier: 'unlimited' })).key
  return { storage, services, key }
}

/**
 * A private copy of the seeded KB (so a benchmark never disturbs another), served by an in-process app: SQLite, or
 * PostgreSQL when `postgresUrl` names a database to make the copy beside (bench/seeded-pg.ts).
 */
export async function seededApp(postgresUrl?: string): Promise<SeededApp> {
  const kb = postgresUrl ? await seededPostgres(postgresUrl) : undefined
  const file = kb ? undefined : await seededCopy()
  const config = parseConfig({
    DATABASE_URL: kb ? kb.url : `sqlite:${file}`,
    RATE_LIMIT_PER_MINUTE: '100000000',
    RATE_LIMIT_PER_MINUTE_PER_IP: '100000000',
    MAX_EVENT_LOOP_DELAY_MS: '0', // a bench that loads data in-process must not be shed by its own app
  })
  const { storage, services, key } = await benchServices(config)
  const app = await buildApp({ config, services, version: 'bench' })
  const close = async () => {
    await app.close()
    await storage.close()
    if (file) removeCopy(file)
    await kb?.drop()
  }
  return { app, storage, services, key, close }
}

/** A private copy of the seeded KB's file (a few hundred MB: remove it with removeCopy when done). */
export async function seededCopy(): Promise<string> {
  const template = await seededTemplate()
  const file = path.join(path.dirname(template), `bench-${process.pid}-${Date.now()}.sqlite`)
  copyFileSync(template, file)
  return file
}

export function removeCopy(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true })
}

async function seededTemplate(): Promise<string> {
  const manifest = readManifest(SEED_DIR)
  // a rebuild on the day of the previous one keeps the release name: its build time tells them apart
  const built = manifest?.created_at?.replace(/[^0-9]/g, '').slice(0, 14) ?? '0'
  const dir = path.join(tmpdir(), 'compintel-bench')
  const file = path.join(dir, `seed-${manifest?.release ?? 'none'}-${built}-schema-${SCHEMA_VERSION}.sqlite`)
  if (existsSync(file)) return file
  mkdirSync(dir, { recursive: true })
  const partial = `${file}.${process.pid}.partial`
  const storage = openStorage({ kind: 'sqlite', path: partial })
  await migrate(storage)
  console.log(`loading the seed into ${partial} (once) …`)
  await loadSeed(storage, SEED_DIR)
  await storage.close()
  renameSync(partial, file)
  return file
}

/** Median and p95 of `count` sequential runs of `fn` (after `warmup` unmeasured ones), in milliseconds. */
export async function sample(fn: () => Promise<void>, count: number, warmup = 3) {
  for (let i = 0; i < warmup; i++) await fn()
  const ms: number[] = []
  for (let i = 0; i < count; i++) {
    const start = process.hrtime.bigint()
    await fn()
    ms.push(Number(process.hrtime.bigint() - start) / 1e6)
  }
  ms.sort((a, b) => a - b)
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] as number
  return { median: at(0.5), p95: at(0.95), count }
}

/**
 * Median and p95 of POSTing `{components}` to a batch endpoint of the seeded app (`runs` times; by default 40 for
 * big batches, else 100); `inspect` is given the last answer's body and size, to count what came back. Only the
 * server's work is timed: the request body is serialized once, and the answer parsed after the runs.
 */
export async function sampleBatch(
  s: SeededApp,
  url: string,
  components: readonly { purl: string }[],
  inspect: (body: { components: Record<string, unknown>[] }, bytes: number) => void = () => {},
  runs = components.length >= 1000 ? 40 : 100,
) {
  const payload = JSON.stringify({ components })
  const headers = { 'x-api-key': s.key, 'content-type': 'application/json' }
  let last: { json(): { components: Record<string, unknown>[] }; rawPayload: Buffer } | undefined
  const timed = await sample(async () => {
    const res = await s.app.inject({ method: 'POST', url, headers, payload })
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`)
    last = res
  }, runs)
  if (last) inspect(last.json(), last.rawPayload.length)
  return timed
}

/**
 * `count` purl@version pairs spread evenly over every version the KB knows, in id order (big components are
 * sampled more than once, and some versions need the fallback); `npmLive`: npm versions not unpublished only.
 */
export async function spreadPurls(storage: Storage, count: number, npmLive = false): Promise<string[]> {
  let q = storage.db
    .selectFrom('versions as v')
    .innerJoin('components as c', 'c.id', 'v.component_id')
    .select(['c.purl', 'v.version'])
    .orderBy('v.id')
  if (npmLive) q = q.where('c.purl_type', '=', 'npm').where('v.status', '!=', 'removed')
  const rows = await q.execute()
  const step = rows.length / count
  return Array.from({ length: count }, (_, i) => {
    const r = rows[Math.floor(i * step)] as { purl: string; version: string }
    return `${r.purl}@${r.version}`
  })
}

/** The median and p95 columns of a sample's table row. */
export const msColumns = (r: { median: number; p95: number }) => ({
  'median ms': r.median.toFixed(1),
  'p95 ms': r.p95.toFixed(1),
})

/** A --runs option: { runs } when given (bounded), else nothing (each bench's own default). */
export const runsOption = (raw: string | undefined): { runs?: number } =>
  raw ? { runs: Math.min(Math.max(Number(raw) || 1, 1), 1000) } : {}

type BatchAnswer = { components: Record<string, unknown>[] }

/**
 * sampleBatch with the first 1, 100 and 1,000 of `purls`: a table row per size (its component count, what `count`
 * reads from the last answer, median and p95) and each size's median.
 */
export async function batchSizes(
  s: SeededApp,
  url: string,
  purls: readonly string[],
  count: (body: BatchAnswer, bytes: number) => Record<string, unknown>,
  runs?: number,
) {
  const rows: Record<string, unknown>[] = []
  const medians = new Map<number, number>()
  for (const size of [1, 100, 1000]) {
    const components = purls.slice(0, size).map((purl) => ({ purl }))
    let seen: Record<string, unknown> = {}
    const r = await sampleBatch(
      s,
      url,
      components,
      (body, bytes) => {
        seen = count(body, bytes)
      },
      runs,
    )
    rows.push({ components: components.length, ...seen, ...msColumns(r) })
    medians.set(size, r.median)
  }
  return { rows, medians }
}
