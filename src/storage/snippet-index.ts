// The scan index on SQL (migration 14, docs/scanning.md): indexed file contents and their winnowing fingerprints,
// written by the KB writer from the `snippets` analyzer's output, and read by the scan's matcher: files by MD5,
// fingerprint hits, contents by id. One query per chunk of keys, never one per item.
import { hash } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import {
  type IndexedFile,
  type IndexHit,
  type ScanIndex,
  SNIPPETS_ANALYZER,
  type SnippetContent,
} from '../domain/scanning/types.ts'
import type { Storage } from './database.ts'
import type { IndexWriter } from './index-writer.ts'
import { chunks } from './kb-rows.ts'
import type { Database } from './schema.ts'

type Tx = Transaction<Database> | Kysely<Database>

/** Keys per query: well under SQLite's bound-parameter limit. */
const CHUNK = 5000
/**
 * Fingerprints per lookup: each may return up to the per-hash cap of rows, and SQLite runs a query in one go on the
 * event loop, so lookups stay small enough for other requests to get turns between them.
 */
const HASH_CHUNK = 1000

/** The index stores a fingerprint's 32 bits as a signed integer (PostgreSQL has no unsigned one). */
const stored = (hash: number) => hash | 0
const unsigned = (hash: number) => hash >>> 0

/** The analyses row keeps a summary: the fingerprints live in the index, once per content. */
function snippetSummary(output: unknown): unknown {
  const contents = (output as { contents?: SnippetContent[] }).contents ?? []
  return {
    contents: contents.length,
    fingerprints: contents.reduce((n, c) => n + c.fingerprints.length, 0),
    md5s: hash('sha256', contents.map((c) => c.md5).join(','), 'hex').slice(0, 32),
  }
}

/** Indexes the contents the index does not hold yet (a content is indexed once, whatever holds it). */
export async function writeSnippetContents(trx: Tx, output: unknown): Promise<number> {
  const contents = (output as { contents?: SnippetContent[] }).contents ?? []
  const unique = new Map(contents.map((c) => [c.md5, c]))
  const known = new Set<string>()
  for (const part of chunks([...unique.keys()], 1)) {
    const rows = await trx.selectFrom('snippet_contents').select('md5').where('md5', 'in', part).execute()
    for (const r of rows) known.add(r.md5)
  }
  const fresh = [...unique.values()].filter((c) => !known.has(c.md5) && c.fingerprints.length > 0)
  for (const part of chunks(fresh, 3)) {
    const ids = await trx
      .insertInto('snippet_contents')
      .values(part.map((c) => ({ md5: c.md5, lines: c.lines, fingerprints: c.fingerprints.length })))
      .returning(['id', 'md5'])
      .execute()
    const idOf = new Map(ids.map((r) => [r.md5, r.id]))
    const rows = part.flatMap((c) => hashRows(c, idOf.get(c.md5) as number))
    for (const rowPart of chunks(rows, 3)) await trx.insertInto('snippet_hashes').values(rowPart).execute()
  }
  return fresh.length
}

/** A content's index rows: each (fingerprint, line) once (a line may repeat a fingerprint). */
function hashRows(c: SnippetContent, contentId: number) {
  const seen = new Set<string>()
  const rows: { hash: number; content_id: number; line: number }[] = []
  for (const f of c.fingerprints) {
    const key = `${f.hash}:${f.line}`
    if (seen.has(key)) continue
    seen.add(key)
    rows.push({ hash: stored(f.hash), content_id: contentId, line: f.line })
  }
  return rows
}

/** `read` over the distinct keys, CHUNK at a time: one query per chunk, never one per item. */
async function chunked<K, R>(keys: readonly K[], read: (part: K[]) => Promise<R[]>): Promise<R[]> {
  const unique = [...new Set(keys)]
  const out: R[] = []
  for (let i = 0; i < unique.length; i += CHUNK) out.push(...(await read(unique.slice(i, i + CHUNK))))
  return out
}

/** The snippets analyzer's table: the fingerprints of each content, once. */
export const snippetIndex: IndexWriter = {
  analyzer: SNIPPETS_ANALYZER,
  stored: snippetSummary,
  write: (trx, w) => writeSnippetContents(trx, w.output),
}

