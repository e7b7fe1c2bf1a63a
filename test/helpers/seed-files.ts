// A seed folder as tests read it (src/storage/seed-layout.ts): a table's lines across its shards, and every shard's
// bytes by path.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import type { SeedManifest } from '../../src/storage/seed-layout.ts'

export const seedManifest = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as SeedManifest

/** The column names, then every row of a table, shard after shard (each shard in key order). */
export function seedLines(dir: string, table: string): string[] {
  const shards = seedManifest(dir).tables[table]?.shards ?? []
  const out: string[] = []
  for (const shard of shards) {
    const lines = gunzipSync(readFileSync(path.join(dir, shard.file)))
      .toString('utf8')
      .split('\n')
      .filter((l) => l !== '')
    if (out.length === 0) out.push(lines[0] as string)
    for (const l of lines.slice(1)) out.push(l)
  }
  return out
}

/** A table's rows, parsed. */
export const seedRows = (dir: string, table: string) =>
  seedLines(dir, table)
    .slice(1)
    .map((l) => JSON.parse(l) as unknown[])

/** Every file of the seed but the manifest (which records the export's time), by path, as base64. */
export function seedFiles(dir: string): Record<string, string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile() && f.name !== 'manifest.json')
    .map((f) => path.relative(dir, path.join(f.parentPath, f.name)))
    .sort()
  return Object.fromEntries(files.map((f) => [f, readFileSync(path.join(dir, f)).toString('base64')]))
}
