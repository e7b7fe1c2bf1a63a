// Time and peak memory of loading the shipped seed into an empty SQLite KB (as a first start does: digests checked,
// keys, indexes, derived data), and its ratio to a plain SQLite bulk insert of the same rows in the same run
// (seed-load-plain.ts), which this shared machine's load moves alike; and, when BENCH_DATABASE_URL names a
// PostgreSQL database, into a fresh schema there (dropped afterwards). Run: node --import ./bin/register-ts.js bench/seed-load.ts
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { SEED_DIR } from '../src/config/seed-dir.ts'
import { openStorage, type Storage } from '../src/storage/database.ts'
import { migrate } from '../src/storage/migrate.ts'
import { loadSeed } from '../src/storage/seed-import.ts'
import { CONSOLE, type Figure, isMain, type Out, other, rate, time } from './scenario.ts'
import { plainBulkInsert } from './seed-load-plain.ts'

async function measure(label: string, storage: Storage, out: Out): Promise<Figure[]> {
  await migrate(storage)
  let peak = process.memoryUsage().rss
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 50)
  const started = process.hrtime.bigint()
  const report = await loadSeed(storage, SEED_DIR)
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  clearInterval(timer)
  out.log(
    `${label}: ${report.rows} rows in ${seconds.toFixed(1)} s (${Math.round(report.rows / seconds)} rows/s), peak RSS ${(peak / 2 ** 20).toFixed(0)} MiB`,
  )
  return [
    { ...time(`${label}: whole seed`, seconds), unit: 's' },
    rate(`${label}: rows loaded`, report.rows / seconds, 'rows/s'),
    other(`${label}: peak RSS of the loading process`, peak / 2 ** 20, 'MiB'),
  ]
}

/** `url`: a PostgreSQL database to load into as well (default: BENCH_DATABASE_URL). */
export async function seedLoadBench(out: Out = CONSOLE, url = process.env.BENCH_DATABASE_URL): Promise<Figure[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'compintel-seed-'))
  const sqlite = openStorage({ kind: 'sqlite', path: path.join(dir, 'kb.sqlite') })
  const figures: Figure[] = []
  try {
    const loaded = await measure('sqlite', sqlite, out)
    const plain = plainBulkInsert(SEED_DIR, dir)
    const seconds = loaded[0]?.value ?? 0
    out.log(
      `sqlite plain bulk insert of the same ${plain.rows} rows: ${plain.seconds.toFixed(1)} s; the seed load takes ${(seconds / plain.seconds).toFixed(2)}×`,
    )
    figures.push(
      ...loaded,
      { ...time('sqlite: plain bulk insert of the same rows', plain.seconds), unit: 's' },
      other('sqlite: seed load ÷ plain bulk insert', seconds / plain.seconds, '×'),
    )
  } finally {
    await sqlite.close()
    rmSync(dir, { recursive: true, force: true })
  }
  if (url) {
    const schema = `bench_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`create schema ${schema}`)
    const storage = openStorage({ kind: 'postgres', url }, { schema })
    try {
      figures.push(...(await measure('postgres', storage, out)))
    } finally {
      await storage.close()
      await admin.query(`drop schema ${schema} cascade`)
      await admin.end()
    }
  }
  return figures
}

if (isMain(import.meta.url)) await seedLoadBench()
