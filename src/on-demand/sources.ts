// What on-demand learning asks of each source (docs/kb-growth.md): the names that may be sent there, and the options
// of the unit a request queues in each ON_DEMAND mode. The worker's runner of each source is in jobs/unit-runner.ts.
import type { OnDemandMode } from '../config/growth.ts'
import { debianNameProblem, npmNameProblem } from '../domain/kb/ecosystem-rules.ts'
import { serializeUnitOptions } from '../domain/kb/ingest-queue.ts'
import type { LearnRequest, LearnSource } from '../domain/on-demand/types.ts'

type Mode = Exclude<OnDemandMode, 'off'>

interface SourceRules {
  /** A name the source could hold, never a path, URL, option or blank. */
  fetchable(name: string): boolean
  /** The unit's options (identical work has identical options, and joins). */
  options(mode: Mode, r: LearnRequest): string
}

export const SOURCE_RULES: Readonly<Record<LearnSource, SourceRules>> = {
  npm: {
    // old packages' rules: JSONStream is one
    fetchable: (name) => name.length <= 214 && npmNameProblem(name) === undefined,
    // every version's metadata, and in `analyze` mode the versions asked analyzed
    options: (mode, r) =>
      serializeUnitOptions({
        versions: 'all',
        withDependencies: false,
        ...(mode === 'metadata' ? { analyze: 'none' } : { analyze: 'asked', asked: r.asked }),
      }),
  },
  debian: {
    // Debian Policy §5.6.1, at most 128 characters
    fetchable: (name) => name.length <= 128 && debianNameProblem(name) === undefined,
    // every version in the suites; the newest one read (license, changelog, its installed tree and upstream source
    // walked) in `metadata` mode, every one in `analyze` mode
    options: (mode) =>
      serializeUnitOptions({
        versions: 'all',
        analyze: mode === 'metadata' ? 'latest' : 'all',
        withDependencies: false,
      }),
  },
}
