// Loads a seed export into an empty KB, in one transaction under a lock, so nodes started together load it once.
import { createReadStream, existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { createGunzip } from 'node:zlib'
import { sql, type Transaction } from 'kysely'
import { ANY_COMPONENT } from '../domain/kb/changes.ts'
import type { Storage } from './database.ts'
import { indexUnindexedFolderHashes } from './folder-index.ts'
import { recordChanges } from './kb-changes.ts'
import { chunks } from './kb-rows.ts'
import { refreshPopularity } from './popularity.ts'
import type { Database } from './schema.ts'
import { SEED_TABLES, type SeedManifest } from './seed-tables.ts'

export interface SeedLoadReport {
  loaded: boolean
  rows: number
  reason?: string
}

export function readManifest(dir: string): SeedManifest | undefined {
  const file = path.join(dir, 'manifest.json')
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SeedManifest) : undefined
}

export async function loadSeed(
  storage: Storage,
  dir: string,
  progress: (done: number, total: number) => void = () => {},
): Promise<SeedLoadReport> {
  const manifest = readManifest(dir)
  if (!manifest) return { loaded: false, rows: 0, reason: `no seed at ${dir}` }
  const total = Object.values(manifest.tables).reduce((n, t) => n + t.rows, 0)
  const report = await storage.db.transaction().execute(async (trx): Promise<SeedLoadReport> => {
    if (storage.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('compintel:seed'))`.execute(trx)
    const any = await trx.selectFrom('components').select('id').limit(1).executeTakeFirst()
    if (any) return { loaded: false, rows: 0, reason: 'the KB already holds components' }
    let done = 0
    for (const table of SEED_TABLES) {
      const entry = manifest.tables[table.name]
      if (!entry) continue
      done = await loadTable(trx, path.join(dir, entry.file), table.name, done, (n) => progress(n, total))
    }
    if (storage.dialect === 'postgres') {
      for (const t of ['components', 'versions', 'snippet_contents']) {
        await sql`select setval(pg_get_serial_sequence(${t}, 'id'), coalesce((select max(id) from ${sql.table(t)}), 1))`.execute(
          trx,
        )
      }
    }
    await refreshPopularity(trx)
    await indexUnindexedFolderHashes(trx)
    await trx
      .updateTable('kb_meta')
      .set({ created_at: manifest.created_at, db_release: manifest.release })
      .where('id', '=', 1)
      .execute()
    await recordChanges(trx, [ANY_COMPONENT])
    return { loaded: true, rows: done }
  })
  // PostgreSQL plans by its statistics, which a bulk load leaves stale until autovacuum comes by: a batch's licensed
  // versions were read with a scan of every license fact (30 ms) instead of an index probe per version (6 ms).
  if (report.loaded && storage.dialect === 'postgres') await sql`analyze`.execute(storage.db)
  return report
}

async function loadTable(
  trx: Transaction<Database>,
  file: string,
  table: string,
  done: number,
  progress: (n: number) => void,
): Promise<number> {
  const lines = createInterface({
    input: createReadStream(file).pipe(createGunzip()),
    crlfDelay: Number.POSITIVE_INFINITY,
  })
  let columns: string[] | undefined
  let batch: Record<string, unknown>[] = []
  const flush = async () => {
    for (const part of chunks(batch, columns?.length ?? 1)) {
      await trx
        .insertInto(table as keyof Database)
        .values(part as never)
        .execute()
    }
    done += batch.length
    batch = []
    progress(done)
  }
  for await (const line of lines) {
    if (line === '') continue
    const values = JSON.parse(line) as unknown[]
    if (!columns) {
      columns = values as string[]
      continue
    }
    const cols = columns
    batch.push(Object.fromEntries(cols.map((c, i) => [c, values[i] ?? null])))
    if (batch.length >= 5000) await flush()
  }
  if (batch.length > 0) await flush()
  return done
}
