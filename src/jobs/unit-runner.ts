// How the queue worker (worker.ts) ingests one unit: the runner of the unit's `source`, from one map (npm's in
// sources/npm/npm-units.ts, Debian's in sources/debian/debian-units.ts).
import { PermanentError } from '../ingest/failure.ts'
import type { UnitRunner } from '../sources/source.ts'

/** The runner of each source (the queue's `source`: npm, debian). */
export type UnitRunners = Readonly<Record<string, UnitRunner>>

/** The runner of the source `unit.source`, or a PermanentError. */
export function runnerFor(runners: UnitRunners, source: string): UnitRunner {
  const runner = Object.hasOwn(runners, source) ? runners[source] : undefined
  if (!runner) throw new PermanentError(`unknown source "${source}"`)
  return runner
}
