// Loads a seed (seed-layout.ts) into an empty KB: every shard's digest checked first, then every row in one
// transaction (under a lock on PostgreSQL, so nodes started together load it once). A table's shards are inflated
// on the thread pool while the table before is inserted, its rows in key order; SQLite takes them through its bulk
// path (seed-bulk.ts).
import { promisify } from 'node:util'
import { gunzip } from 'node:zlib'
import { type Kysely, sql, type Transaction } from 'kysely'
import { ANY_COMPONENT } from '../domain/kb/changes.ts'
import type { Storage } from './database.ts'
import { bandUnbandedFolderNodes } from './folder-index.ts'
import { recordChanges } from './kb-changes.ts'
import { CRATE_KEYS_SINCE, up as rekeyCrates } from './migrations/0017-crate-names.ts'
import { refreshPopularity } from './popularity.ts'
import type { Database } from './schema.ts'
import { sqliteBulk } from './seed-bulk.ts'
import { readManifest, readShards, tableRows } from './seed-layout.ts'
import { SEED_TABLES, type SeedTable } from './seed-tables.ts'

export { readManifest } from './seed-layout.ts'

const PG_ROWS = 5000
const gunzipAsync = promisify(gunzip)
/**
 * A shard inflated on the thread pool in one piece: the output chunk is the shard's whole size (gzip's trailer
 * holds it), where zlib's 16 KB default would take a turn of the event loop per chunk, which a load busy inserting
 * would not give until it is done.
 */
const inflate = (bytes: Buffer) =>
  gunzipAsync(bytes, { chunkSize: Math.max(64, bytes.readUInt32LE(bytes.length - 4) + 1) })

export interface SeedLoadReport {
  loaded: boolean
  rows: number
  reason?: string
}

/** Inserts a table's rows (arrays in the order of `columns`). */
type Insert = (table: string, columns: string[], rows: unknown[][]) => Promise<void>

export async function loadSeed(
  storage: Storage,
  dir: string,
  progress: (done: number, total: number) => void = () => {},
): Promise<SeedLoadReport> {
  const manifest = readManifest(dir)
  if (!manifest) return { loaded: false, rows: 0, reason: `no seed at ${dir}` }
  const bytes = readShards(dir, manifest)
  const tables = SEED_TABLES.filter((t) => (manifest.tables[t.name]?.shards.length ?? 0) > 0)
  const total = tables.reduce((n, t) => n + (manifest.tables[t.name]?.rows ?? 0), 0)
  const inflated = (t: SeedTable | undefined) =>
    t && Promise.all((manifest.tables[t.name]?.shards ?? []).map((s) => inflate(bytes.get(s.file) as Buffer)))
  const bulk = storage.sqlite ? sqliteBulk(storage.sqlite) : undefined
  const report = await storage.db
    .transaction()
    .execute(async (trx): Promise<SeedLoadReport> => {
      if (storage.dialect === 'postgres')
        await sql`select pg_advisory_xact_lock(hashtext('compintel:seed'))`.execute(trx)
      const any = await trx.selectFrom('components').select('id').limit(1).executeTakeFirst()
      if (any) return { loaded: false, rows: 0, reason: 'the KB already holds components' }
      const insert: Insert = bulk
        ? async (t, columns, rows) => bulk.insert(t, columns, rows)
        : (t, columns, rows) => insertRows(trx, t, columns, rows)
      bulk?.dropIndexes(SEED_TABLES.map((t) => t.name))
      let done = 0
      // a table's shards are inflated on the thread pool while the table before is inserted
      let next = inflated(tables[0])
      for (const [i, table] of tables.entries()) {
        const shards = (await next) ?? []
        next = inflated(tables[i + 1])
        const { columns, rows } = tableRows(table, shards)
        await insert(table.name, columns, rows)
        done += rows.length
        progress(done, total)
      }
      bulk?.createIndexes()
      if (storage.dialect === 'postgres') {
        for (const t of ['components', 'versions', 'snippet_contents', 'folder_nodes']) {
          await sql`select setval(pg_get_serial_sequence(${t}, 'id'), coalesce((select max(id) from ${sql.table(t)}), 1))`.execute(
            trx,
          )
        }
      }
      await refreshPopularity(trx)
      await bandUnbandedFolderNodes(trx)
      // a seed built before migration 17 keys its crates (RustSec advisories, CPE products) as they were keyed then
      if (Number(manifest.schema_version) < CRATE_KEYS_SINCE) await rekeyCrates(trx as unknown as Kysely<unknown>)
      await trx
        .updateTable('kb_meta')
        .set({ created_at: manifest.created_at, db_release: manifest.release })
        .where('id', '=', 1)
        .execute()
      await recordChanges(trx, [ANY_COMPONENT])
      return { loaded: true, rows: done }
    })
    .finally(() => bulk?.restore())
  // PostgreSQL plans by its statistics, which a bulk load leaves stale until autovacuum comes by: a batch's licensed
  // versions were read with a scan of every license fact (30 ms) instead of an index probe per version (6 ms).
  if (report.loaded && storage.dialect === 'postgres') await sql`analyze`.execute(storage.db)
  return report
}

/**
 * PostgreSQL: the rows sent as one JSON document per 5,000, which the server turns into rows of the table itself
 * (json_populate_recordset): no bound parameter per value.
 */
async function insertRows(
  trx: Transaction<Database>,
  table: string,
  columns: string[],
  rows: unknown[][],
): Promise<void> {
  const names = sql.join(columns.map((c) => sql.ref(c)))
  for (let i = 0; i < rows.length; i += PG_ROWS) {
    const part = rows.slice(i, i + PG_ROWS).map((values) => Object.fromEntries(columns.map((c, j) => [c, values[j]])))
    await sql`insert into ${sql.table(table)} (${names})
      select ${names} from json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(part)}::json)`.execute(
      trx,
    )
  }
}
