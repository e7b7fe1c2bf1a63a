// Widespread code (docs/scanning.md "Widespread code"): what compilers and bundlers emit into every package they
// build (tsc's `__createBinding` / `__importStar` helpers, Babel's `_interopRequireDefault`, webpack's and esbuild's
// module runtime) is shared by the contents of many unrelated components, and a file whose only shared code is such a
// preamble was "a snippet of" whichever of them won. A fingerprint the indexed contents of more than
// MAX_COMPONENTS_PER_HASH distinct components hold says nothing of where a file comes from and is left out of snippet
// matching. It is computed from the index for each post (no hand list): the posted fingerprints' entries are counted
// by content first, and only for those held by more contents than the limit are the components asked, in one read.
import type { IndexHit } from './types.ts'

/**
 * More distinct components than this holding a fingerprint make it widespread. tsc's helper preamble sits in the
 * contents of 18–19 components of the seed's 800 with fingerprints, Babel's and webpack's in 11–50; a fragment of
 * real code copied as is into up to this many components still matches (docs/benchmarks.md: the figures).
 */
export const MAX_COMPONENTS_PER_HASH = 10

/** The component ids holding each of these indexed contents (in any version). */
export type ComponentsOf = (contentIds: readonly number[]) => Promise<Map<number, readonly number[]>>

/** The posted fingerprints (by their entries in the index) that more than `max` distinct components hold. */
export async function widespreadHashes(
  hits: readonly IndexHit[],
  componentsOf: ComponentsOf,
  max = MAX_COMPONENTS_PER_HASH,
): Promise<Set<number>> {
  const contentsOf = new Map<number, Set<number>>()
  for (const h of hits) {
    const set = contentsOf.get(h.hash)
    if (set) set.add(h.contentId)
    else contentsOf.set(h.hash, new Set([h.contentId]))
  }
  // a fingerprint in at most `max` contents is in at most `max` components only if no content sits in several: the
  // few contents shared by many components are whole files copied as is (file matches), not snippets
  const suspects = [...contentsOf].filter(([, contents]) => contents.size > max)
  const out = new Set<number>()
  if (suspects.length === 0) return out
  const components = await componentsOf([...new Set(suspects.flatMap(([, contents]) => [...contents]))])
  for (const [hash, contents] of suspects) {
    const distinct = new Set<number>()
    for (const c of contents) for (const id of components.get(c) ?? []) distinct.add(id)
    if (distinct.size > max) out.add(hash)
  }
  return out
}
