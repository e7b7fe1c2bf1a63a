// What on-demand learning asks of each source (docs/kb-growth.md): the names that may be sent there, and the options
// of the unit a request queues in each ON_DEMAND mode. The worker's runner of each source is in ingest/unit-runner.ts.
import validateName from 'validate-npm-package-name'
import type { OnDemandMode } from '../config-growth.ts'
import { serializeUnitOptions } from '../domain/kb/ingest-queue.ts'
import type { LearnRequest, LearnSource } from '../domain/on-demand/types.ts'

type Mode = Exclude<OnDemandMode, 'off'>

interface SourceRules {
  /** A name the source could hold, never a path, URL, option or blank. */
  fetchable(name: string): boolean
  /** The unit's options (identical work has identical options, and joins). */
  options(mode: Mode, r: LearnRequest): string
}

/** Debian Policy §5.6.1: lower-case letters, digits, `+`, `-` and `.`, at least two, starting alphanumeric. */
const DEBIAN_NAME = /^[a-z0-9][a-z0-9+.-]{1,127}$/

export const SOURCE_RULES: Readonly<Record<LearnSource, SourceRules>> = {
  npm: {
    // old packages' rules: JSONStream is one
    fetchable: (name) => name.length <= 214 && validateName(name).validForOldPackages,
    // every version's metadata, and in `analyze` mode the versions asked analyzed
    options: (mode, r) =>
      serializeUnitOptions({
        versions: 'all',
        withDependencies: false,
        ...(mode === 'metadata' ? { analyze: 'none' } : { analyze: 'asked', asked: r.asked }),
      }),
  },
  debian: {
    fetchable: (name) => DEBIAN_NAME.test(name),
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