export class SqlScanIndex implements ScanIndex {
  constructor(private readonly storage: Storage) {}

  async filesByMd5(md5s: readonly string[]): Promise<IndexedFile[]> {
    const out: IndexedFile[] = []
    const keys = [...new Set(md5s)]
    for (let i = 0; i < keys.length; i += CHUNK) {
      const rows = await this.storage.read
        .selectFrom('version_files as f')
        .innerJoin('versions as v', 'v.id', 'f.version_id')
        .innerJoin('components as c', 'c.id', 'v.component_id')
        .where('f.md5', 'in', keys.slice(i, i + CHUNK))
        .select([
          'f.md5',
          'f.path',
          'v.id as version_id',
          'v.version',
          'v.released_at',
          'c.id as component_id',
          'c.purl',
          'c.name',
          'c.namespace',
          'c.project_url',
          'c.latest_version',
        ])
        .orderBy('f.md5')
        .orderBy('v.id')
        .orderBy('f.path')
        .execute()
      for (const r of rows)
        out.push({
          md5: r.md5,
          path: r.path,
          versionId: r.version_id,
          version: r.version,
          releasedAt: r.released_at,
          componentId: r.component_id,
          purl: r.purl,
          name: r.name,
          namespace: r.namespace,
          projectUrl: r.project_url,
          latestVersion: r.latest_version,
        })
    }
    return out
  }

  async hits(hashes: readonly number[], maxPerHash: number): Promise<IndexHit[]> {
    const out: IndexHit[] = []
    const keys = [...new Set(hashes.map(stored))]
    const db = this.storage.read
    for (let i = 0; i < keys.length; i += HASH_CHUNK) {
      const part = keys.slice(i, i + HASH_CHUNK)
      // fingerprints found in very many contents (licence headers, generated boilerplate) say nothing of where a
      // file comes from: they are counted first and left out, so one of them cannot flood the answer
      const common = await db
        .selectFrom('snippet_hashes')
        .select('hash')
        .where('hash', 'in', part)
        .groupBy('hash')
        .having((eb) => eb.fn.countAll(), '>', maxPerHash)
        .execute()
      const skip = new Set(common.map((r) => r.hash))
      const wanted = skip.size === 0 ? part : part.filter((h) => !skip.has(h))
      if (wanted.length === 0) continue
      const rows = await db
        .selectFrom('snippet_hashes')
        .select(['hash', 'content_id', 'line'])
        .where('hash', 'in', wanted)
        .execute()
      for (const r of rows) out.push({ hash: unsigned(r.hash), contentId: r.content_id, line: r.line })
    }
    return out
  }

  async holdersOf(
    contentIds: readonly number[],
  ): Promise<Map<number, readonly { componentId: number; path: string }[]>> {
    const rows = await chunked(contentIds, (part) =>
      this.storage.read
        .selectFrom('snippet_contents as s')
        .innerJoin('version_files as f', 'f.md5', 's.md5')
        .innerJoin('versions as v', 'v.id', 'f.version_id')
        .where('s.id', 'in', part)
        .select(['s.id as content_id', 'v.component_id', 'f.path'])
        .distinct()
        .execute(),
    )
    const out = new Map<number, { componentId: number; path: string }[]>()
    for (const r of rows) {
      const holder = { componentId: r.component_id, path: r.path }
      const list = out.get(r.content_id)
      if (list) list.push(holder)
      else out.set(r.content_id, [holder])
    }
    return out
  }

  async contents(ids: readonly number[]): Promise<Map<number, { md5: string; lines: number }>> {
    const out = new Map<number, { md5: string; lines: number }>()
    const keys = [...new Set(ids)]
    for (let i = 0; i < keys.length; i += CHUNK) {
      const rows = await this.storage.read
        .selectFrom('snippet_contents')
        .select(['id', 'md5', 'lines'])
        .where('id', 'in', keys.slice(i, i + CHUNK))
        .execute()
      for (const r of rows) out.set(r.id, { md5: r.md5, lines: r.lines })
    }
    return out
  }
}
