// The on-demand port (domain/on-demand/types.ts) over the ingestion queue: for each package a request lacks (npm's,
// Debian's), it joins the identical work already open, or skips it (fetched or not found less than
// ON_DEMAND_NEGATIVE_TTL ago, a name its source refuses, over the caller's budget), or queues it with its source's
// options (its PackageSource: sources/index.ts) in the caller's name (claims take the callers' units in turns), in
// two phases: what makes it known, then its analysis at a lower priority; then it waits at most ON_DEMAND_WAIT_MS for
// the phase its answer needs. Any worker takes the units: the server's own (jobs/on-demand-worker.ts) or `compintel
// worker`s on PostgreSQL. The server's worker tells the service of each unit it claims and settles (onUnit), which wakes
// the waiters at once (unit-waits.ts); which units a request queues and waits for: unit-plans.ts. docs/kb-growth.md.
import { createHash, randomUUID } from 'node:crypto'
import type { OnDemandMode } from '../config/growth.ts'
import type { OnDemandQueue, UnitEvent } from '../domain/kb/ingest-queue.ts'
import { learnKey } from '../domain/on-demand/learn.ts'
import type { Learned, LearnRequest, LearnSource, OnDemandCounts, OnDemandPort } from '../domain/on-demand/types.ts'
import { PACKAGE_SOURCES } from '../sources/index.ts'
import type { PackageSource } from '../sources/source.ts'
import { FetchBudget } from './budget.ts'
import { endedFor, isOpen, PHASES, type Planned, planned, SKIPPED } from './unit-plans.ts'
import { UnitWaits } from './unit-waits.ts'

export interface OnDemandSettings {
  mode: Exclude<OnDemandMode, 'off'>
  waitMs: number
  negativeTtlSeconds: number
  perKeyPerMinute: number
  /**
   * How often a waiting request looks in SQL at its units that this process's worker does not hold (default 100 ms;
   * another node's worker may take them). Infinity: only when its wait ends (this process's worker is the only one).
   */
  pollMs?: number
}

export class OnDemandService implements OnDemandPort {
  readonly counts: OnDemandCounts = {
    requested: 0,
    joined: 0,
    skipped: 0,
    overBudget: 0,
    waitsDone: 0,
    waitsAtBudget: 0,
  }
  private readonly budget: FetchBudget
  private readonly waits: UnitWaits

  constructor(
    private readonly queue: OnDemandQueue,
    private readonly settings: OnDemandSettings,
    /** Called when units were queued (wakes this process's worker). */
    private readonly onQueued: () => void = () => {},
    /** The sources it learns from (default: every package source). */
    readonly sources: readonly PackageSource[] = PACKAGE_SOURCES,
  ) {
    this.budget = new FetchBudget(settings.perKeyPerMinute)
    this.waits = new UnitWaits(queue, settings.pollMs ?? 100, this.counts)
  }

  /** This process's worker claimed a unit, or it left its hands (a failure with its error): waiters for it wake. */
  onUnit(id: string, event: UnitEvent, error?: string): void {
    this.waits.onUnit(id, event, error)
  }

  /** The process is stopping: requests stop waiting for their units (every waiter wakes now). */
  stop(): void {
    this.waits.stop()
  }

  async learn(requests: readonly LearnRequest[], who: string, waitMs?: number): Promise<Map<string, Learned>> {
    const states = new Map<string, Learned>()
    const watched = new Map<string, string>() // unit id → learnKey
    const sources = new Set(requests.map((r) => r.source))
    for (const source of sources)
      await this.start(
        source,
        requests.filter((r) => r.source === source),
        who,
        states,
        watched,
      )
    for (const [key, state] of await this.waits.wait(watched, waitMs ?? this.settings.waitMs)) states.set(key, state)
    return states
  }

  /**
   * One source's packages: each phase's unit joined, skipped or queued (one lookup, one insert per phase); `watched`
   * gets the unit each request waits for: its analysis when its answer needs one, else what makes it known.
   */
  private async start(
    source: LearnSource,
    requests: readonly LearnRequest[],
    who: string,
    states: Map<string, Learned>,
    watched: Map<string, string>,
  ): Promise<void> {
    const rules = this.sources.find((s) => s.source === source)
    if (!rules) {
      for (const r of requests) states.set(learnKey(r), SKIPPED)
      return
    }
    const key = (name: string) => learnKey({ source, name })
    const wanted = new Map<string, Planned[]>()
    for (const r of requests) {
      if (rules.fetchable(r.name)) wanted.set(r.name, planned(rules.phases(this.settings.mode, r), r.need))
      else states.set(key(r.name), SKIPPED)
    }
    const seen = await this.queue.lookup(source, [...wanted.keys()], this.settings.negativeTtlSeconds)
    const fresh: [string, Planned[]][] = []
    for (const [name, plans] of wanted) {
      const mine = seen.filter((u) => u.name === name)
      const toAdd: Planned[] = []
      for (const plan of plans) {
        const same = mine.find((u) => u.options === plan.options && isOpen(u))
        if (same) {
          if (plan.waited) watched.set(same.id, key(name))
          this.counts.joined++
        } else if (mine.some((u) => u.state === 'failed' || u.options === plan.options)) {
          // failed for good (not found, refused, timed out), or the same work ended, a moment ago: a failure says why
          if (plan.waited) states.set(key(name), endedFor(mine, plan))
          this.counts.skipped++
        } else toAdd.push(plan)
      }
      if (toAdd.length > 0) fresh.push([name, toAdd])
    }
    const granted = this.budget.take(who, fresh.length)
    for (const [name] of fresh.slice(granted)) states.set(key(name), SKIPPED)
    this.counts.overBudget += fresh.length - granted
    const allowed = fresh.slice(0, granted)
    const run = `on-demand:${randomUUID()}`
    const raced: [string, Planned][] = []
    const queued = new Set<string>()
    for (const [phase, priority] of PHASES) {
      const units = allowed.flatMap(([name, plans]) =>
        plans.filter((p) => p.phase === phase).map((p) => [name, p] as const),
      )
      if (units.length === 0) continue
      const added = await this.queue.add(
        `${run}:${phase}`,
        source,
        units.map(([n, p]) => [n, p.options]),
        callerTag(who),
        priority,
      )
      for (const u of added) queued.add(u.name)
      for (const [name, p] of units) {
        const u = added.find((a) => a.name === name)
        if (!u) raced.push([name, p])
        else if (p.waited) watched.set(u.id, key(name))
      }
      if (added.length > 0) this.onQueued()
    }
    this.counts.requested += queued.size
    // identical work another request queued in between: join it
    if (raced.length === 0) return
    const open = await this.queue.lookup(source, [...new Set(raced.map(([n]) => n))], 0)
    for (const [name, p] of raced) {
      const u = open.find((o) => o.name === name && o.options === p.options && isOpen(o))
      if (u && p.waited) watched.set(u.id, key(name))
      if (u) this.counts.joined++
      else if (p.waited) states.set(key(name), SKIPPED)
    }
  }
}

/** Who queued a unit, as stored: a hash of the caller (a key id, or an address without a key), never the caller. */
function callerTag(who: string): string {
  return createHash('sha256').update(who).digest('hex').slice(0, 16)
}
