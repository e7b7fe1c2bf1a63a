// The ingestion queue as enqueuers and workers see it: units of one package each, claimed under a lease that the
// worker renews while it works (docs/ingestion-at-scale.md). The store is storage/ingest-queue.ts.

/**
 * What to do with a package: the `compintel ingest npm` options a unit carries (its dependencies inherit them). An
 * on-demand unit analyzes `asked` (analyze = 'asked'): the versions and requirements requests named, each resolved
 * against the packument as the API resolves it ('' = the version a bare purl names).
 */
export interface UnitOptions {
  versions: string
  analyze: string
  withDependencies: boolean
  asked?: string[]
  /**
   * The phase of on-demand learning: `known` fetches what makes the package known (versions, licenses, changelog
   * CVEs, dependencies), `analysis` walks what the versions hold too; none (bulk units): both.
   */
  phase?: LearnPhase
}

export type LearnPhase = 'known' | 'analysis'

/**
 * Priority of on-demand units: claimed before bulk ingestion (0); every unit at or above it is on-demand work. A
 * package's analysis phase runs at this priority.
 */
export const ON_DEMAND_PRIORITY = 1

/** Priority of the phase that makes an asked package known: claimed before any analysis. */
export const KNOWN_PRIORITY = 2

export interface ClaimOptions {
  /** Only units of at least this priority (the server's own worker takes on-demand units only). */
  minPriority?: number
}

export interface ClaimedUnit {
  id: string
  /** The `ingest --enqueue` invocation the unit belongs to; the dependencies a worker discovers join it. */
  runId: string
  source: string
  name: string
  /** As stored (JSON of UnitOptions); the worker validates it. */
  options: string
  /** Claims so far, this one included. */
  attempts: number
  priority: number
  /** Who queued an on-demand unit (a hash of the key id or address; null for bulk units); its dependencies inherit it. */
  caller: string | null
}

/**
 * What became of a unit in a worker's hands, as the worker reports it (on-demand waiters in its process listen):
 * claimed; ended (done, failed for good); pending again (retry: after its back-off; released: given back at a stop);
 * lost (another worker had taken over its lease).
 */
export type UnitEvent = 'claimed' | 'done' | 'failed' | 'retry' | 'released' | 'lost'

/**
 * A unit's last error when its source does not have the package (PackageNotFound): a plain "not found", nothing
 * refused, so an answer says no more (domain/on-demand/not-learned.ts).
 */
export const NOT_FOUND_ERROR = 'not found'

/** After a failure: tried again later, failed for good, or no longer this worker's (its lease was taken over). */
export type FailOutcome = { state: 'retry'; retryInSeconds: number } | { state: 'failed' } | { state: 'lost' }

export interface QueueStatus {
  counts: Record<'pending' | 'active' | 'done' | 'failed', number>
  /** The same counts for on-demand units only. */
  onDemand: Record<'pending' | 'active' | 'done' | 'failed', number>
  /** Of the pending units, how many may be claimed now (the rest wait for a retry's back-off). */
  ready: number
  /** Units in workers' hands, by owner. */
  owners: { owner: string; units: number; leaseUntil: string }[]
  /** The most recent permanent failures. */
  failed: { name: string; attempts: number; error: string | null; at: string }[]
}

export interface IngestQueue {
  /** Adds units to run `runId`; a package already in the run or identical work still open is skipped. */
  enqueue(runId: string, source: string, names: readonly string[], options: UnitOptions): Promise<number>
  /**
   * Claims up to `n` units: expired leases first, then pending units, higher priorities first; within a priority the
   * callers' units in turns (each caller's first ready unit, then each one's second, …), then in order.
   */
  claim(n: number, opts?: ClaimOptions): Promise<ClaimedUnit[]>
  /** Extends the leases of these units (the ones in hand); returns the ids still held by this worker. */
  renew(ids: readonly string[]): Promise<string[]>
  /** Marks the unit done and queues the dependencies it discovered, in one transaction; false if no longer held. */
  complete(unit: ClaimedUnit, dependencies: readonly string[]): Promise<{ held: boolean; queued: number }>
  fail(unit: ClaimedUnit, error: string, permanent: boolean): Promise<FailOutcome>
  /** Gives units back untouched (a graceful stop): pending again, the attempt not counted. */
  release(units: readonly ClaimedUnit[]): Promise<void>
  /** Units pending or active, whoever holds them. */
  outstanding(opts?: ClaimOptions): Promise<number>
  /** Deletes the done units of runs that have nothing pending or active left (and ended `keepSeconds` ago). */
  prune(keepSeconds?: number): Promise<number>
  status(): Promise<QueueStatus>
}

/** The stored form: keys in one order, so identical work has identical text. */
export function serializeUnitOptions(o: UnitOptions): string {
  const base = { versions: o.versions, analyze: o.analyze, withDependencies: o.withDependencies }
  const asked = o.asked ? { asked: [...new Set(o.asked)].sort() } : {}
  return JSON.stringify({ ...base, ...asked, ...(o.phase ? { phase: o.phase } : {}) })
}

export function parseUnitOptions(raw: string): UnitOptions {
  const o = JSON.parse(raw) as Partial<UnitOptions> | null
  if (
    o === null ||
    typeof o !== 'object' ||
    typeof o.versions !== 'string' ||
    typeof o.analyze !== 'string' ||
    typeof o.withDependencies !== 'boolean' ||
    (o.asked !== undefined && (!Array.isArray(o.asked) || o.asked.some((a) => typeof a !== 'string'))) ||
    (o.phase !== undefined && o.phase !== 'known' && o.phase !== 'analysis')
  )
    throw new Error(`bad unit options ${raw}`)
  const base = { versions: o.versions, analyze: o.analyze, withDependencies: o.withDependencies }
  return { ...base, ...(o.asked ? { asked: o.asked } : {}), ...(o.phase ? { phase: o.phase } : {}) }
}

/** A unit as on-demand requests see it: open work to join, or work that ended a moment ago. */
export interface UnitView {
  id: string
  name: string
  options: string
  state: 'pending' | 'active' | 'done' | 'failed'
  lastError: string | null
}

/** The queue's side that on-demand requests use (storage/on-demand-queue.ts). */
export interface OnDemandQueue {
  /** Open units of these packages (any priority) and the on-demand units that ended less than `ttlSeconds` ago. */
  lookup(source: string, names: readonly string[], ttlSeconds: number): Promise<UnitView[]>
  /**
   * Adds on-demand units that `caller` queued at `priority` (KNOWN_PRIORITY, or by default ON_DEMAND_PRIORITY), one
   * per name with its own options; returns those inserted.
   */
  add(
    runId: string,
    source: string,
    units: readonly (readonly [string, string])[],
    caller: string,
    priority?: number,
  ): Promise<UnitView[]>
  /** The state of each unit that still exists (pruned units are absent), with its last error. */
  states(ids: readonly string[]): Promise<Map<string, Pick<UnitView, 'state' | 'lastError'>>>
}
