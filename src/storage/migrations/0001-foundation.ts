// Migration 1: the KB metadata record and API keys (hashes only).
import type { Kysely } from 'kysely'
import type { Dialect } from '../database.ts'

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('kb_meta')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('schema_version', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('db_release', 'text', (c) => c.notNull().defaultTo(''))
    .execute()

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute()
  await db.schema.createIndex('api_keys_prefix_idx').on('api_keys').column('prefix').execute()
}
