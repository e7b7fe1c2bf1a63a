// Waiting for on-demand units' outcomes (on-demand/service.ts queues them; docs/kb-growth.md "Waiting, and what an
// answer says"): a request waits until every unit it watches has ended or its time is spent. This process's worker
// tells of each unit it claims and settles (onUnit), which wakes the waiters at once; the units it does not hold are
// looked at in SQL every pollMs.
import type { OnDemandQueue, UnitEvent, UnitView } from '../domain/kb/ingest-queue.ts'
import { learnedOf } from '../domain/on-demand/not-learned.ts'
import type { Learned, OnDemandCounts } from '../domain/on-demand/types.ts'

/** A unit the queue no longer holds: it ended, done (ended on-demand units are kept ON_DEMAND_NEGATIVE_TTL). */
const PRUNED = { state: 'done', lastError: null } as const

export class UnitWaits {
  /** The units this process's worker holds (it reports them: onUnit), and the waiting requests it wakes. */
  private readonly held = new Set<string>()
  private readonly listeners = new Set<(id: string, event: UnitEvent, error?: string) => void>()
  /** Set when the process stops: waiting requests answer `pending` now (their units are given back to the queue). */
  private stopping = false

  constructor(
    private readonly queue: Pick<OnDemandQueue, 'states'>,
    /** How often the units this process's worker does not hold are looked at (Infinity: only when a wait ends). */
    private readonly pollMs: number,
    /** The service's counts, of the waits that ended and of those that reached their budget. */
    private readonly counts: Pick<OnDemandCounts, 'waitsDone' | 'waitsAtBudget'>,
  ) {}

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

  /**
   * Waits until every unit of `watched` (unit id → the key it answers) has ended or `waitMs` is spent: done → done,
   * failed → failed with its error (not found at its source: skipped), open → pending. It looks at the units' states
   * in SQL when it starts and when its time is up; meanwhile this process's worker wakes it as units settle, and the
   * units the worker does not hold are looked at every pollMs.
   */
  async wait(watched: ReadonlyMap<string, string>, waitMs: number): Promise<Map<string, Learned>> {
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
        const ms = elsewhere().length > 0 ? Math.min(this.pollMs, left) : left
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

function isEnded(s: UnitView['state']): boolean {
  return s === 'done' || s === 'failed'
}
