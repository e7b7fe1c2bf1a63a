// Migration 8: the KB change log. Every write that changes what an answer would say appends the components it
// touched (their cache tag, src/domain/kb/changes.ts), or `*` for a change that may touch any component (advisories,
// EPSS, CPEs, geoprovenance, a seed load), in the writer's own transaction. API nodes poll it to drop cached
// answers (src/cache/change-tracker.ts), so an ingest run by another process invalidates every node's cache.
// The ids only grow (AUTOINCREMENT on SQLite, a sequence on PostgreSQL): pruning old rows never reuses one.
import type { Kysely } from 'kysely'
import type { Dialect } from '../database.ts'

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('kb_changes')
    .$call((t) =>
      dialect === 'postgres'
        ? t.addColumn('id', 'bigserial', (c) => c.primaryKey())
        : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
    )
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .execute()
}
