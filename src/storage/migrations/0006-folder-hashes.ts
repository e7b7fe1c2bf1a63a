// Migration 6: the folder-hash index. `folder_nodes` holds each indexed folder of a version (the `folder-hash`
// analyzer's output, derived from the analyses row and rebuilt from it); `folder_node_bands` is the multi-index
// hashing table: each node under six keys, the three bands of its names hash and of its content hash, so a lookup
// is a set of exact index seeks (src/domain/folder-hash/bands.ts).
import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../database.ts'

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('folder_nodes')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('version_id', 'integer', (c) => c.notNull().references('versions.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('files', 'integer', (c) => c.notNull())
    .addColumn('names', 'text', (c) => c.notNull()) // 16 hex digits
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('dirs', 'text', (c) => c.notNull())
    .addUniqueConstraint('folder_nodes_version_path_uq', ['version_id', 'path'])
    .execute()
  await db.schema
    .createTable('folder_node_bands')
    .addColumn('band', 'integer', (c) => c.notNull())
    .addColumn('node_id', 'integer', (c) => c.notNull().references('folder_nodes.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('folder_node_bands_pk', ['band', 'node_id'])
    .$call((t) => (dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t))
    .execute()
  await db.schema.createIndex('folder_node_bands_node_idx').on('folder_node_bands').column('node_id').execute()
}
