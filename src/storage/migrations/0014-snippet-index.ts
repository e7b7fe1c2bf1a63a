// Migration 14: what `POST /scan/direct` matches against (docs/scanning.md). File matches look the posted MD5 up in
// `version_files` (now indexed by md5). Snippet matches use the winnowing fingerprints of indexed file contents:
// `snippet_contents` holds each distinct content once, by its MD5 (the same file in fifty versions of a package is
// fingerprinted and indexed once), and `snippet_hashes` is the inverted index from a fingerprint to the contents and
// lines it occurs at, one narrow row each (a clustered key on SQLite: no separate rowid b-tree). Contents are never
// deleted (they are content-addressed), so nothing seeks by content id: no second index, which would double the size.
import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../database.ts'

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.createIndex('version_files_md5_idx').on('version_files').column('md5').execute()
  await db.schema
    .createTable('snippet_contents')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('md5', 'text', (c) => c.notNull().unique())
    .addColumn('lines', 'integer', (c) => c.notNull())
    .addColumn('fingerprints', 'integer', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('snippet_hashes')
    // the fingerprint's 32 bits as a signed integer (PostgreSQL's integer is signed): (hash | 0)
    .addColumn('hash', 'integer', (c) => c.notNull())
    .addColumn('content_id', 'integer', (c) => c.notNull().references('snippet_contents.id').onDelete('cascade'))
    .addColumn('line', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('snippet_hashes_pk', ['hash', 'content_id', 'line'])
    .$call((t) => (dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t))
    .execute()
}
