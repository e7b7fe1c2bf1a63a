// The on-demand port (domain/on-demand/types.ts) over the ingestion queue: for each package a request lacks (npm's,
// Debian's), it joins the identical work already open, or skips it (fetched or not found less than
// ON_DEMAND_NEGATIVE_TTL ago, a name its source refuses, over the caller's budget), or queues it at on-demand
// priority with its source's options (sources.ts); then it waits at most ON_DEMAND_WAIT_MS for that work, looking at
// the units' states. Any worker takes the units: the server's own (see start.ts) or `compintel worker`s on
// PostgreSQL. docs/kb-growth.md.
import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { OnDemandMode } from '../config-growth.ts'
import type { OnDemandQueue, UnitView } from '../domain/kb/ingest-queue.ts'
import { learnKey } from '../domain/on-demand/learn.ts'
import type { LearnRequest, LearnSource, LearnState, OnDemandPort } from '../domain/on-demand/types.ts'
import { FetchBudget } from './budget.ts'
import { SOURCE_RULES } from './sources.ts'

export interface OnDemandSettings {
  mode: Exclude<OnDemandMode, 'off'>
  waitMs: number
  negativeTtlSeconds: number
  perKeyPerMinute: number
  /** How often a waiting request looks at its units (default 100 ms). */
  pollMs?: number
}

/** Counts since start, for /metrics and `compintel status`. */
export interface OnDemandCounts {
  requested: number
  joined: number
  skipped: number
  overBudget: number
  waitsDone: number
  waitsAtBudget: number
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
  /** Set when the process stops: waiting requests answer `pending` now (their units are given back to the queue). */
  private stopping = false

  constructor(
    private readonly queue: OnDemandQueue,
    private readonly settings: OnDemandSettings,
    /** Called when units were queued (wakes this process's worker). */
    private readonly onQueued: () => void = () => {},
  ) {
    this.budget = new FetchBudget(settings.perKeyPerMinute)
  }

  /** The process is stopping: requests stop waiting for their units. */
  stop(): void {
    this.stopping = true
  }

  async learn(requests: readonly LearnRequest[], who: string, waitMs?: number): Promise<Map<string, LearnState>> {
    const states = new Map<string, LearnState>()
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

  /** One source's packages: joined, skipped or queued (one lookup and one insert); `watched` gets the units to wait for. */
  private async start(
    source: LearnSource,
    requests: readonly LearnRequest[],
    who: string,
    states: Map<string, LearnState>,
    watched: Map<string, string>,
  ): Promise<void> {
    const rules = SOURCE_RULES[source]
    const key = (name: string) => learnKey({ source, name })
    const wanted = new Map<string, string>()
    for (const r of requests) {
      if (rules.fetchable(r.name)) wanted.set(r.name, rules.options(this.settings.mode, r))
      else states.set(key(r.name), 'skipped')
    }
    const seen = await this.queue.lookup(source, [...wanted.keys()], this.settings.negativeTtlSeconds)
    const fresh: [string, string][] = []
    for (const [name, options] of wanted) {
      const mine = seen.filter((u) => u.name === name)
      const same = mine.find((u) => u.options === options && isOpen(u))
      if (same) {
        watched.set(same.id, key(name))
        this.counts.joined++
      } else if (mine.some((u) => u.state === 'failed' || u.options === options)) {
        states.set(key(name), 'skipped') // failed for good (not found, refused, timed out), or the same work ended, a moment ago
        this.counts.skipped++
      } else fresh.push([name, options])
    }
    const granted = this.budget.take(who, fresh.length)
    for (const [name] of fresh.slice(granted)) states.set(key(name), 'skipped')
    this.counts.overBudget += fresh.length - granted
    const allowed = fresh.slice(0, granted)
    const added = await this.queue.add(`on-demand:${randomUUID()}`, source, allowed)
    this.counts.requested += added.length
    if (added.length > 0) this.onQueued()
    for (const u of added) watched.set(u.id, key(u.name))
    // identical work another request queued in between: join it
    const raced = allowed.filter(([name]) => !added.some((u) => u.name === name))
    if (raced.length === 0) return
    const open = await this.queue.lookup(
      source,
      raced.map(([n]) => n),
      0,
    )
    for (const [name, options] of raced) {
      const u = open.find((o) => o.name === name && o.options === options && isOpen(o))
      if (u) {
        watched.set(u.id, key(name))
        this.counts.joined++
      } else states.set(key(name), 'skipped')
    }
  }

  /** Waits until every unit has ended or `waitMs` is spent: done → done, failed → skipped, open → pending. */
  private async wait(watched: Map<string, string>, waitMs: number): Promise<Map<string, LearnState>> {
    const out = new Map<string, LearnState>()
    if (watched.size === 0) return out
    const deadline = Date.now() + waitMs
    let open = [...watched.keys()]
    for (;;) {
      const now = await this.queue.states(open)
      for (const id of open) {
        const s = now.get(id) ?? 'done' // pruned: it ended
        if (s === 'done' || s === 'failed') out.set(watched.get(id) as string, s === 'done' ? 'done' : 'skipped')
      }
      open = open.filter((id) => !isEnded(now.get(id) ?? 'done'))
      if (open.length === 0) {
        if (waitMs > 0) this.counts.waitsDone++
        return out
      }
      const left = deadline - Date.now()
      if (left <= 0 || this.stopping) break
      await sleep(Math.min(this.settings.pollMs ?? 100, left))
    }
    if (waitMs > 0) this.counts.waitsAtBudget++ // a request that does not wait (a scan) is no wait
    for (const id of open) out.set(watched.get(id) as string, 'pending')
    return out
  }
}

function isOpen(u: UnitView): boolean {
  return u.state === 'pending' || u.state === 'active'
}

function isEnded(s: UnitView['state']): boolean {
  return s === 'done' || s === 'failed'
}
