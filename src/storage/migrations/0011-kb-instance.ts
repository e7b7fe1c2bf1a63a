// Migration 11: a random identity per KB (`kb_meta.instance_id`, set by migrate.ts when the row is made or first seen
// without one). The answer cache names its Redis keys with it, so answers cached from one database are never served
// for another that took its place (a KB dropped and created again restarts the change log's ids; docs/caching.md).
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('kb_meta').addColumn('instance_id', 'text').execute()
}
