// Migration 10: a KB that grows by itself (docs/kb-growth.md). The ingestion queue now exists on SQLite too (the
// server's in-process worker takes the on-demand units there), and units carry a priority: on-demand work (a
// request is waiting for it) is claimed before bulk ingestion. `registry_checks` records when the update last read a
// package's metadata from its registry; `feeds` records, per data feed, what was last downloaded and when it last
// succeeded or failed.
import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../database.ts'

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table ingest_queue add column priority integer not null default 0`.execute(db)
  } else {
    // The PostgreSQL table of migration 9, in SQLite's terms: times are ISO 8601 text (UTC), which sorts as time.
    await sql`
      create table ingest_queue (
        id integer primary key autoincrement,
        run_id text not null,
        source text not null,
        name text not null,
        options text not null,
        state text not null check (state in ('pending', 'active', 'done', 'failed')),
        attempts integer not null default 0,
        run_after text not null,
        lease_owner text,
        lease_until text,
        last_error text,
        created_at text not null,
        updated_at text not null,
        priority integer not null default 0
      )`.execute(db)
    await sql`create unique index ingest_queue_run_uq on ingest_queue (run_id, source, name)`.execute(db)
    await sql`create unique index ingest_queue_open_uq on ingest_queue (source, name, options)
      where state in ('pending', 'active')`.execute(db)
    await sql`create index ingest_queue_lease_idx on ingest_queue (lease_until) where state = 'active'`.execute(db)
  }
  await sql`create index ingest_queue_priority_idx on ingest_queue (priority, run_after, id) where state = 'pending'`.execute(
    db,
  )
  // What on-demand requests look up: the recent units of a package (negative caching, joining open work).
  await sql`create index ingest_queue_name_idx on ingest_queue (source, name, updated_at)`.execute(db)

  await db.schema
    .createTable('registry_checks')
    .addColumn('component_id', 'integer', (c) => c.primaryKey().references('components.id').onDelete('cascade'))
    .addColumn('checked_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('feeds')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('etag', 'text')
    .addColumn('last_modified', 'text')
    .addColumn('bytes', 'bigint')
    .addColumn('checked_at', 'text')
    .addColumn('changed_at', 'text')
    .addColumn('failed_at', 'text')
    .addColumn('last_error', 'text')
    .execute()
}
