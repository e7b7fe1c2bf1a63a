// `compintel worker`'s loop: claims units from the ingestion queue with bounded concurrency, ingests each with its
// source's runner (unit-runner.ts: npm's ingestPackage, Debian's ingestDebian), renews the leases of the units in
// hand, queues the dependencies a unit discovers, retries failures through the queue, refreshes popularity when it
// runs out of work (and now and then while busy), and stops promptly: no new claims, the units in hand aborted (their
// signal: threads terminated, child processes killed) and given back uncounted, for the next worker to retry.
import { setTimeout as sleep } from 'node:timers/promises'
import {
  type ClaimedUnit,
  type ClaimOptions,
  type IngestQueue,
  NOT_FOUND_ERROR,
  ON_DEMAND_PRIORITY,
  parseUnitOptions,
  type UnitEvent,
} from '../domain/kb/ingest-queue.ts'
import { excerpt, isPermanent, UpstreamRefused } from '../ingest/failure.ts'
import { PackageNotFound } from '../sources/npm/registry.ts'
import { permanent } from '../sources/source.ts'
import { runnerFor, type UnitRunners } from './unit-runner.ts'

/** The part of a pino logger the worker uses. */
export interface WorkerLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

export interface WorkerOptions {
  concurrency: number
  leaseSeconds: number
  /** How often an idle worker looks for work. */
  pollMs: number
  /** Exit once the queue holds nothing pending or active (whoever holds it). */
  untilEmpty: boolean
  /** While busy, popularity is refreshed at most this often (and always when the worker runs out of work). */
  refreshEveryMs: number
  /** After stop(): how long the aborted units in hand may take to settle before they are given back regardless. */
  shutdownTimeoutMs: number
  /** First back-off of the retries within a unit (ingestPackage's; default 500 ms). */
  retryBaseMs?: number
  /** Claim only units of at least this priority (the server's own worker: on-demand units). */
  minPriority?: number
  /**
   * Bounds of on-demand units (a request waits for them): one that takes longer than `timeoutMs` is aborted and
   * fails (retried after its back-off); versions larger than `maxUnpackedBytes` unpacked are not analyzed.
   */
  onDemandLimits?: { timeoutMs: number; maxUnpackedBytes: number }
}

export interface WorkerDeps {
  queue: IngestQueue
  /** The runner of each source (npm: over ingestInThisThread(…), its artifacts read here or in artifact threads). */
  runners: UnitRunners
  /** Recomputes what depends on many packages (popularity); called when this worker has written something. */
  refresh(): Promise<void>
  log: WorkerLog
  /**
   * Told of each unit this worker claims and of how it leaves its hands (the on-demand waiters of this process); a
   * failure with its reason, as the unit's last error records it.
   */
  onUnit?(id: string, event: UnitEvent, error?: string): void
}

export interface WorkerSummary {
  done: number
  failed: number
  retried: number
  /** Units whose lease another worker took over before this one finished them. */
  lost: number
  released: number
}

export class IngestWorker {
  private readonly inHand = new Map<string, { unit: ClaimedUnit; work: Promise<void> }>()
  private readonly summary: WorkerSummary = { done: 0, failed: 0, retried: 0, lost: 0, released: 0 }
  private stopping = false
  /** Aborted by stop(): every unit's signal follows it. */
  private readonly halt = new AbortController()
  /** Units whose run ended in that abort: given back by finishInHand. */
  private readonly abandoned: ClaimedUnit[] = []
  private wake: () => void = () => {}
  private dirty = false
  private lastRefresh = Date.now()

  private readonly claimOptions: ClaimOptions

  constructor(
    private readonly deps: WorkerDeps,
    private readonly opts: WorkerOptions,
  ) {
    this.claimOptions = opts.minPriority ? { minPriority: opts.minPriority } : {}
  }

  /** Stop claiming; abort the units in hand and give them back (their attempt not counted). */
  stop(): void {
    this.stopping = true
    this.halt.abort(new Error('the worker is stopping'))
    this.wake()
  }

