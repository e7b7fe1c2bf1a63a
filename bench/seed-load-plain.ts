// The floor a seed load is set against (bench/seed-load.ts): the same rows read the same way (every shard inflated
// and each line parsed) and inserted into bare SQLite tables (the seed's columns, no keys, no indexes, no derived
// data) with one prepared statement per table, all in one transaction, on a new file with SQLite's defaults.
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import SQLite from 'better-sqlite3'
import { ndjsonLines, readManifest, readShards } from '../src/storage/seed-layout.ts'
import { SEED_TABLES } from '../src/storage/seed-tables.ts'

/** Seconds the plain bulk insert of the seed in `seedDir` took, into a new file in `workDir`. */
export function plainBulkInsert(seedDir: string, workDir: string): { seconds: number; rows: number } {
  const started = process.hrtime.bigint()
  const manifest = readManifest(seedDir)
  if (!manifest) throw new Error(`no seed at ${seedDir}`)
  const bytes = readShards(seedDir, manifest)
  const db = new SQLite(path.join(workDir, 'plain.sqlite'))
  let rows = 0
  try {
    db.exec('begin')
    for (const table of SEED_TABLES) {
      const cols = table.columns.map((c) => `"${c}"`).join(', ')
      db.exec(`create table "${table.name}" (${cols})`)
      const insert = db.prepare(
        `insert into "${table.name}" (${cols}) values (${table.columns.map(() => '?').join(', ')})`,
      )
      for (const shard of manifest.tables[table.name]?.shards ?? []) {
        const lines = ndjsonLines(gunzipSync(bytes.get(shard.file) as Buffer).toString('utf8'))
        for (const line of lines.slice(1)) insert.run(JSON.parse(line) as unknown[])
        rows += lines.length - 1
      }
    }
    db.exec('commit')
  } finally {
    db.close()
  }
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, rows }
}
