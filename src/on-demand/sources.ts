// What on-demand learning asks of each source (docs/kb-growth.md): the names that may be sent there, and the units a
// request queues in each ON_DEMAND mode: what makes the package known first (KNOWN_PRIORITY: a request waits for
// it), then its analysis (ON_DEMAND_PRIORITY, after every package asked is known), which a request waits for only when
// its answer needs an analysis. The worker's runner of each source is in jobs/unit-runner.ts.
import type { OnDemandMode } from '../config/growth.ts'
import { debianNameProblem, npmNameProblem } from '../domain/kb/ecosystem-rules.ts'
import { serializeUnitOptions } from '../domain/kb/ingest-queue.ts'
import type { LearnRequest, LearnSource } from '../domain/on-demand/types.ts'

type Mode = Exclude<OnDemandMode, 'off'>

/** The units' options of each phase (identical work has identical options, and joins); no analysis: none queued. */
export interface LearnPhases {
  known: string
  analysis?: string
}

interface SourceRules {
  /** A name the source could hold, never a path, URL, option or blank. */
  fetchable(name: string): boolean
  phases(mode: Mode, r: LearnRequest): LearnPhases
}

export const SOURCE_RULES: Readonly<Record<LearnSource, SourceRules>> = {
  npm: {
    // old packages' rules: JSONStream is one
    fetchable: (name) => name.length <= 214 && npmNameProblem(name) === undefined,
    // one phase still: every version's metadata, and in `analyze` mode the versions asked analyzed
    phases: (mode, r) => ({
      known: serializeUnitOptions({
        versions: 'all',
        withDependencies: false,
        ...(mode === 'metadata' ? { analyze: 'none' } : { analyze: 'asked', asked: r.asked }),
      }),
    }),
  },
  debian: {
    // Debian Policy §5.6.1, at most 128 characters
    fetchable: (name) => name.length <= 128 && debianNameProblem(name) === undefined,
    // every version in the suites; the newest one's .deb read (license, changelog) in `metadata` mode, every one in
    // `analyze` mode; then the same versions' installed trees and upstream sources walked
    phases: (mode) => {
      const o = { versions: 'all', analyze: mode === 'metadata' ? 'latest' : 'all', withDependencies: false }
      return {
        known: serializeUnitOptions({ ...o, phase: 'known' }),
        analysis: serializeUnitOptions({ ...o, phase: 'analysis' }),
      }
    },
  },
}
