// The on-demand port (domain/on-demand/types.ts) over the ingestion queue: for each npm package a request lacks, it
// joins the identical work already open, or skips it (fetched or not found less than ON_DEMAND_NEGATIVE_TTL ago, a
// name the registry refuses, over the caller's budget), or queues it at on-demand priority; then it waits at most
// ON_DEMAND_WAIT_MS for that work, looking at the units' states. Any worker takes the units: the server's own (see
// start.ts) or `compintel worker`s on PostgreSQL. docs/kb-growth.md.
import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import validateName from 'validate-npm-package-name'
import type { OnDemandMode } from '../config-growth.ts'
import { type OnDemandQueue, serializeUnitOptions, type UnitView } from '../domain/kb/ingest-queue.ts'
import type { LearnRequest, LearnState, OnDemandPort } from '../domain/on-demand/types.ts'
import { FetchBudget } from './budget.ts'

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

const SOURCE = 'npm'
const NOT_FOUND = 'not found'

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

  constructor(
    private readonly queue: OnDemandQueue,
    private readonly settings: OnDemandSettings,
    /** Called when units were queued (wakes this process's worker). */
    private readonly onQueued: () => void = () => {},
  ) {
    this.budget = new FetchBudget(settings.perKeyPerMinute)
  }

  async learn(requests: readonly LearnRequest[], who: string): Promise<Map<string, LearnState>> {
    const states = new Map<string, LearnState>()
    const wanted = new Map<string, string>()
    for (const r of requests) {
      if (isFetchableName(r.name)) wanted.set(r.name, this.optionsFor(r))
      else states.set(r.name, 'skipped')
    }
    const seen = await this.queue.lookup(SOURCE, [...wanted.keys()], this.settings.negativeTtlSeconds)
    const watched = new Map<string, string>() // unit id → package
    const fresh: [string, string][] = []
    for (const [name, options] of wanted) {
      const mine = seen.filter((u) => u.name === name)
      const same = mine.find((u) => u.options === options && isOpen(u))
      if (same) {
        watched.set(same.id, name)
        this.counts.joined++
      } else if (mine.some((u) => (u.state === 'failed' && u.lastError === NOT_FOUND) || u.options === options)) {
        states.set(name, 'skipped') // not found, or the same work ended, a moment ago
        this.counts.skipped++
      } else fresh.push([name, options])
    }
    const granted = this.budget.take(who, fresh.length)
    for (const [name] of fresh.slice(granted)) states.set(name, 'skipped')
    this.counts.overBudget += fresh.length - granted
    const allowed = fresh.slice(0, granted)
    const added = await this.queue.add(`on-demand:${randomUUID()}`, SOURCE, allowed)
    this.counts.requested += added.length
    if (added.length > 0) this.onQueued()
    for (const u of added) watched.set(u.id, u.name)
    // identical work another request queued in between: join it
    const raced = allowed.filter(([name]) => !added.some((u) => u.name === name))
    if (raced.length > 0) {
      const open = await this.queue.lookup(
        SOURCE,
        raced.map(([n]) => n),
        0,
      )
      for (const [name, options] of raced) {
        const u = open.find((o) => o.name === name && o.options === options && isOpen(o))
        if (u) {
          watched.set(u.id, name)
          this.counts.joined++
        } else states.set(name, 'skipped')
      }
    }
    for (const [name, state] of await this.wait(watched)) states.set(name, state)
    return states
  }

  /** Waits until every unit has ended or the budget is spent: done → done, failed → skipped, open → pending. */
  private async wait(watched: Map<string, string>): Promise<Map<string, LearnState>> {
    const out = new Map<string, LearnState>()
    if (watched.size === 0) return out
    const deadline = Date.now() + this.settings.waitMs
    let open = [...watched.keys()]
    for (;;) {
      const now = await this.queue.states(open)
      for (const id of open) {
        const s = now.get(id) ?? 'done' // pruned: it ended
        if (s === 'done' || s === 'failed') out.set(watched.get(id) as string, s === 'done' ? 'done' : 'skipped')
      }
      open = open.filter((id) => !isEnded(now.get(id) ?? 'done'))
      if (open.length === 0) {
        this.counts.waitsDone++
        return out
      }
      const left = deadline - Date.now()
      if (left <= 0) break
      await sleep(Math.min(this.settings.pollMs ?? 100, left))
    }
    this.counts.waitsAtBudget++
    for (const id of open) out.set(watched.get(id) as string, 'pending')
    return out
  }

  /** The unit's options: every version's metadata, and in `analyze` mode the versions asked analyzed. */
  private optionsFor(r: LearnRequest): string {
    const base = { versions: 'all', withDependencies: false }
    if (this.settings.mode === 'metadata') return serializeUnitOptions({ ...base, analyze: 'none' })
    return serializeUnitOptions({ ...base, analyze: 'asked', asked: r.asked })
  }
}

/** A name the registry could hold (old packages' rules: JSONStream is one), never a path, URL or blank. */
function isFetchableName(name: string): boolean {
  return name.length <= 214 && validateName(name).validForOldPackages
}

function isOpen(u: UnitView): boolean {
  return u.state === 'pending' || u.state === 'active'
}

function isEnded(s: UnitView['state']): boolean {
  return s === 'done' || s === 'failed'
}
