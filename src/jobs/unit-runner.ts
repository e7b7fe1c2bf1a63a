// How the queue worker (worker.ts) ingests one unit: the runner of the unit's `source`, one per package source of the
// table (sources/index.ts), each built from its PackageSource over this process's KB.
import type { GrowthConfig } from '../config/growth.ts'
import { DEFAULT_ANALYZERS } from '../ingest/analyzers/index.ts'
import { PermanentError } from '../ingest/failure.ts'
import { PACKAGE_SOURCES } from '../sources/index.ts'
import type { RunnerDeps, UnitRunner } from '../sources/source.ts'
import { SqlAdvisoryWriter } from '../storage/advisory-writer.ts'
import type { Storage } from '../storage/database.ts'
import { SqlOriginWriter } from '../storage/geo-store.ts'
import { SqlKbWriter } from '../storage/kb-writer.ts'

/** The runner of each source (the queue's `source`: npm, debian). */
export type UnitRunners = Readonly<Record<string, UnitRunner>>

/** The runner of the source `unit.source`, or a PermanentError. */
export function runnerFor(runners: UnitRunners, source: string): UnitRunner {
  const runner = Object.hasOwn(runners, source) ? runners[source] : undefined
  if (!runner) throw new PermanentError(`unknown source "${source}"`)
  return runner
}

/**
 * The runner of each package source for a worker (the server's, `compintel worker`), every version read walked by
 * every analyzer through `walker` (the server's worker: threads, so the API's event loop never runs an analyzer;
 * `compintel worker`, which serves no API: its own thread); `replaced`: runners this process runs its own way.
 */
export function unitRunners(
  storage: Storage,
  growth: GrowthConfig,
  o: {
    walker?: RunnerDeps['walker']
    archives?: RunnerDeps['archives']
    registry?: Record<string, unknown>
    replaced?: UnitRunners
  } = {},
): UnitRunners {
  const deps: RunnerDeps = {
    growth,
    writer: new SqlKbWriter(storage),
    advisories: new SqlAdvisoryWriter(storage),
    origins: new SqlOriginWriter(storage.db),
    analyzers: DEFAULT_ANALYZERS,
    registry: o.registry ?? {},
    ...(o.walker ? { walker: o.walker } : {}),
    ...(o.archives ? { archives: o.archives } : {}),
  }
  return Object.fromEntries(PACKAGE_SOURCES.map((s) => [s.source, o.replaced?.[s.source] ?? s.runner(deps)] as const))
}
