// The algorithms of each file content (migration 15, docs/cryptography.md "Per file"): written by the KB writer
// from the crypto analyzer's output, read by the scan's cryptography block. Content-addressed like the snippet index:
// a content is listed once, by MD5, whatever versions hold it; rows are only ever added.
import type { Kysely, Transaction } from 'kysely'
import {
  type ContentAlgorithms,
  CRYPTO_ANALYZER,
  type CryptoAnalysis,
  type FileAlgorithmReader,
} from '../domain/cryptography/types.ts'
import type { Storage } from './database.ts'
import type { IndexWriter } from './index-writer.ts'
import { chunks } from './kb-rows.ts'
import type { Database } from './schema.ts'

type Tx = Transaction<Database> | Kysely<Database>

/**
 * Keys per read: SQLite runs a query in one go on the event loop, so a large post's lookup is split into reads short
 * enough for other requests to get turns between them (1,000 keys: about 25 ms on a busy 2-core machine).
 */
const CHUNK = 1000

/** The analyses row keeps the version's analysis; the per-file lists live in file_algorithms. */
export function withoutFiles(output: unknown): unknown {
  const { files: _files, ...analysis } = output as { files?: unknown }
  return analysis
}

/** Adds the (content, algorithm) rows of a crypto output that the table does not hold yet. */
export async function writeFileAlgorithms(trx: Tx, output: unknown): Promise<void> {
  const files = (output as { files?: ContentAlgorithms[] }).files ?? []
  await insertRows(
    trx,
    files.flatMap((f) => f.algorithms.map((algorithm) => ({ md5: f.md5, algorithm }))),
  )
}

/** The crypto analyzer's table: the algorithms of each file content. */
export const fileAlgorithmIndex: IndexWriter = {
  analyzer: CRYPTO_ANALYZER,
  stored: withoutFiles,
  write: (trx, w) => writeFileAlgorithms(trx, w.output),
}

async function insertRows(trx: Tx, rows: { md5: string; algorithm: string }[]): Promise<void> {
  for (const part of chunks(rows, 2))
    await trx
      .insertInto('file_algorithms')
      .values(part)
      .onConflict((oc) => oc.columns(['md5', 'algorithm']).doNothing())
      .execute()
}

/**
 * Fills file_algorithms from the evidence of the crypto analyses already stored (the files each analysis names, up
 * to 3 per algorithm, with their MD5 from the version's file list): what a KB analyzed before the per-file lists
 * knows per file, until its versions are analyzed again. Returns the rows added.
 */
export async function fileAlgorithmsFromEvidence(db: Tx): Promise<number> {
  const before = await countRows(db)
  const analyses = await db
    .selectFrom('analyses')
    .select(['version_id', 'output'])
    .where('analyzer', '=', CRYPTO_ANALYZER)
    .execute()
  for (const part of chunks(analyses, 30)) {
    const wanted = new Map<string, Set<string>>() // "version\tpath" → algorithms
    for (const a of part)
      for (const alg of (JSON.parse(a.output) as CryptoAnalysis).algorithms ?? [])
        for (const e of alg.evidence) {
          const key = `${a.version_id}\t${e.path}`
          wanted.set(key, (wanted.get(key) ?? new Set()).add(alg.algorithm))
        }
    const files = await db
      .selectFrom('version_files')
      .select(['version_id', 'path', 'md5'])
      .where(
        'version_id',
        'in',
        part.map((a) => a.version_id),
      )
      .execute()
    const rows = files.flatMap((f) =>
      [...(wanted.get(`${f.version_id}\t${f.path}`) ?? [])].map((algorithm) => ({ md5: f.md5, algorithm })),
    )
    await insertRows(db, rows)
  }
  return (await countRows(db)) - before
}

async function countRows(db: Tx): Promise<number> {
  const r = await db
    .selectFrom('file_algorithms')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow()
  return Number(r.n)
}

export class SqlFileAlgorithmReader implements FileAlgorithmReader {
  constructor(private readonly storage: Storage) {}

  async ofContents(md5s: readonly string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>()
    const keys = [...new Set(md5s)]
    for (let i = 0; i < keys.length; i += CHUNK) {
      const rows = await this.storage.read
        .selectFrom('file_algorithms')
        .select(['md5', 'algorithm'])
        .where('md5', 'in', keys.slice(i, i + CHUNK))
        .orderBy('md5')
        .orderBy('algorithm')
        .execute()
      for (const r of rows) out.set(r.md5, [...(out.get(r.md5) ?? []), r.algorithm])
    }
    return out
  }
}
