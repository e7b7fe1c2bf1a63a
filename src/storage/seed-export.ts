// `compintel export`: the KB's tables as sorted, gzipped NDJSON split into shards (seed-layout.ts), read in id ranges
// so no table is ever loaded whole. Shards whose rows did not change come out byte for byte as before.
import { once } from 'node:events'
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { createGzip, type Gzip } from 'node:zlib'
import { sql } from 'kysely'
import type { Storage } from './database.ts'
import {
  type PackageKeys,
  SEED_FORMAT,
  type SeedManifest,
  type SeedShard,
  sha256,
  shardFile,
  shardOf,
} from './seed-layout.ts'
import { SEED_TABLES, type SeedTable } from './seed-tables.ts'

const RANGE = 2000
const KEYSET = 10_000
const BLOCK = 256 * 1024

export async function exportSeed(
  storage: Storage,
  dir: string,
  meta: Pick<SeedManifest, 'release' | 'created_at'>,
  log: (line: string) => void = () => {},
): Promise<SeedManifest> {
  mkdirSync(dir, { recursive: true })
  const kb = await storage.db.selectFrom('kb_meta').select('schema_version').executeTakeFirstOrThrow()
  const manifest: SeedManifest = {
    format: SEED_FORMAT,
    ...meta,
    schema_version: kb.schema_version,
    tables: {},
    sources: await sourcesOf(storage),
  }
  const keys = await packageKeys(storage)
  for (const table of SEED_TABLES) {
    const shards = new Map<number, ShardWriter>()
    const header = JSON.stringify(table.columns)
    let rows = 0
    for await (const batch of table.paging === 'keyset' ? keysetPages(storage, table) : rangePages(storage, table)) {
      for (const r of batch) {
        const n = shardOf(table, r, keys)
        const shard = shards.get(n) ?? new ShardWriter(header)
        shards.set(n, shard)
        await shard.write(JSON.stringify(table.columns.map((c) => normalise(r[c], table))))
      }
      rows += batch.length
    }
    const written: SeedShard[] = []
    for (const n of [...shards.keys()].sort((a, b) => a - b)) {
      const file = shardFile(table.name, n)
      const bytes = await (shards.get(n) as ShardWriter).end()
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
      writeFileSync(path.join(dir, file), bytes)
      written.push({ file, rows: (shards.get(n) as ShardWriter).rows, sha256: sha256(bytes) })
    }
    manifest.tables[table.name] = { rows, shards: written }
    log(`export: ${table.name}: ${rows} rows in ${written.length} shards`)
  }
  removeStale(dir, manifest)
  writeFileSync(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  return manifest
}

/**
 * One shard being written: gzip at a fixed level (node's gzip header carries no name and time 0, so the same rows
 * give the same bytes). Lines are handed to gzip in blocks (one zlib call per line costs a thread-pool round trip);
 * deflate's output does not depend on how its input is split.
 */
class ShardWriter {
  rows = 0
  private readonly gzip: Gzip = createGzip({ level: 9 })
  private readonly out: Buffer[] = []
  private block: string

  constructor(header: string) {
    this.gzip.on('data', (b: Buffer) => this.out.push(b))
    this.block = `${header}\n`
  }

  async write(line: string): Promise<void> {
    this.rows++
    this.block += `${line}\n`
    if (this.block.length < BLOCK) return
    const ok = this.gzip.write(this.block)
    this.block = ''
    if (!ok) await once(this.gzip, 'drain')
  }

  async end(): Promise<Buffer> {
    this.gzip.end(this.block)
    await once(this.gzip, 'end')
    return Buffer.concat(this.out)
  }
}

/** What package-split tables are split by: each component's purl, each version's component. */
async function packageKeys(storage: Storage): Promise<PackageKeys> {
  const components = await storage.db.selectFrom('components').select(['id', 'purl']).execute()
  const versions = await storage.db.selectFrom('versions').select(['id', 'component_id']).execute()
  return {
    componentPurl: new Map(components.map((c) => [Number(c.id), c.purl])),
    versionComponent: new Map(versions.map((v) => [Number(v.id), Number(v.component_id)])),
  }
}

/** Seed files the manifest no longer names: shards of the tables, and the one-file-per-table files of format 1. */
function removeStale(dir: string, manifest: SeedManifest): void {
  const named = new Set(Object.values(manifest.tables).flatMap((t) => t.shards.map((s) => s.file)))
  for (const f of readdirSync(dir)) if (f.endsWith('.ndjson.gz')) rmSync(path.join(dir, f))
  for (const table of SEED_TABLES) {
    if (!existsSync(path.join(dir, table.name))) continue
    for (const f of readdirSync(path.join(dir, table.name))) {
      const file = `${table.name}/${f}`
      if (f.endsWith('.ndjson.gz') && !named.has(file)) rmSync(path.join(dir, file))
    }
  }
}

/** The rows of a table with a numeric first key column, in ranges of it. */
async function* rangePages(storage: Storage, table: SeedTable): AsyncGenerator<Record<string, unknown>[]> {
  const first = table.key[0] as string
  const bounds = await sql<{
    lo: number | null
    hi: number | null
  }>`select min(${sql.ref(first)}) as lo, max(${sql.ref(first)}) as hi from ${sql.table(table.name)}`.execute(
    storage.db,
  )
  const lo = Number(bounds.rows[0]?.lo ?? 1)
  const hi = Number(bounds.rows[0]?.hi ?? 0)
  for (let start = lo; start <= hi; start += RANGE) {
    const batch = await sql<
      Record<string, unknown>
    >`select ${sql.join(table.columns.map((c) => sql.ref(c)))} from ${sql.table(table.name)}
      where ${sql.ref(first)} >= ${start} and ${sql.ref(first)} < ${start + RANGE}
      order by ${sql.join(table.key.map((k) => sql.ref(k)))}`.execute(storage.db)
    yield batch.rows
  }
}

/**
 * The rows of a table with a text key, in pages of its key in byte order (collation "C" on PostgreSQL, SQLite's
 * default), so both dialects export the same bytes. Each page ends at the key of its KEYSET-th row and takes every
 * row up to that key, so rows equal in every key column are never split or lost.
 */
export async function* keysetPages(
  storage: Storage,
  table: SeedTable,
  size = KEYSET,
): AsyncGenerator<Record<string, unknown>[]> {
  const text = (c: string) => !table.integerKeys?.includes(c)
  const col = (c: string) => (storage.dialect === 'postgres' && text(c) ? sql`${sql.ref(c)} collate "C"` : sql.ref(c))
  const key = sql`(${sql.join(table.key.map(col))})`
  const order = sql.join(table.key.map(col))
  const tuple = (r: Record<string, unknown>) => sql`(${sql.join(table.key.map((c) => sql`${r[c]}`))})`
  let last: Record<string, unknown> | undefined
  for (;;) {
    const after = last ? sql`${key} > ${tuple(last)}` : sql`1 = 1`
    const bound = await sql<Record<string, unknown>>`select ${sql.join(table.key.map((c) => sql.ref(c)))}
      from ${sql.table(table.name)} where ${after} order by ${order} limit 1 offset ${size - 1}`.execute(storage.db)
    const end = bound.rows[0]
    const upto = end ? sql`${key} <= ${tuple(end)}` : sql`1 = 1`
    const batch = await sql<Record<string, unknown>>`select ${sql.join(table.columns.map((c) => sql.ref(c)))}
      from ${sql.table(table.name)} where ${after} and ${upto} order by ${order}`.execute(storage.db)
    if (batch.rows.length > 0) yield batch.rows
    if (!end) return
    last = end
  }
}

/** Every source named in the KB with the newest date it was read. */
async function sourcesOf(storage: Storage): Promise<SeedManifest['sources']> {
  const rows = await sql<{ source: string; as_of: string }>`
    select source, max(as_of) as as_of from (
      select source, as_of from components union all select source, as_of from versions
      union all select source, as_of from version_licenses
      union all select 'computed:' || analyzer || '@' || analyzer_version as source, as_of from analyses
      union all select source, as_of from advisories union all select source, as_of from epss_scores
      union all select source, as_of from kev_entries
      union all select source, as_of from cpe_products
      union all select source, as_of from origin_repos union all select source, as_of from geo_accounts
    ) s group by source order by source`.execute(storage.db)
  return rows.rows.map((r) => ({ name: r.source, as_of: r.as_of }))
}

/** PostgreSQL returns some numbers as strings and reals with float noise; the export is dialect-neutral. */
function normalise(v: unknown, table: SeedTable): unknown {
  if (typeof v === 'bigint') return Number(v)
  if (typeof v === 'number' && !Number.isInteger(v))
    return table.significantDigits ? Number(v.toPrecision(table.significantDigits)) : Math.round(v * 1000) / 1000
  return v ?? null
}
