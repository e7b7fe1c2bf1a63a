// Time and peak memory of loading the shipped seed into an empty SQLite KB and, when BENCH_DATABASE_URL names a
// PostgreSQL database, into a fresh schema there. Run: node --import tsx bench/seed-load.ts
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { SEED_DIR } from '../src/seed-dir.ts'
import { openStorage, type Storage } from '../src/storage/database.ts'
import { migrate } from '../src/storage/migrate.ts'
import { loadSeed } from '../src/storage/seed-import.ts'

async function measure(label: string, storage: Storage): Promise<void> {
  await migrate(storage)
  let peak = process.memoryUsage().rss
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 50)
  const started = process.hrtime.bigint()
  const report = await loadSeed(storage, SEED_DIR)
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  clearInterval(timer)
  console.log(
    `${label}: ${report.rows} rows in ${seconds.toFixed(1)} s (${Math.round(report.rows / seconds)} rows/s), peak RSS ${(peak / 2 ** 20).toFixed(0)} MiB`,
  )
}

const file = path.join(mkdtempSync(path.join(tmpdir(), 'compintel-seed-')), 'kb.sqlite')
const sqlite = openStorage({ kind: 'sqlite', path: file })
await measure('sqlite', sqlite)
await sqlite.close()

const url = process.env.BENCH_DATABASE_URL
if (url) {
  const schema = `bench_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create schema ${schema}`)
  const storage = openStorage({ kind: 'postgres', url }, { schema })
  try {
    await measure('postgres', storage)
  } finally {
    await storage.close()
    await admin.query(`drop schema ${schema} cascade`)
    await admin.end()
  }
}
