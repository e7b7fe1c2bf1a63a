// The ingestion queue on PostgreSQL (table ingest_queue, migration 9): units claimed with FOR UPDATE SKIP LOCKED, so
// any number of workers on any number of machines take distinct units, each under a lease its worker renews while
// it works. A worker that dies stops renewing; once the lease has run out another worker claims the unit again.
import { type Kysely, sql } from 'kysely'
import {
  type ClaimedUnit,
  type FailOutcome,
  type IngestQueue,
  type QueueStatus,
  serializeUnitOptions,
  type UnitOptions,
} from '../domain/kb/ingest-queue.ts'
import type { Database } from './schema.ts'

export interface PgQueueOptions {
  /** Who claims: written on the units it holds (host, process id and a random tag). */
  owner: string
  /** A claimed unit belongs to its owner this long after the last renewal. */
  leaseSeconds: number
  /** Claims of a unit before it fails for good (a worker that died holding it counts as one). Default 5. */
  maxAttempts?: number
  /** Back-off before the first retry, doubling with each further attempt, at most an hour. Default 30. */
  retryBaseSeconds?: number
}

export const DEFAULT_MAX_ATTEMPTS = 5
export const DEFAULT_RETRY_BASE_SECONDS = 30
/** Names per insert statement when enqueuing a long list. */
const ENQUEUE_CHUNK = 5000
const COLUMNS = sql`q.id::text as id, q.run_id as "runId", q.source, q.name, q.options, q.attempts`

type Db = Kysely<Database>

export class PgIngestQueue implements IngestQueue {
  private readonly maxAttempts: number
  private readonly retryBaseSeconds: number

  constructor(
    private readonly db: Db,
    private readonly opts: PgQueueOptions,
  ) {
    this.maxAttempts = opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS
    this.retryBaseSeconds = opts.retryBaseSeconds ?? DEFAULT_RETRY_BASE_SECONDS
  }

  async enqueue(runId: string, source: string, names: readonly string[], options: UnitOptions): Promise<number> {
    return insertUnits(this.db, runId, source, [...new Set(names)], serializeUnitOptions(options))
  }

  async claim(n: number): Promise<ClaimedUnit[]> {
    if (n <= 0) return []
    const lease = sql`now() + make_interval(secs => ${this.opts.leaseSeconds})`
    // A unit whose worker died holding it as often as a unit may be tried fails for good instead.
    await sql`
      update ingest_queue set state = 'failed', lease_owner = null, lease_until = null, updated_at = now(),
        last_error = coalesce(last_error || '; ', '') || 'its worker stopped renewing the lease ' || attempts || ' time(s)'
      where state = 'active' and lease_until < now() and attempts >= ${this.maxAttempts}`.execute(this.db)
    const expired = await sql<ClaimedUnit>`
      with picked as (
        select id from ingest_queue where state = 'active' and lease_until < now() and attempts < ${this.maxAttempts}
        order by lease_until limit ${n} for update skip locked
      )
      update ingest_queue q set lease_owner = ${this.opts.owner}, lease_until = ${lease}, attempts = q.attempts + 1,
        updated_at = now()
      from picked where q.id = picked.id
      returning ${COLUMNS}`.execute(this.db)
    const left = n - expired.rows.length
    if (left <= 0) return expired.rows
    const pending = await sql<ClaimedUnit>`
      with picked as (
        select id from ingest_queue where state = 'pending' and run_after <= now()
        order by run_after, id limit ${left} for update skip locked
      )
      update ingest_queue q set state = 'active', lease_owner = ${this.opts.owner}, lease_until = ${lease},
        attempts = q.attempts + 1, updated_at = now()
      from picked where q.id = picked.id
      returning ${COLUMNS}`.execute(this.db)
    return [...expired.rows, ...pending.rows.sort((a, b) => Number(a.id) - Number(b.id))]
  }

  async renew(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return []
    const { rows } = await sql<{ id: string }>`
      update ingest_queue set lease_until = now() + make_interval(secs => ${this.opts.leaseSeconds}), updated_at = now()
      where state = 'active' and lease_owner = ${this.opts.owner} and id = any(${ids.map(Number)}::bigint[])
      returning id::text as id`.execute(this.db)
    return rows.map((r) => r.id)
  }

