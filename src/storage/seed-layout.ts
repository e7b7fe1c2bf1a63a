// The seed's layout on disk (compintel-seed/2): each table split into shards by a stable key, so that a rebuild that
// changes a few packages rewrites only the shards that hold them (unchanged shards keep their bytes and so their git
// blobs). A shard is gzipped NDJSON (the column names, then one JSON array per row, in key order), compressed
// deterministically (fixed level, no name or time in the header); manifest.json names every shard with its row
// count and sha256, and a load checks every digest before it writes anything.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { SeedTable } from './seed-tables.ts'

export const SEED_FORMAT = 'compintel-seed/2'

export interface SeedShard {
  /** Relative to the seed folder: `<table>/<shard number>.ndjson.gz`. */
  file: string
  rows: number
  sha256: string
}

export interface SeedManifest {
  format: typeof SEED_FORMAT
  release: string
  created_at: string
  schema_version: string
  tables: Record<string, { rows: number; shards: SeedShard[] }>
  /** Every `source` the data carries, with the newest `as_of` of its facts. */
  sources: { name: string; as_of: string }[]
}

class SeedError extends Error {}

export const shardFile = (table: string, n: number) => `${table}/${String(n).padStart(3, '0')}.ndjson.gz`

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** A stable bucket of a string in [0, n). */
function bucket(key: string, n: number): number {
  return n <= 1 ? 0 : createHash('sha256').update(key).digest().readUInt32BE(0) % n
}

/** The purls of the KB's components and the component of each version: what package-split tables are split by. */
export interface PackageKeys {
  componentPurl: Map<number, string>
  versionComponent: Map<number, number>
}

/** The shard number of a row of `table`. */
export function shardOf(table: SeedTable, row: Record<string, unknown>, keys: PackageKeys): number {
  const split = table.split
  if (!split) return 0
  if (split.by === 'range') return Math.floor(Number(row[split.column]) / split.size)
  if (split.by === 'key') return bucket(JSON.stringify(split.columns.map((c) => row[c])), split.shards)
  return bucket(packageOf(row, keys), split.shards)
}

function packageOf(row: Record<string, unknown>, keys: PackageKeys): string {
  if (typeof row.purl === 'string' && !('component_id' in row)) return row.purl
  const component = 'component_id' in row ? Number(row.component_id) : keys.versionComponent.get(Number(row.version_id))
  const purl = component === undefined ? undefined : keys.componentPurl.get(component)
  if (purl === undefined) throw new Error(`seed export: no component for row ${JSON.stringify(row).slice(0, 100)}`)
  return purl
}

export function readManifest(dir: string): SeedManifest | undefined {
  const file = path.join(dir, 'manifest.json')
  if (!existsSync(file)) return undefined
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as SeedManifest
  if (manifest.format !== SEED_FORMAT)
    throw new SeedError(`seed ${dir}: format ${manifest.format}, this version of compintel reads ${SEED_FORMAT}`)
  return manifest
}

/**
 * Every shard's bytes, each checked against the manifest before anything is loaded: a missing or damaged shard is
 * an error that names it.
 */
export function readShards(dir: string, manifest: SeedManifest): Map<string, Buffer> {
  const bytes = new Map<string, Buffer>()
  for (const { shards } of Object.values(manifest.tables)) {
    for (const shard of shards) {
      const file = path.join(dir, shard.file)
      if (!existsSync(file)) throw new SeedError(`seed shard ${shard.file} is missing from ${dir}`)
      const data = readFileSync(file)
      const got = sha256(data)
      if (got !== shard.sha256)
        throw new SeedError(`seed shard ${shard.file} is damaged: sha256 ${got}, the manifest says ${shard.sha256}`)
      bytes.set(shard.file, data)
    }
  }
  return bytes
}

/** The lines of an NDJSON text, the empty ones left out. */
export function ndjsonLines(text: string): string[] {
  return text.split('\n').filter((l) => l !== '')
}

/**
 * A table's rows from its inflated shards, in key order: each shard is sorted, so the sort merges them (and a
 * database inserts into its keys' B-trees in order, a third faster than shard after shard).
 */
export function tableRows(table: SeedTable, shards: Buffer[]): { columns: string[]; rows: unknown[][] } {
  let columns: string[] = table.columns
  const rows: unknown[][] = []
  for (const shard of shards) {
    const [head, ...lines] = ndjsonLines(shard.toString('utf8'))
    if (head) columns = JSON.parse(head) as string[]
    for (const line of lines) rows.push(JSON.parse(line) as unknown[])
  }
  const at = table.key.map((k) => columns.indexOf(k))
  if (shards.length > 1) rows.sort((a, b) => compareKeys(a, b, at))
  return { columns, rows }
}

function compareKeys(a: unknown[], b: unknown[], at: number[]): number {
  for (const i of at) {
    const x = a[i] as number | string
    const y = b[i] as number | string
    if (x !== y) return x < y ? -1 : 1
  }
  return 0
}
