// Benchmarks on the real data: an app over a SQLite KB loaded from the shipped seed (built once into the system's
// temp folder and reused while the seed and schema are unchanged), plus a latency sampler for in-process requests.
import { copyFileSync, existsSync, mkdirSync, renameSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseConfig } from '../src/config.ts'
import { buildApp } from '../src/http/app.ts'
import type { App } from '../src/http/types.ts'
import { SEED_DIR } from '../src/seed-dir.ts'
import { createServices } from '../src/services.ts'
import { openStorage, type Storage } from '../src/storage/database.ts'
import { migrate } from '../src/storage/migrate.ts'
import { SCHEMA_VERSION } from '../src/storage/migrations/index.ts'
import { loadSeed, readManifest } from '../src/storage/seed-import.ts'

export interface SeededApp {
  app: App
  storage: Storage
  key: string
  close(): Promise<void>
}

/** A private copy of the seeded KB (so a benchmark never disturbs another), served by an in-process app. */
export async function seededApp(): Promise<SeededApp> {
  const template = await seededTemplate()
  const file = path.join(path.dirname(template), `bench-${process.pid}-${Date.now()}.sqlite`)
  copyFileSync(template, file)
  const config = parseConfig({
    DATABASE_URL: `sqlite:${file}`,
    RATE_LIMIT_PER_MINUTE: '100000000',
    RATE_LIMIT_PER_MINUTE_PER_IP: '100000000',
    MAX_EVENT_LOOP_DELAY_MS: '0', // a bench that loads data in-process must not be shed by its own app
  })
  const storage = openStorage(config.database)
  await migrate(storage)
  const services = createServices(storage, config)
  const key = (await services.keys.create({ name: 'bench', scopes: ['*'], tier: 'unlimited' })).key
  const app = await buildApp({ config, services, version: 'bench' })
  return { app, storage, key, close: async () => (await app.close(), await storage.close()) }
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
 * Median and p95 of POSTing `{components}` to a batch endpoint of the seeded app (40 runs for big batches, else 100);
 * `inspect` is given the last answer's body and size, to count what came back.
 */
export async function sampleBatch(
  s: SeededApp,
  url: string,
  components: readonly { purl: string }[],
  inspect: (body: { components: Record<string, unknown>[] }, bytes: number) => void = () => {},
) {
  return sample(
    async () => {
      const res = await s.app.inject({ method: 'POST', url, headers: { 'x-api-key': s.key }, payload: { components } })
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`)
      inspect(res.json(), res.rawPayload.length)
    },
    components.length >= 1000 ? 40 : 100,
  )
}
