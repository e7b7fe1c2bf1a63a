// Which versions of a package to keep and which to analyze (--versions, --analyze, and on-demand units' `asked`).
import { WALKED_OUTPUT } from '../../domain/dependencies/learning.ts'
import type { PackageState, VersionFacts } from '../../domain/kb/types.ts'
import { resolveVersion } from '../../domain/shared/requirement.ts'

/** `asked`: the versions requests named, each a version or requirement resolved as the API resolves it. */
export type Selection = 'all' | 'latest' | 'none' | number | { asked: readonly string[] }

export function parseSelection(raw: string, allowNone: boolean): Selection {
  if (raw === 'all' || raw === 'latest' || (allowNone && raw === 'none')) return raw
  const n = Number(raw)
  if (Number.isInteger(n) && n > 0) return n
  throw new Error(`expected all, latest${allowNone ? ', none' : ''} or a positive number, got "${raw}"`)
}

/** Newest first by sort key, the latest dist-tag always included when a subset is asked for. */
export function pick(versions: readonly VersionFacts[], sel: Selection, latest: string | null): VersionFacts[] {
  if (sel === 'none') return []
  if (typeof sel === 'object') return askedVersions(versions, sel.asked)
  if (sel === 'all') return [...versions]
  const newest = [...versions].reverse()
  const latestFacts = newest.find((v) => v.version === latest) ?? newest.find((v) => v.status !== 'removed')
  if (sel === 'latest') return latestFacts ? [latestFacts] : []
  const chosen = newest.filter((v) => v.status !== 'removed').slice(0, sel)
  if (latestFacts && !chosen.includes(latestFacts)) chosen[chosen.length - 1] = latestFacts
  return chosen
}

/** The version each requirement resolves to ('' = none given: the highest), once each. */
function askedVersions(versions: readonly VersionFacts[], asked: readonly string[]): VersionFacts[] {
  const chosen = new Set<VersionFacts>()
  for (const requirement of asked) {
    const r = resolveVersion({ purl: 'pkg:npm/asked', requirement }, versions)
    if (r.chosen) chosen.add(r.chosen)
  }
  return [...chosen]
}

/**
 * Versions to stream, each with the analyzers it needs: the asked-for versions lacking an analyzer's current
 * version, plus every version an analyzer analyzed before at an older version (it is re-run there only), plus every
 * version walked before (its file list is stored) that lacks an analyzer, so that an analyzer added later covers
 * everything analyzed so far.
 */
export function analysisPlan(
  kept: readonly VersionFacts[],
  asked: readonly VersionFacts[],
  state: PackageState | undefined,
  analyzers: readonly { name: string; version: string }[],
): Map<VersionFacts, string[]> {
  const plan = new Map<VersionFacts, string[]>()
  const askedSet = new Set(asked)
  for (const v of kept) {
    if (!v.integrity || v.status === 'removed') continue
    const done = state?.analyses.get(v.version)
    const walked = done?.has(WALKED_OUTPUT) === true
    const needed = analyzers
      .filter((a) => {
        const have = done?.get(a.name)
        return have === undefined ? walked || askedSet.has(v) : have !== a.version
      })
      .map((a) => a.name)
    if (needed.length > 0) plan.set(v, needed)
  }
  return plan
}
