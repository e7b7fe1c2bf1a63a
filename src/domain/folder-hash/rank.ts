// The rank of a matched component, 1 (most trusted) to 9, from source trust and popularity (docs/folder-hashing.md
// "Rank (1–9)": 1-2 official or highly trusted, 3-4 verified community, 5-6 standard open source, 7-9 lower
// confidence). The formula is documented in docs/folder-hashing.md; change both together.
import type { IndexedVersion } from './types.ts'

/** PURL types whose packages come from the ecosystem's own registry (source trust). */
const REGISTRY_TYPES = new Set(['npm', 'pypi', 'maven', 'gem', 'nuget', 'cargo', 'golang', 'composer', 'deb'])

/**
 * Popularity (dependents in the KB) gives 1 (≥ 100), 2 (≥ 20), 3 (≥ 5), 4 (≥ 1) or 5 (none); then +1 when the
 * component does not come from its ecosystem's registry, +1 when it names no source repository, +2 when it is
 * deprecated and +4 when it was removed from the registry; at most 9.
 */
export function componentRank(c: Pick<IndexedVersion, 'type' | 'popularity' | 'status' | 'hasRepository'>): number {
  const p = c.popularity
  let rank = p >= 100 ? 1 : p >= 20 ? 2 : p >= 5 ? 3 : p >= 1 ? 4 : 5
  if (!REGISTRY_TYPES.has(c.type)) rank += 1
  if (!c.hasRepository) rank += 1
  if (c.status === 'deprecated') rank += 2
  if (c.status === 'removed' || c.status === 'deleted') rank += 4
  return Math.min(rank, 9)
}
