// How the queue worker (worker.ts) ingests one unit: a runner per source, chosen by the unit's `source` from one map
// (npm: ingestPackage, here; debian: ingestDebian, debian/debian-units.ts). A runner throws PackageNotFound
// (npm/registry.ts) for a package its source does not have, a PermanentError (failure.ts) for a unit no retry can
// help.
import type { UnitOptions } from '../domain/kb/ingest-queue.ts'
import { PermanentError } from './failure.ts'
import type { IngestOne } from './npm/ingest-package.ts'
import { parseSelection } from './npm/select-versions.ts'

/** One unit as its runner gets it. */
interface UnitRun {
  name: string
  options: UnitOptions
  /** On-demand units: aborted after ON_DEMAND_TIMEOUT_MS. */
  signal?: AbortSignal
  /** On-demand units: versions larger than this unpacked are not analyzed. */
  maxUnpackedBytes?: number
  /** First back-off of the retries within the unit. */
  retryBaseMs?: number
  onRetry?(what: string, err: unknown, attempt: number): void
}

interface UnitDone {
  /** Something in the KB changed (the worker refreshes popularity). */
  changed: boolean
  /** The packages to queue when the unit's options ask for its dependencies. */
  dependencies: string[]
  /** What the unit's log line reports (versions, analyzed, bytes, written, …). */
  facts: Record<string, unknown>
}

export type UnitRunner = (run: UnitRun) => Promise<UnitDone>

/** The runner of each source (the queue's `source`: npm, debian). */
export type UnitRunners = Readonly<Record<string, UnitRunner>>

/** `fn`'s error as a PermanentError (the unit's options cannot be read). */
export function permanent<T>(fn: () => T): T {
  try {
    return fn()
  } catch (err) {
    throw new PermanentError((err as Error).message)
  }
}

/** The runner of the source `unit.source`, or a PermanentError. */
export function runnerFor(runners: UnitRunners, source: string): UnitRunner {
  const runner = Object.hasOwn(runners, source) ? runners[source] : undefined
  if (!runner) throw new PermanentError(`unknown source "${source}"`)
  return runner
}

/** npm units: the versions kept and analyzed that their options select, through ingestPackage. */
export function npmRunner(ingest: IngestOne): UnitRunner {
  return async ({ name, options: o, ...unit }) => {
    const versions = permanent(() => parseSelection(o.versions, false))
    const analyze = permanent(() =>
      o.analyze === 'asked' ? { asked: o.asked ?? [] } : parseSelection(o.analyze, true),
    )
    const r = await ingest(name, { ...unit, versions, analyze })
    const w = r.report
    const written = w ? w.versionsInserted + w.versionsUpdated + w.analysesWritten : 0
    return {
      changed: !!w && (w.componentChanged || written > 0),
      dependencies: r.latestDependencies,
      facts: {
        versions: r.versions,
        analyzed: r.analyzed,
        ...(r.tooLarge > 0 ? { tooLarge: r.tooLarge } : {}),
        bytes: r.bytes,
        written,
      },
    }
  }
}