  /** Looks for work now rather than after pollMs (new units were just queued in this process). */
  poke(): void {
    this.wake()
  }

  async run(): Promise<WorkerSummary> {
    const { queue, log } = this.deps
    const heartbeat = setInterval(() => void this.renew(), Math.max(200, (this.opts.leaseSeconds * 1000) / 3))
    let failures = 0
    let wasIdle = false
    try {
      while (!this.stopping) {
        try {
          const free = this.opts.concurrency - this.inHand.size
          const claimed = free > 0 ? await queue.claim(free, this.claimOptions) : []
          for (const unit of claimed) this.start(unit)
          const idle = this.inHand.size === 0
          if (idle && !wasIdle) await this.ranOut()
          wasIdle = idle
          if (idle && this.opts.untilEmpty && (await queue.outstanding(this.claimOptions)) === 0) break
          if (this.dirty && Date.now() - this.lastRefresh >= this.opts.refreshEveryMs) await this.refresh()
          failures = 0
          // Full: wait for a unit to finish. Otherwise the queue had nothing more: look again after pollMs.
          await this.pause(this.inHand.size >= this.opts.concurrency ? undefined : this.opts.pollMs)
        } catch (err) {
          failures++
          log.warn({ err: (err as Error).message }, 'queue unreachable; trying again')
          await this.pause(Math.min(this.opts.pollMs * 2 ** failures, 30_000))
        }
      }
      await this.finishInHand()
      if (this.dirty) await this.refresh().catch(() => {})
    } finally {
      clearInterval(heartbeat)
    }
    log.info({ ...this.summary }, 'worker stopped')
    return this.summary
  }

  /** Once each time the worker runs out of work: popularity for what it wrote, and the done units of ended runs. */
  private async ranOut(): Promise<void> {
    if (this.dirty) await this.refresh()
    const pruned = await this.deps.queue.prune()
    this.deps.log.info({ ...this.summary, pruned }, 'no work ready')
  }

  private async refresh(): Promise<void> {
    const started = Date.now()
    this.dirty = false // a unit that finishes meanwhile marks it again
    try {
      await this.deps.refresh()
    } catch (err) {
      this.dirty = true
      throw err
    }
    this.lastRefresh = Date.now()
    this.deps.log.info({ ms: Date.now() - started }, 'popularity refreshed')
  }

  private start(unit: ClaimedUnit): void {
    const work = this.process(unit).finally(() => {
      this.inHand.delete(unit.id)
      this.wake()
    })
    this.inHand.set(unit.id, { unit, work })
    this.deps.onUnit?.(unit.id, 'claimed')
  }

