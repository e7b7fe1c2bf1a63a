// Code statistics of component versions (docs/api-behaviour.md "Component statistics"): what the code-stats analyzer
// measured in the version's tarball.
import { type ComponentRef, resolveBatch } from '../catalog/resolve-batch.ts'
import type { CatalogReader } from '../catalog/types.ts'
import type { Outcome } from '../shared/outcome.ts'
import type { AnalysisReader } from './types.ts'

const CODE_STATS = 'code-stats'

interface Statistics {
  total_source_files: number
  total_lines: number
  total_blank_lines: number
  languages: { name: string; files: number }[]
}

export interface ComponentStatistics {
  purl: string
  version: string
  statistics: Statistics
  /** Only for malformed input (INVALID_PURL, INVALID_SEMVER); a component without data just has zeros. */
  problem?: Outcome
  /** What the answer rests on (not on the wire): NO_INFO for a version never measured, else the resolution's. */
  outcome: Outcome
}

const ZERO: Statistics = { total_source_files: 0, total_lines: 0, total_blank_lines: 0, languages: [] }
const MALFORMED = new Set(['INVALID_PURL', 'INVALID_SEMVER'])

export async function componentStatistics(
  refs: readonly ComponentRef[],
  catalog: CatalogReader,
  analyses: AnalysisReader,
): Promise<ComponentStatistics[]> {
  const resolved = await resolveBatch(refs, catalog)
  const ids = resolved.flatMap((r) => (r.chosen ? [r.chosen.id] : []))
  const outputs = ids.length > 0 ? await analyses.outputs(ids, CODE_STATS) : new Map<number, unknown>()
  return resolved.map((r) => {
    const out = r.chosen ? outputs.get(r.chosen.id) : undefined
    return {
      purl: r.purl,
      version: r.version,
      statistics: out ? normalise(out) : { ...ZERO, languages: [] },
      ...(MALFORMED.has(r.outcome.code) ? { problem: r.outcome } : {}),
      outcome: r.chosen && !out ? { code: 'NO_INFO', message: `No statistics for ${r.purl}@${r.version}` } : r.outcome,
    }
  })
}

function normalise(o: unknown): Statistics {
  const s = o as Partial<Statistics>
  return {
    total_source_files: s.total_source_files ?? 0,
    total_lines: s.total_lines ?? 0,
    total_blank_lines: s.total_blank_lines ?? 0,
    languages: (s.languages ?? []).map((l) => ({ name: l.name, files: l.files })),
  }
}
