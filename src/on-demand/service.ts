// The on-demand port (domain/on-demand/types.ts) over the ingestion queue: for each package a request lacks (npm's,
// Debian's), it joins the identical work already open, or skips it (fetched or not found less than
// ON_DEMAND_NEGATIVE_TTL ago, a name its source refuses, over the caller's budget), or queues it with its source's
// options (its PackageSource: sources/index.ts) in the caller's name (claims take the callers' units in turns), in
// two phases: what makes it known, then its analysis at a lower priority; then it waits at most ON_DEMAND_WAIT_MS for
// the phase its answer needs. Any worker takes the units: the server's own (jobs/on-demand-worker.ts) or `compintel
// worker`s on PostgreSQL. The server's worker tells the service of each unit it claims and settles (onUnit), which wakes the waiters at once;
// the units it does not hold are looked at in SQL every pollMs. docs/kb-growth.md.
import { createHash, randomUUID } from 'node:crypto'
import type { OnDemandMode } from '../config/growth.ts'
import {
  KNOWN_PRIORITY,
  type LearnPhase,
  ON_DEMAND_PRIORITY,
  type OnDemandQueue,
  parseUnitOptions,
  type UnitEvent,
  type UnitView,
} from '../domain/kb/ingest-queue.ts'
import { learnKey } from '../domain/on-demand/learn.ts'
import { learnedOf } from '../domain/on-demand/not-learned.ts'
import type {
  Learned,
  LearnRequest,
  LearnSource,
  Need,
  OnDemandCounts,
  OnDemandPort,
} from '../domain/on-demand/types.ts'
import { PACKAGE_SOURCES } from '../sources/index.ts'
import type { LearnPhases, PackageSource } from '../sources/source.ts'
import { FetchBudget } from './budget.ts'

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
  /** The units this process's worker holds (it reports them: onUnit), and the waiting requests it wakes. */
  private readonly held = new Set<string>()
  private readonly listeners = new Set<(id: string, event: UnitEvent, error?: string) => void>()
  /** Set when the process stops: waiting requests answer `pending` now (their units are given back to the queue). */
  private stopping = false

  constructor(
    private readonly queue: OnDemandQueue,
    private readonly settings: OnDemandSettings,
    /** Called when units were queued (wakes this process's worker). */
    private readonly onQueued: () => void = () => {},
    /** The sources it learns from (default: every package source). */
    readonly sources: readonly PackageSource[] = PACKAGE_SOURCES,
  ) {
    this.budget = new FetchBudget(settings.perKeyPerMinute)
  }

  /** This process's worker claimed a unit, or it left its hands (a failure with its error): waiters for it wake. */
  onUnit(id: string, event: UnitEvent, error?: string): void {
    if (event === 'claimed') this.held.add(id)
    else this.held.delete(id)
    for (const l of this.listeners) l(id, event, error)
  }

  /** The process is stopping: requests stop waiting for their units (every waiter wakes now). */
  stop(): void {
    this.stopping = true
    for (const l of this.listeners) l('', 'released')
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
    for (const [key, state] of await this.wait(watched, waitMs ?? this.settings.waitMs)) states.set(key, state)
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

  /**
   * Waits until every unit has ended or `waitMs` is spent: done → done, failed → failed with its error (not found at
   * its source: skipped), open → pending. It looks at the units' states in SQL when it starts and when its time is up;
   * meanwhile this process's worker wakes it as units settle, and the units the worker does not hold are looked at
   * every pollMs.
   */
  private async wait(watched: Map<string, string>, waitMs: number): Promise<Map<string, Learned>> {
    const out = new Map<string, Learned>()
    if (watched.size === 0) return out
    const deadline = Date.now() + waitMs
    const open = new Set(watched.keys())
    const settle = (id: string, unit: Pick<UnitView, 'state' | 'lastError'>) => {
      if (isEnded(unit.state) && open.delete(id)) out.set(watched.get(id) as string, learnedOf(unit))
    }
    let wake = () => {}
    const listener = (id: string, event: UnitEvent, error?: string) => {
      if (!open.has(id)) return void (this.stopping && wake())
      if (event === 'done' || event === 'failed') settle(id, { state: event, lastError: error ?? null })
      wake()
    }
    this.listeners.add(listener)
    try {
      let look = [...open]
      for (;;) {
        if (look.length > 0) {
          const now = await this.queue.states(look)
          for (const id of look) settle(id, now.get(id) ?? PRUNED) // pruned: it ended
        }
        if (open.size === 0) {
          if (waitMs > 0) this.counts.waitsDone++
          return out
        }
        const left = deadline - Date.now()
        if (left <= 0 || this.stopping) break
        const elsewhere = () => [...open].filter((id) => !this.held.has(id))
        const ms = elsewhere().length > 0 ? Math.min(this.settings.pollMs ?? 100, left) : left
        const woken = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), ms)
          wake = () => {
            clearTimeout(timer)
            resolve(true)
          }
        })
        wake = () => {}
        look = woken ? [] : ms >= left ? [...open] : elsewhere()
      }
    } finally {
      this.listeners.delete(listener)
    }
    if (waitMs > 0) this.counts.waitsAtBudget++ // a request that does not wait (a scan) is no wait
    for (const id of open) out.set(watched.get(id) as string, { state: 'pending' })
    return out
  }
}

