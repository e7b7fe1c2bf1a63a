// The folder-hash index on SQL: folder_nodes and their band keys, written from the `folder-hash` analyzer's output
// (on ingest; a seed ships the nodes, and their band keys are rebuilt after a seed load) and read by band key in one query per chunk.
import { type Kysely, sql, type Transaction } from 'kysely'
import { bandKeys } from '../domain/folder-hash/bands.ts'
import { installedDirs } from '../domain/folder-hash/installed.ts'
import { parseHex64, toHex16, type U64 } from '../domain/folder-hash/primitives.ts'
import {
  FOLDER_HASH_ANALYZER,
  type FolderHashOutput,
  type FolderIndex,
  type IndexedNode,
  type IndexedVersion,
} from '../domain/folder-hash/types.ts'
import type { Storage } from './database.ts'
import type { IndexWriter } from './index-writer.ts'
import { chunks } from './kb-rows.ts'
import type { Database } from './schema.ts'

type Tx = Transaction<Database> | Kysely<Database>

/** Band keys per query: well under SQLite's bound-parameter limit. */
const CHUNK = 5000

/** What indexes one version's folders: its folder-hash output, and its files and name for the installed hashes. */
interface VersionFolders {
  versionId: number
  output: FolderHashOutput
  files: readonly { path: string; size: number }[]
  purlName: string
}

/** Replaces the indexed folders of one version with those of its folder-hash output. */
export async function writeFolderNodes(trx: Tx, v: VersionFolders): Promise<void> {
  const versionId = v.versionId
  await trx
    .deleteFrom('folder_node_bands')
    .where('node_id', 'in', trx.selectFrom('folder_nodes').select('id').where('version_id', '=', versionId))
    .execute()
  await trx.deleteFrom('folder_nodes').where('version_id', '=', versionId).execute()
  await insertFolderNodes(trx, [v])
}

/** The folder-hash analyzer's tables: each version's folders and their band keys. */
export const folderIndex: IndexWriter = {
  analyzer: FOLDER_HASH_ANALYZER,
  write: (trx, w) =>
    writeFolderNodes(trx, {
      versionId: w.versionId,
      output: w.output as FolderHashOutput,
      files: w.analysis.files,
      purlName: w.purlName,
    }),
}

/** Indexes every folder-hash output whose version has no indexed folder yet (a KB whose index was never built). */
export async function indexUnindexedFolderHashes(trx: Tx): Promise<number> {
  const rows = await trx
    .selectFrom('analyses as a')
    .select(['a.version_id', 'a.output'])
    .where('a.analyzer', '=', FOLDER_HASH_ANALYZER)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('folder_nodes as n').select('n.id').whereRef('n.version_id', '=', 'a.version_id'))),
    )
    .execute()
  for (let i = 0; i < rows.length; i += 500) await insertFolderNodes(trx, await withFiles(trx, rows.slice(i, i + 500)))
  return rows.length
}

/** The stored file lists and names of these versions (one query each), beside their outputs. */
async function withFiles(trx: Tx, rows: { version_id: number; output: string }[]): Promise<VersionFolders[]> {
  const ids = rows.map((r) => r.version_id)
  const files = await trx
    .selectFrom('version_files')
    .select(['version_id', 'path', 'size'])
    .where('version_id', 'in', ids)
    .execute()
  const names = await trx
    .selectFrom('versions as v')
    .innerJoin('components as c', 'c.id', 'v.component_id')
    .select(['v.id', 'c.purl_name'])
    .where('v.id', 'in', ids)
    .execute()
  const nameOf = new Map(names.map((n) => [n.id, n.purl_name]))
  const filesOf = new Map<number, typeof files>()
  for (const f of files) {
    const list = filesOf.get(f.version_id)
    if (list) list.push(f)
    else filesOf.set(f.version_id, [f])
  }
  return rows.map((r) => ({
    versionId: r.version_id,
    output: JSON.parse(r.output) as FolderHashOutput,
    files: filesOf.get(r.version_id) ?? [],
    purlName: nameOf.get(r.version_id) ?? '',
  }))
}

