// Migration 16: fair queueing (docs/kb-growth.md "Fairness"). An on-demand unit records who queued it (`caller`: an
// opaque hash of the key id or address, never a key); claims take the callers' units in turns within a priority, so
// one caller's backlog does not delay another caller's single package. Bulk units (`ingest --enqueue`) have none.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ingest_queue add column caller text`.execute(db)
  // What a claim reads of the callers: their units by state (the ready ones to rank, those in hand, when last served).
  await sql`create index ingest_queue_caller_idx on ingest_queue (caller, state, updated_at)
    where caller is not null`.execute(db)
}
