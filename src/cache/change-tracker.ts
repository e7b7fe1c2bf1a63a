// Follows the KB change log so that a cached answer is served only while nothing it depends on has changed.
// Answers are stamped, before the KB is read, with the watermark: the id up to which every change is known. A
// cached answer is fresh while no change seen since carries a higher id and one of its tags (or `*`).
// On PostgreSQL ids come from a sequence, so a transaction may commit id 7 after another committed id 8: a missing
// id is a gap, polled by id until it appears or GAP_WAIT_MS passes (a rolled-back write), and the watermark stays
// below it meanwhile. Writers insert their change rows last, just before commit, so gaps close within moments.
import { ANY_COMPONENT, type ChangeFeed, type ChangeRow } from '../domain/kb/changes.ts'

const BATCH = 1000
/** More missing ids than this (a node that fell far behind, a pruned log): drop everything and start over. */
const MAX_GAPS = 1000
export const GAP_WAIT_MS = 60_000
const START_BACK = 100

export interface TrackerOptions {
  pollMs: number
  /** How long an answer may live in any cache: changes are remembered a little longer than that. */
  ttlMs: number
  /** Called when every cached answer must go (a `*` change, or the tracker lost its place). */
  onFlush(): void
  onError(err: Error): void
  now?: () => number
}

export class ChangeTracker {
  private top = 0
  private readonly gaps = new Map<number, number>()
  private readonly recent = new Map<string, { id: number; at: number }>()
  private started = false
  private timer: NodeJS.Timeout | undefined
  private stopped = false
  private polling: Promise<void> | undefined
  private readonly now: () => number

  constructor(
    private readonly feed: ChangeFeed,
    private readonly opts: TrackerOptions,
  ) {
    this.now = opts.now ?? Date.now
  }

  /** Whether the tracker knows its place in the log; until then nothing is cached. */
  get ready(): boolean {
    return this.started
  }

  /** Every change with an id up to this one has been seen. */
  get watermark(): number {
    let w = this.top
    for (const id of this.gaps.keys()) w = Math.min(w, id - 1)
    return w
  }

  isFresh(answer: { watermark: number; tags: readonly string[] }): boolean {
    if (!this.started) return false
    const newer = (tag: string) => (this.recent.get(tag)?.id ?? 0) > answer.watermark
    return !newer(ANY_COMPONENT) && !answer.tags.some(newer)
  }

  /** Polls every pollMs until stop(); the first poll finds the log's end. Errors are reported, never thrown. */
  start(): void {
    const tick = async () => {
      try {
        await this.poll()
      } catch (err) {
        this.opts.onError(err as Error)
      }
      if (!this.stopped) this.timer = setTimeout(tick, this.opts.pollMs).unref()
    }
    void tick()
  }

  stop(): void {
    this.stopped = true
    clearTimeout(this.timer)
  }

  /**
   * Reads the log now if it grew since the last poll (one small query when it did not), so that what is cached is as
   * fresh as a read of the KB would be: for caches of facts whose writer may be this very request's wait.
   */
  async catchUp(): Promise<void> {
    const end = await this.feed.latest()
    // a poll already under way may have read the log before `end` was written: then one more
    for (let i = 0; i < 2 && (!this.started || this.top < end); i++) await this.poll()
  }

  /** One read of the log; concurrent callers share the read under way. */
  poll(): Promise<void> {
    this.polling ??= this.pollOnce().finally(() => {
      this.polling = undefined
    })
    return this.polling
  }

  private async pollOnce(): Promise<void> {
    if (!this.started) {
      // A writer may still hold an id just below the end: the rows of the last START_BACK ids are read like new
      // ones, so the ids missing among them are watched as gaps (those below the first are pruned, not pending).
      const end = await this.feed.latest()
      const [first] = await this.feed.since(Math.max(0, end - START_BACK), 1)
      this.top = first ? first.id - 1 : end
      this.started = true
    }
    for (;;) {
      const rows = await this.feed.since(this.top, BATCH)
      for (const r of rows) {
        if (r.id > this.top + 1) this.openGaps(this.top + 1, r.id - 1)
        this.apply(r)
      }
      if (rows.length < BATCH) break
    }
    if (this.gaps.size > 0) {
      for (const r of await this.feed.byIds([...this.gaps.keys()])) {
        this.gaps.delete(r.id)
        this.apply(r)
      }
      const expired = this.now() - GAP_WAIT_MS
      for (const [id, since] of this.gaps) if (since < expired) this.gaps.delete(id)
    }
    const forget = this.now() - (this.opts.ttlMs + 2 * GAP_WAIT_MS + 10_000)
    for (const [tag, c] of this.recent) if (c.at < forget) this.recent.delete(tag)
  }

  private openGaps(from: number, to: number): void {
    if (to - from + 1 + this.gaps.size > MAX_GAPS) {
      this.gaps.clear()
      this.apply({ id: to, tag: ANY_COMPONENT })
      return
    }
    for (let id = from; id <= to; id++) this.gaps.set(id, this.now())
  }

  private apply(r: ChangeRow): void {
    const known = this.recent.get(r.tag)
    this.recent.set(r.tag, { id: Math.max(r.id, known?.id ?? 0), at: this.now() })
    this.top = Math.max(this.top, r.id)
    if (r.tag === ANY_COMPONENT) this.opts.onFlush()
  }
}