  private async process(unit: ClaimedUnit): Promise<void> {
    const { queue, log } = this.deps
    const started = Date.now()
    const at = { unit: unit.id, package: unit.name, attempt: unit.attempts }
    const limits = unit.priority >= ON_DEMAND_PRIORITY ? this.opts.onDemandLimits : undefined
    const timeout = limits ? AbortSignal.timeout(limits.timeoutMs) : undefined
    const signal = timeout ? AbortSignal.any([this.halt.signal, timeout]) : this.halt.signal
    try {
      const run = runnerFor(this.deps.runners, unit.source)
      const o = permanent(() => parseUnitOptions(unit.options))
      const r = await run({
        name: unit.name,
        options: o,
        signal,
        ...(limits ? { maxUnpackedBytes: limits.maxUnpackedBytes } : {}),
        retryBaseMs: this.opts.retryBaseMs,
        onRetry: (what, err, n) => log.warn({ ...at, what, err: (err as Error).message, retry: n }, 'retrying'),
      })
      if (r.changed) this.dirty = true
      const { held, queued } = await queue.complete(unit, o.withDependencies ? r.dependencies : [])
      if (!held) this.summary.lost++
      else this.summary.done++
      this.deps.onUnit?.(unit.id, held ? 'done' : 'lost')
      const facts = { ...r.facts, dependenciesQueued: queued }
      log.info(
        { ...at, ...facts, ms: Date.now() - started, totals: { ...this.summary } },
        held ? 'unit done' : 'unit done, but another worker had taken over its lease',
      )
    } catch (err) {
      if (this.halt.signal.aborted) {
        this.abandoned.push(unit) // stopped: finishInHand gives it back, its attempt not counted
        return
      }
      const notFound = err instanceof PackageNotFound
      // An on-demand unit that ran out of time holds a thread that long only once: it is not tried again.
      const timedOut = timeout?.aborted === true && !notFound && !isPermanent(err)
      const reason = notFound
        ? NOT_FOUND_ERROR
        : timedOut
          ? `gave up after ${limits?.timeoutMs} ms (ON_DEMAND_TIMEOUT_MS)`
          : failureReason(err)
      const outcome = await queue.fail(unit, reason, notFound || timedOut || isPermanent(err)).catch((e: Error) => {
        log.error({ ...at, err: e.message }, 'could not record the failure; the unit comes back when its lease ends')
        return { state: 'lost' as const }
      })
      this.deps.onUnit?.(unit.id, outcome.state, reason)
      if (outcome.state === 'retry') {
        this.summary.retried++
        log.warn({ ...at, err: reason, retryInSeconds: outcome.retryInSeconds }, 'unit failed; will retry')
      } else if (outcome.state === 'failed') {
        this.summary.failed++
        log.error({ ...at, err: reason }, notFound ? 'package not found' : 'unit failed for good')
      } else {
        this.summary.lost++
      }
    }
  }

  private async renew(): Promise<void> {
    const ids = [...this.inHand.keys()]
    if (ids.length === 0) return
    try {
      const held = new Set(await this.deps.queue.renew(ids))
      const lost = ids.filter((id) => !held.has(id) && this.inHand.has(id))
      if (lost.length > 0) this.deps.log.warn({ units: lost }, 'lease taken over by another worker')
    } catch (err) {
      this.deps.log.warn({ err: (err as Error).message }, 'could not renew leases')
    }
  }

  /** The units in hand were aborted (stop()): each settles (up to shutdownTimeoutMs) and is given back uncounted. */
  private async finishInHand(): Promise<void> {
    if (this.inHand.size === 0 && this.abandoned.length === 0) return
    this.deps.log.info({ units: this.inHand.size }, 'stopping: aborting the units in hand')
    let timer: NodeJS.Timeout | undefined
    await Promise.race([
      Promise.all([...this.inHand.values()].map((h) => h.work)),
      new Promise((resolve) => {
        timer = setTimeout(resolve, this.opts.shutdownTimeoutMs)
      }),
    ])
    clearTimeout(timer)
    const units = [...this.abandoned, ...[...this.inHand.values()].map((h) => h.unit)]
    await this.deps.queue.release(units)
    for (const u of units) this.deps.onUnit?.(u.id, 'released')
    this.summary.released += units.length
    this.deps.log.warn({ units: units.map((u) => u.name) }, 'gave the unfinished units back to the queue')
  }

  /** Sleeps `ms` (forever when undefined) or until a unit finishes or stop() is called. */
  private async pause(ms: number | undefined): Promise<void> {
    if (this.stopping) return
    const ac = new AbortController()
    await Promise.race([
      new Promise<void>((resolve) => {
        this.wake = resolve
      }),
      ms === undefined ? new Promise<void>(() => {}) : sleep(ms, undefined, { signal: ac.signal }).catch(() => {}),
    ])
    ac.abort()
    this.wake = () => {}
  }
}

/** A failure as the unit's last_error: a refusal names its kind; at most 500 characters, control characters escaped. */
function failureReason(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err)
  return excerpt(err instanceof UpstreamRefused ? `refused (${err.kind}): ${message}` : message, 500)
}