const SKIPPED: Learned = { state: 'skipped' }
/** A unit the queue no longer holds: it ended, done (ended on-demand units are kept ON_DEMAND_NEGATIVE_TTL). */
const PRUNED = { state: 'done', lastError: null } as const

/**
 * What a request waiting for `plan` learns of its package's work that ended a moment ago: how the same work ended
 * (done: nothing to start), else the latest failure of that phase (another request's versions; a source whose options
 * name no phase: any), else nothing started.
 */
function endedFor(mine: readonly UnitView[], plan: Planned): Learned {
  const same = mine.find((u) => u.options === plan.options)
  if (same) return same.state === 'failed' ? learnedOf(same) : SKIPPED
  const failed = mine.find((u) => u.state === 'failed' && (phaseOf(u.options) ?? plan.phase) === plan.phase)
  return failed ? learnedOf(failed) : SKIPPED
}

function phaseOf(options: string): LearnPhase | undefined {
  try {
    return parseUnitOptions(options).phase
  } catch {
    return undefined // not an on-demand unit's options
  }
}

/** One phase's unit a request may queue, and whether the request waits for it. */
interface Planned {
  phase: LearnPhase
  options: string
  waited: boolean
}

/** The phases queued in order: what makes packages known, claimed first, then their analyses. */
const PHASES: readonly (readonly [LearnPhase, number])[] = [
  ['known', KNOWN_PRIORITY],
  ['analysis', ON_DEMAND_PRIORITY],
]

/**
 * A request's units: a package missing queues both phases and waits for the one its answer needs; a known version's
 * missing analysis queues the analysis only (the known phase as well where the source has no separate analysis).
 */
function planned(phases: LearnPhases, need: Need): Planned[] {
  const { known, analysis } = phases
  if (!analysis) return [{ phase: 'known', options: known, waited: true }]
  const a: Planned = { phase: 'analysis', options: analysis, waited: need === 'analysis' }
  return need === 'analysis' ? [a] : [{ phase: 'known', options: known, waited: true }, a]
}

/** Who queued a unit, as stored: a hash of the caller (a key id, or an address without a key), never the caller. */
function callerTag(who: string): string {
  return createHash('sha256').update(who).digest('hex').slice(0, 16)
}

function isOpen(u: UnitView): boolean {
  return u.state === 'pending' || u.state === 'active'
}

function isEnded(s: UnitView['state']): boolean {
  return s === 'done' || s === 'failed'
}