async function insertFolderNodes(trx: Tx, items: VersionFolders[]): Promise<void> {
  const nodes = items.flatMap(({ versionId, output, files, purlName }) => {
    // no file list (an older KB) or no name: the folders are matched on their own dir-names hash alone
    const installed = files.length > 0 && purlName ? installedDirs(files, purlName) : new Map<string, U64>()
    return output.folders.map((f) => {
      const dirsInstalled = installed.get(f.path)
      return {
        version_id: versionId,
        path: f.path,
        files: f.files,
        names: f.names,
        content: f.content,
        dirs: f.dirs,
        dirs_installed: dirsInstalled ? toHex16(dirsInstalled) : null,
      }
    })
  })
  if (nodes.length === 0) return
  for (const part of chunks(nodes, 7)) await trx.insertInto('folder_nodes').values(part).execute()
  const ids = await trx
    .selectFrom('folder_nodes')
    .select(['id', 'version_id', 'path', 'names', 'content'])
    .where(
      'version_id',
      'in',
      items.map((i) => i.versionId),
    )
    .execute()
  await insertBands(trx, ids)
}

/** The band keys of indexed folders that have none: those a seed load brought (the seed ships folder_nodes only). */
export async function bandUnbandedFolderNodes(trx: Tx): Promise<number> {
  const nodes = await trx
    .selectFrom('folder_nodes as n')
    .select(['n.id', 'n.names', 'n.content'])
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('folder_node_bands as b').select('b.node_id').whereRef('b.node_id', '=', 'n.id'))),
    )
    .execute()
  await insertBands(trx, nodes)
  return nodes.length
}

async function insertBands(trx: Tx, nodes: { id: number; names: string; content: string }[]): Promise<void> {
  const bands = nodes.flatMap((n) => bandKeys(hex(n.names), hex(n.content)).map((band) => ({ band, node_id: n.id })))
  const unique = [...new Map(bands.map((b) => [`${b.band}:${b.node_id}`, b])).values()]
  for (const part of chunks(unique, 2)) await trx.insertInto('folder_node_bands').values(part).execute()
}

function hex(s: string): U64 {
  const v = parseHex64(s)
  if (!v) throw new Error(`folder index: bad hash ${JSON.stringify(s)}`)
  return v
}

export class SqlFolderIndex implements FolderIndex {
  constructor(private readonly storage: Storage) {}

  async nodesWithBands(keys: readonly number[]): Promise<IndexedNode[]> {
    const seen = new Map<number, IndexedNode>()
    for (let i = 0; i < keys.length; i += CHUNK) {
      const part = keys.slice(i, i + CHUNK)
      const rows = await this.storage.read
        .selectFrom('folder_nodes as n')
        .select(['n.id', 'n.version_id', 'n.path', 'n.names', 'n.content', 'n.dirs', 'n.dirs_installed'])
        .where('n.id', 'in', (qb) =>
          qb.selectFrom('folder_node_bands as b').select('b.node_id').where('b.band', 'in', part),
        )
        .execute()
      for (const r of rows) {
        if (seen.has(r.id)) continue
        seen.set(r.id, {
          nodeId: r.id,
          versionId: r.version_id,
          path: r.path,
          names: hex(r.names),
          content: hex(r.content),
          dirs: hex(r.dirs),
          ...(r.dirs_installed ? { dirsInstalled: hex(r.dirs_installed) } : {}),
        })
      }
    }
    return [...seen.values()]
  }

  async versions(versionIds: readonly number[]): Promise<Map<number, IndexedVersion>> {
    const out = new Map<number, IndexedVersion>()
    const ids = [...new Set(versionIds)]
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await this.storage.read
        .selectFrom('versions as v')
        .innerJoin('components as c', 'c.id', 'v.component_id')
        .select([
          'v.id',
          'v.version',
          'v.released_at',
          'c.purl',
          'c.purl_type',
          'c.namespace',
          'c.name',
          'c.popularity',
          'c.status',
          'c.repository_url',
        ])
        .where('v.id', 'in', ids.slice(i, i + CHUNK))
        .execute()
      for (const r of rows) {
        out.set(r.id, {
          versionId: r.id,
          version: r.version,
          releasedAt: r.released_at,
          purl: r.purl,
          type: r.purl_type,
          namespace: r.namespace,
          name: r.name,
          popularity: Number(r.popularity ?? 0),
          status: r.status,
          hasRepository: Boolean(r.repository_url),
        })
      }
    }
    return out
  }
}

/** For tests and benches: the number of indexed folders. */
export async function countFolderNodes(db: Kysely<Database>): Promise<number> {
  const r = await sql<{ n: number }>`select count(*) as n from folder_nodes`.execute(db)
  return Number(r.rows[0]?.n ?? 0)
}
