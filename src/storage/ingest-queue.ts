// The ingestion queue (table ingest_queue, migrations 9 and 10) on PostgreSQL and SQLite: units claimed under a lease
// that their worker renews while it works; on PostgreSQL with FOR UPDATE SKIP LOCKED, so any number of workers on any
// number of machines take distinct units. A worker that dies stops renewing; once the lease has run out another
// worker claims the unit again. Higher priorities (on-demand work, which a request waits for) are claimed first;
// within a priority, the callers who queued units take turns (migration 16).
import { type Kysely, sql } from 'kysely'
import {
  type ClaimedUnit,
  type ClaimOptions,
  type FailOutcome,
  type IngestQueue,
  type QueueStatus,
  serializeUnitOptions,
  type UnitOptions,
} from '../domain/kb/ingest-queue.ts'
import type { Dialect } from './database.ts'
import { isoTime, type QueueSql, queueSql } from './queue-sql.ts'
import type { Database } from './schema.ts'

export interface QueueOptions {
  /** Who claims: written on the units it holds (host, process id and a random tag). */
  owner: string
  /** A claimed unit belongs to its owner this long after the last renewal. */
  leaseSeconds: number
  /** Claims of a unit before it fails for good (a worker that died holding it counts as one). Default 5. */
  maxAttempts?: number
  /** Back-off before the first retry, doubling with each further attempt, at most an hour. Default 30. */
  retryBaseSeconds?: number
  /** Ended on-demand units are kept this long (ON_DEMAND_NEGATIVE_TTL). Default 3600. */
  onDemandKeepSeconds?: number
}

const DEFAULT_MAX_ATTEMPTS = 5
const DEFAULT_RETRY_BASE_SECONDS = 30
/** Names per insert statement when enqueuing a long list. */
const ENQUEUE_CHUNK = 5000
const COLUMNS = sql`cast(id as text) as id, run_id as "runId", source, name, options, attempts, priority, caller`

type Db = Kysely<Database>

export class SqlIngestQueue implements IngestQueue {
  private readonly maxAttempts: number
  private readonly retryBaseSeconds: number
  private readonly onDemandKeepSeconds: number
  readonly q: QueueSql

  constructor(
    private readonly db: Db,
    dialect: Dialect,
    private readonly opts: QueueOptions,
  ) {
    this.maxAttempts = opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS
    this.retryBaseSeconds = opts.retryBaseSeconds ?? DEFAULT_RETRY_BASE_SECONDS
    this.onDemandKeepSeconds = opts.onDemandKeepSeconds ?? 3600
    this.q = queueSql(dialect)
  }

  async enqueue(runId: string, source: string, names: readonly string[], options: UnitOptions): Promise<number> {
    const o = serializeUnitOptions(options)
    const units = [...new Set(names)].map((n) => [n, o] as const)
    return (await insertUnits(this.db, this.q, runId, source, units, { priority: 0, caller: null })).length
  }

