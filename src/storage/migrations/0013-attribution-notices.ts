// Migration 13: attribution notices (docs/attribution-notices.md). `notice_texts` holds each distinct notice text
// once, by the MD5 of its bytes (the same MIT text of a thousand packages is one row); `version_notices` lists the
// notice files of each analyzed version, pointing at their texts.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notice_texts')
    .addColumn('md5', 'text', (c) => c.primaryKey())
    .addColumn('text', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('version_notices')
    .addColumn('version_id', 'integer', (c) => c.notNull().references('versions.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('md5', 'text', (c) => c.notNull().references('notice_texts.md5'))
    .addPrimaryKeyConstraint('version_notices_pk', ['version_id', 'path'])
    .execute()
}
