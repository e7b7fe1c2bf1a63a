// Migration 9: the ingestion queue (docs/ingestion-at-scale.md), PostgreSQL only: `compintel ingest … --enqueue`
// adds one row per package, `compintel worker` processes claim rows with FOR UPDATE SKIP LOCKED under a lease they
// renew while they work. On SQLite this migration creates nothing; migration 10 creates the table there too.
import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../database.ts'

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return
  await sql`
    create table ingest_queue (
      id bigserial primary key,
      run_id text not null,
      source text not null,
      name text not null,
      options text not null,
      state text not null check (state in ('pending', 'active', 'done', 'failed')),
      attempts integer not null default 0,
      run_after timestamptz not null default now(),
      lease_owner text,
      lease_until timestamptz,
      last_error text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db)
  // A package appears once per run (a dependency cycle ends there) and identical work is never pending twice.
  await sql`create unique index ingest_queue_run_uq on ingest_queue (run_id, source, name)`.execute(db)
  await sql`create unique index ingest_queue_open_uq on ingest_queue (source, name, options)
    where state in ('pending', 'active')`.execute(db)
  await sql`create index ingest_queue_ready_idx on ingest_queue (run_after, id) where state = 'pending'`.execute(db)
  await sql`create index ingest_queue_lease_idx on ingest_queue (lease_until) where state = 'active'`.execute(db)
}