  async claim(n: number, opts: ClaimOptions = {}): Promise<ClaimedUnit[]> {
    if (n <= 0) return []
    const { q } = this
    const lease = q.inSeconds(this.opts.leaseSeconds)
    const priority = opts.minPriority ?? 0
    // A package is ingested by one unit at a time: a pending unit waits while another unit of its package is active.
    // A unit whose worker died holding it as often as a unit may be tried fails for good instead.
    await sql`
      update ingest_queue set state = 'failed', lease_owner = null, lease_until = null, updated_at = ${q.now},
        last_error = coalesce(last_error || '; ', '') || 'its worker stopped renewing the lease ' || attempts || ' time(s)'
      where state = 'active' and lease_until < ${q.now} and attempts >= ${this.maxAttempts}`.execute(this.db)
    const expired = await sql<ClaimedUnit>`
      with picked as (
        select id from ingest_queue where state = 'active' and lease_until < ${q.now} and attempts < ${this.maxAttempts}
          and priority >= ${priority}
        order by priority desc, lease_until limit ${n} ${q.skipLocked}
      )
      update ingest_queue set lease_owner = ${this.opts.owner}, lease_until = ${lease}, attempts = attempts + 1,
        updated_at = ${q.now}
      where id in (select id from picked)
      returning ${COLUMNS}`.execute(this.db)
    const left = n - expired.rows.length
    if (left <= 0) return expired.rows
    // Ready: pending, its back-off over, no other unit of its package active, and no ready unit of its package at a
    // higher priority (one unit of a package at a time: an on-demand package's known phase before its analysis, even
    // in one claim).
    const ready = sql`ingest_queue.state = 'pending' and ingest_queue.run_after <= ${q.now}
      and ingest_queue.priority >= ${priority} and not exists (select 1 from ingest_queue a where a.state = 'active'
        and a.source = ingest_queue.source and a.name = ingest_queue.name)
      and not exists (select 1 from ingest_queue b where b.state = 'pending' and b.source = ingest_queue.source
        and b.name = ingest_queue.name and b.run_after <= ${q.now} and b.priority > ingest_queue.priority)`
    // Fair: within a priority, the callers take turns. A caller's n-th ready unit has turn n plus the number of its
    // units active (claimed by any worker); in a turn, the caller served least recently goes first. Units without a
    // caller (bulk) keep their order. The turns come from a window function in their own CTE: PostgreSQL refuses FOR
    // UPDATE in a query with window functions, not a join to one.
    const pending = await sql<ClaimedUnit>`
      with callers as (
        select priority, caller, count(*) filter (where state = 'active') as busy, max(updated_at) as served
        from ingest_queue where caller is not null and state <> 'pending' group by priority, caller
      ),
      turns as (
        select id, c.served, coalesce(c.busy, 0) + row_number() over (
          partition by ingest_queue.priority, ingest_queue.caller order by run_after, id) as turn
        from ingest_queue left join callers c on c.priority = ingest_queue.priority and c.caller = ingest_queue.caller
        where ingest_queue.caller is not null and ${ready}
      ),
      picked as (
        select ingest_queue.id from ingest_queue left join turns t on t.id = ingest_queue.id where ${ready}
        order by ingest_queue.priority desc, coalesce(t.turn, 1), t.served is not null, t.served,
          ingest_queue.run_after, ingest_queue.id
        limit ${left} ${q.skipLocked}
      )
      update ingest_queue set state = 'active', lease_owner = ${this.opts.owner}, lease_until = ${lease},
        attempts = attempts + 1, updated_at = ${q.now}
      where id in (select id from picked)
      returning ${COLUMNS}`.execute(this.db)
    const order = (a: ClaimedUnit, b: ClaimedUnit) => b.priority - a.priority || Number(a.id) - Number(b.id)
    return [...expired.rows, ...pending.rows.sort(order)]
  }

  async renew(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return []
    const { rows } = await sql<{ id: string }>`
      update ingest_queue set lease_until = ${this.q.inSeconds(this.opts.leaseSeconds)}, updated_at = ${this.q.now}
      where state = 'active' and lease_owner = ${this.opts.owner} and ${this.q.idIn('id', ids.map(Number))}
      returning cast(id as text) as id`.execute(this.db)
    return rows.map((r) => r.id)
  }

