// On-demand learning as the domain sees it (docs/kb-growth.md): an answer that lacks what the KB does not know yet
// asks the port to fetch it, waits a bounded time, and answers again what arrived. The port is on-demand/service.ts.
import type { Purl } from '../shared/purl.ts'

/** What an answer lacks: the package or version itself (metadata), or an analysis of a known version. */
export type Need = 'metadata' | 'analysis'

/** Where a package is learned from (the ingestion queue's `source`: npm, debian; the port's `sources` list them). */
export type LearnSource = string

/** A source the port learns from, as the domain sees it: the purl types it holds and the name it knows a purl by. */
export interface LearnableSource {
  source: LearnSource
  purlTypes: readonly string[]
  /** The package a purl of those types names there; none: not this source's (another repository, distribution). */
  nameOf(p: Purl): string | undefined
}

/** One package a batch needs, with every version or requirement its references named ('' = none given). */
export interface LearnRequest {
  source: LearnSource
  /** The name the source knows it by (npm: the package name with its scope; Debian: the binary package name). */
  name: string
  asked: string[]
  need: Need
}

/**
 * What became of a package's work. done: it ended in time (answer again); pending: still under way (answer as before,
 * and say so); skipped: nothing was started (fetched or not found a moment ago, over the caller's budget, a name the
 * registry refuses) or its source does not have it; failed: its source could not give it, now or a moment ago
 * (refused, timed out, its retries ran out), and `reason` is why (the unit's last error, as stored: not-learned.ts
 * makes it fit for an answer).
 */
export type Learned = { state: 'done' | 'pending' | 'skipped' } | { state: 'failed'; reason: string }

export interface OnDemandPort {
  /** The sources it learns from (sources/index.ts's table); a purl of no source's type is answered from the KB only. */
  readonly sources: readonly LearnableSource[]
  /**
   * Starts or joins the work for these packages on behalf of `who`, and waits for it at most the budget (`waitMs`
   * when given: 0 = queue and answer at once, for answers the work cannot change); what became of each package's
   * work is keyed by learnKey() (learn.ts).
   */
  learn(requests: readonly LearnRequest[], who: string, waitMs?: number): Promise<Map<string, Learned>>
}

/** Who asks (a key id, or an address without a key), for the per-caller budget. */
export interface LearnContext {
  port: OnDemandPort | undefined
  who: string
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