  async complete(unit: ClaimedUnit, dependencies: readonly string[]): Promise<{ held: boolean; queued: number }> {
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql`
        update ingest_queue set state = 'done', lease_owner = null, lease_until = null, last_error = null,
          updated_at = now()
        where id = ${unit.id} and state = 'active' and lease_owner = ${this.opts.owner}
        returning id`.execute(trx)
      if (rows.length === 0) return { held: false, queued: 0 }
      const deps = [...new Set(dependencies)]
      return { held: true, queued: await insertUnits(trx, unit.runId, unit.source, deps, unit.options) }
    })
  }

  async fail(unit: ClaimedUnit, error: string, permanent: boolean): Promise<FailOutcome> {
    const final = permanent || unit.attempts >= this.maxAttempts
    const delay = final ? 0 : Math.min(this.retryBaseSeconds * 2 ** (unit.attempts - 1), 3600)
    const { rows } = await sql`
      update ingest_queue set state = ${final ? 'failed' : 'pending'}, lease_owner = null, lease_until = null,
        run_after = now() + make_interval(secs => ${delay}), last_error = ${error.slice(0, 2000)}, updated_at = now()
      where id = ${unit.id} and state = 'active' and lease_owner = ${this.opts.owner}
      returning id`.execute(this.db)
    if (rows.length === 0) return { state: 'lost' }
    return final ? { state: 'failed' } : { state: 'retry', retryInSeconds: delay }
  }

  async release(units: readonly ClaimedUnit[]): Promise<void> {
    if (units.length === 0) return
    await sql`
      update ingest_queue set state = 'pending', lease_owner = null, lease_until = null, run_after = now(),
        attempts = greatest(attempts - 1, 0), updated_at = now()
      where state = 'active' and lease_owner = ${this.opts.owner}
        and id = any(${units.map((u) => Number(u.id))}::bigint[])`.execute(this.db)
  }

  async outstanding(): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from ingest_queue where state in ('pending', 'active')`.execute(this.db)
    return rows[0]?.n ?? 0
  }

  async prune(): Promise<number> {
    const r = await sql`
      delete from ingest_queue q where q.state = 'done' and not exists (
        select 1 from ingest_queue o where o.run_id = q.run_id and o.state in ('pending', 'active'))`.execute(this.db)
    return Number(r.numAffectedRows ?? 0)
  }

  async status(): Promise<QueueStatus> {
    const counts: QueueStatus['counts'] = { pending: 0, active: 0, done: 0, failed: 0 }
    const byState = await sql<{ state: keyof QueueStatus['counts']; n: number; ready: number }>`
      select state, count(*)::int as n, (count(*) filter (where run_after <= now()))::int as ready
      from ingest_queue group by state`.execute(this.db)
    let ready = 0
    for (const r of byState.rows) {
      counts[r.state] = r.n
      if (r.state === 'pending') ready = r.ready
    }
    const owners = await sql<{ owner: string; units: number; leaseUntil: Date }>`
      select lease_owner as owner, count(*)::int as units, max(lease_until) as "leaseUntil"
      from ingest_queue where state = 'active' group by lease_owner order by lease_owner`.execute(this.db)
    const failed = await sql<{ name: string; attempts: number; error: string | null; at: Date }>`
      select name, attempts, last_error as error, updated_at as at from ingest_queue
      where state = 'failed' order by updated_at desc, id desc limit 20`.execute(this.db)
    return {
      counts,
      ready,
      owners: owners.rows.map((o) => ({ ...o, leaseUntil: new Date(o.leaseUntil).toISOString() })),
      failed: failed.rows.map((f) => ({ ...f, at: new Date(f.at).toISOString() })),
    }
  }
}

/** One statement per chunk; `on conflict do nothing` skips names already in the run and identical open work. */
async function insertUnits(db: Db, runId: string, source: string, names: string[], options: string): Promise<number> {
  let queued = 0
  for (let i = 0; i < names.length; i += ENQUEUE_CHUNK) {
    const r = await sql`
      insert into ingest_queue (run_id, source, name, options, state)
      select ${runId}, ${source}, n, ${options}, 'pending'
      from unnest(${names.slice(i, i + ENQUEUE_CHUNK)}::text[]) with ordinality as t(n, i) order by i
      on conflict do nothing`.execute(db)
    queued += Number(r.numAffectedRows ?? 0)
  }
  return queued
}
