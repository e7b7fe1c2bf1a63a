// What a source declares for the queue worker (jobs/worker.ts): the runner of its units. A runner throws
// PackageNotFound (npm/registry.ts) for a package its source does not have, a PermanentError (ingest/failure.ts) for a
// unit no retry can help.
import type { UnitOptions } from '../domain/kb/ingest-queue.ts'
import { PermanentError } from '../ingest/failure.ts'

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

/** `fn`'s error as a PermanentError (the unit's options cannot be read). */
export function permanent<T>(fn: () => T): T {
  try {
    return fn()
  } catch (err) {
    throw new PermanentError((err as Error).message)
  }
}
