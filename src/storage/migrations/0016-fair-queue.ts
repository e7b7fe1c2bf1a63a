// Migration 16: fair queueing (docs/kb-growth.md "Fairness"). An on-demand unit records who queued it (`caller`: an
// opaque hash of the key id or address, never a key); claims take the callers' units in turns within a priority, so
// one caller's backlog does not delay another caller's single package. Bulk units (`ingest --enqueue`) have none.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ingest_queue add column caller text`.execute(db)
  // What a claim ranks: each caller's ready units in order.
  await sql`create index ingest_queue_caller_idx on ingest_queue (priority, caller, run_after, id)
    where state = 'pending' and caller is not null`.execute(db)
}
