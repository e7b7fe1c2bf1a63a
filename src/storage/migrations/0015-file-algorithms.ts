// Migration 15: the algorithms of each file content (docs/cryptography.md "Per file"), what the scan's cryptography
// block answers for a matched file. One narrow row per (content MD5, algorithm), keyed by both (a clustered key on
// SQLite), content-addressed like the snippet index. A KB analyzed before this keeps what its analyses' evidence
// names per file (up to 3 files per algorithm) until its versions are analyzed again (crypto analyzer version 3).
import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../database.ts'
import { fileAlgorithmsFromEvidence } from '../file-algorithms.ts'
import type { Database } from '../schema.ts'

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('file_algorithms')
    .addColumn('md5', 'text', (c) => c.notNull())
    .addColumn('algorithm', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('file_algorithms_pk', ['md5', 'algorithm'])
    .$call((t) => (dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t))
    .execute()
  await fileAlgorithmsFromEvidence(db as unknown as Kysely<Database>)
}