  async complete(unit: ClaimedUnit, dependencies: readonly string[]): Promise<{ held: boolean; queued: number }> {
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql`
        update ingest_queue set state = 'done', lease_owner = null, lease_until = null, last_error = null,
          updated_at = ${this.q.now}
        where id = ${Number(unit.id)} and state = 'active' and lease_owner = ${this.opts.owner}
        returning id`.execute(trx)
      if (rows.length === 0) return { held: false, queued: 0 }
      const deps = [...new Set(dependencies)].map((n) => [n, unit.options] as const)
      const queued = await insertUnits(trx, this.q, unit.runId, unit.source, deps, unit)
      return { held: true, queued: queued.length }
    })
  }

  async fail(unit: ClaimedUnit, error: string, permanent: boolean): Promise<FailOutcome> {
    const final = permanent || unit.attempts >= this.maxAttempts
    const delay = final ? 0 : Math.min(this.retryBaseSeconds * 2 ** (unit.attempts - 1), 3600)
    const { rows } = await sql`
      update ingest_queue set state = ${final ? 'failed' : 'pending'}, lease_owner = null, lease_until = null,
        run_after = ${this.q.inSeconds(delay)}, last_error = ${error.slice(0, 2000)}, updated_at = ${this.q.now}
      where id = ${Number(unit.id)} and state = 'active' and lease_owner = ${this.opts.owner}
      returning id`.execute(this.db)
    if (rows.length === 0) return { state: 'lost' }
    // an on-demand package failed for good: its other phase's unit (its analysis) would fail the same way, fetching
    // again what the registry refused or never sent; it fails with it (the negative TTL covers both)
    if (final && unit.priority > 0)
      await sql`
        update ingest_queue set state = 'failed', last_error = ${error.slice(0, 2000)}, updated_at = ${this.q.now}
        where source = ${unit.source} and name = ${unit.name} and state = 'pending' and priority > 0`.execute(this.db)
    return final ? { state: 'failed' } : { state: 'retry', retryInSeconds: delay }
  }

  async release(units: readonly ClaimedUnit[]): Promise<void> {
    if (units.length === 0) return
    await sql`
      update ingest_queue set state = 'pending', lease_owner = null, lease_until = null, run_after = ${this.q.now},
        attempts = ${this.q.greatest(sql`attempts - 1`, sql`0`)}, updated_at = ${this.q.now}
      where state = 'active' and lease_owner = ${this.opts.owner}
        and ${this.q.idIn(
          'id',
          units.map((u) => Number(u.id)),
        )}`.execute(this.db)
  }

  async outstanding(opts: ClaimOptions = {}): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      select cast(count(*) as integer) as n from ingest_queue
      where state in ('pending', 'active') and priority >= ${opts.minPriority ?? 0}`.execute(this.db)
    return Number(rows[0]?.n ?? 0)
  }

  /**
   * Deletes the done units of runs that have nothing pending or active left, once they ended `keepSeconds` ago; and
   * the ended on-demand units once `onDemandKeepSeconds` have passed: until then they tell on-demand requests what was
   * fetched, or not found, a moment ago (the negative TTL).
   */
  async prune(keepSeconds = 0): Promise<number> {
    const { q } = this
    const r = await sql`
      delete from ingest_queue where
        (priority > 0 and state in ('done', 'failed') and updated_at <= ${q.inSeconds(-this.onDemandKeepSeconds)})
        or (priority = 0 and state = 'done' and updated_at <= ${q.inSeconds(-keepSeconds)} and not exists (
          select 1 from ingest_queue o where o.run_id = ingest_queue.run_id and o.state in ('pending', 'active')))`.execute(
      this.db,
    )
    return Number(r.numAffectedRows ?? 0)
  }

  async status(): Promise<QueueStatus> {
    const { db, q } = this
    const counts: QueueStatus['counts'] = { pending: 0, active: 0, done: 0, failed: 0 }
    const byState = await sql<{ state: keyof QueueStatus['counts']; n: number; ready: number; od: number }>`
      select state, cast(count(*) as integer) as n,
        cast(count(*) filter (where run_after <= ${q.now}) as integer) as ready,
        cast(count(*) filter (where priority > 0) as integer) as od
      from ingest_queue group by state`.execute(db)
    const onDemand: QueueStatus['counts'] = { pending: 0, active: 0, done: 0, failed: 0 }
    let ready = 0
    for (const r of byState.rows) {
      counts[r.state] = Number(r.n)
      onDemand[r.state] = Number(r.od)
      if (r.state === 'pending') ready = Number(r.ready)
    }
    const owners = await sql<{ owner: string; units: number; leaseUntil: Date | string }>`
      select lease_owner as owner, cast(count(*) as integer) as units, max(lease_until) as "leaseUntil"
      from ingest_queue where state = 'active' group by lease_owner order by lease_owner`.execute(db)
    const failed = await sql<{ name: string; attempts: number; error: string | null; at: Date | string }>`
      select name, attempts, last_error as error, updated_at as at from ingest_queue
      where state = 'failed' order by updated_at desc, id desc limit 20`.execute(db)
    return {
      counts,
      onDemand,
      ready,
      owners: owners.rows.map((o) => ({ ...o, units: Number(o.units), leaseUntil: isoTime(o.leaseUntil) })),
      failed: failed.rows.map((f) => ({ ...f, at: isoTime(f.at) })),
    }
  }
}

/**
 * One statement per chunk; `on conflict do nothing` skips names already in the run and identical open work. The
 * units get the priority and caller given (a unit's dependencies: the unit's). Returns the units inserted.
 */
export async function insertUnits(
  db: Db,
  q: QueueSql,
  runId: string,
  source: string,
  units: readonly (readonly [string, string])[],
  at: { priority: number; caller: string | null },
): Promise<{ id: string; name: string }[]> {
  const inserted: { id: string; name: string }[] = []
  for (let i = 0; i < units.length; i += ENQUEUE_CHUNK) {
    const r = await sql<{ id: string; name: string }>`
      insert into ingest_queue (run_id, source, name, options, state, priority, caller, run_after, created_at,
        updated_at)
      select ${runId}, ${source}, n, o, 'pending', ${at.priority}, ${at.caller}, ${q.now}, ${q.now}, ${q.now}
      from ${q.pairs(units.slice(i, i + ENQUEUE_CHUNK))} where true order by i
      on conflict do nothing
      returning cast(id as text) as id, name`.execute(db)
    inserted.push(...r.rows)
  }
  return inserted
}
