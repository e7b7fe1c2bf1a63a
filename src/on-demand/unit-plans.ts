// A request's on-demand units (on-demand/service.ts queues them): which phases a package's request queues and which
// one it waits for, and what the same work, ended a moment ago, answers instead (done: nothing to start; failed for
// good: why, not-learned.ts).
import {
  KNOWN_PRIORITY,
  type LearnPhase,
  ON_DEMAND_PRIORITY,
  parseUnitOptions,
  type UnitView,
} from '../domain/kb/ingest-queue.ts'
import { learnedOf } from '../domain/on-demand/not-learned.ts'
import type { Learned, Need } from '../domain/on-demand/types.ts'
import type { LearnPhases } from '../sources/source.ts'

/** Nothing started (or nothing to start) for a package. */
export const SKIPPED: Learned = { state: 'skipped' }

/** One phase's unit a request may queue, and whether the request waits for it. */
export interface Planned {
  phase: LearnPhase
  options: string
  waited: boolean
}

/** The phases queued in order: what makes packages known, claimed first, then their analyses. */
export const PHASES: readonly (readonly [LearnPhase, number])[] = [
  ['known', KNOWN_PRIORITY],
  ['analysis', ON_DEMAND_PRIORITY],
]

/**
 * A request's units: a package missing queues both phases and waits for the one its answer needs; a known version's
 * missing analysis queues the analysis only (the known phase as well where the source has no separate analysis).
 */
export function planned(phases: LearnPhases, need: Need): Planned[] {
  const { known, analysis } = phases
  if (!analysis) return [{ phase: 'known', options: known, waited: true }]
  const a: Planned = { phase: 'analysis', options: analysis, waited: need === 'analysis' }
  return need === 'analysis' ? [a] : [{ phase: 'known', options: known, waited: true }, a]
}

/**
 * What a request waiting for `plan` learns of its package's work that ended a moment ago: how the same work ended
 * (done: nothing to start), else the latest failure of that phase (another request's versions; a source whose options
 * name no phase: any), else nothing started.
 */
export function endedFor(mine: readonly UnitView[], plan: Planned): Learned {
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

export function isOpen(u: UnitView): boolean {
  return u.state === 'pending' || u.state === 'active'
}
