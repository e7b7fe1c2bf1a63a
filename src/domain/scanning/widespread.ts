// Widespread code (docs/scanning.md "Widespread code"): what compilers and bundlers emit into every package they
// build (tsc's `__createBinding` / `__importStar` helpers, Babel's `_interopRequireDefault`, webpack's and esbuild's
// module runtime) is shared by the contents of many unrelated components, and a file whose only shared code is such a
// preamble was "a snippet of" whichever of them won. A fingerprint the indexed contents of more than
// MAX_COMPONENTS_PER_HASH distinct components hold, or that more than MAX_PLACES_PER_HASH paths of components hold,
// says nothing of where a file comes from and is left out of snippet matching. It is computed from the index for
// each post (no hand list): the posted fingerprints' entries are counted by content first, and only for those held by
// more contents than the limits are the contents' holders asked, in one read.
import type { Fingerprint, IndexHit } from './types.ts'

/**
 * More distinct components than this holding a fingerprint make it widespread. The fingerprints of tsc's
 * `__createBinding` / `__importStar` preamble sit in the contents of 18–19 of the 800 components the seed indexes
 * (one at its end in 54); a fragment of real code copied as is into up to this many components still matches
 * (docs/benchmarks.md: the figures).
 */
const MAX_COMPONENTS_PER_HASH = 10

/**
 * More distinct places (component and path) than this holding a fingerprint make it widespread too: a package
 * compiled by tsc to ES5 carries the same `__extends` / `__awaiter` / `__generator` helpers in many of its own files
 * (rxjs inlines `__extends` in 21), which a KB of a few hundred components finds in too few components for the rule
 * above. 15 left 10 of the accuracy bench's 21 compiled files matching, 30 left 13; neither lost a real match.
 */
const MAX_PLACES_PER_HASH = 15

/** Where each of these indexed contents sits: its components and paths, in any version. */
export type HoldersOf = (contentIds: readonly number[]) => Promise<Map<number, readonly ContentHolder[]>>
interface ContentHolder {
  componentId: number
  path: string
}

/**
 * The posted fingerprints (by their entries in the index) that more than `max.components` distinct components, or
 * more than `max.places` distinct paths of components, hold.
 */
export async function widespreadHashes(
  hits: readonly IndexHit[],
  holdersOf: HoldersOf,
  max = { components: MAX_COMPONENTS_PER_HASH, places: MAX_PLACES_PER_HASH },
): Promise<Set<number>> {
  const contentsOf = new Map<number, Set<number>>()
  for (const h of hits) {
    const set = contentsOf.get(h.hash)
    if (set) set.add(h.contentId)
    else contentsOf.set(h.hash, new Set([h.contentId]))
  }
  // a fingerprint in at most `max` contents is in at most `max` components only if no content sits in several: the
  // few contents shared by many components are whole files copied as is (file matches), not snippets
  const suspects = [...contentsOf].filter(([, contents]) => contents.size > Math.min(max.components, max.places))
  const out = new Set<number>()
  if (suspects.length === 0) return out
  const holders = await holdersOf([...new Set(suspects.flatMap(([, contents]) => [...contents]))])
  for (const [hash, contents] of suspects) {
    const components = new Set<number>()
    const places = new Set<string>()
    for (const c of contents)
      for (const h of holders.get(c) ?? []) {
        components.add(h.componentId)
        places.add(`${h.componentId}:${h.path}`)
      }
    if (components.size > max.components || places.size > max.places) out.add(hash)
  }
  return out
}

/** Lines apart at most this far, both with a widespread fingerprint, make one stretch of widespread code. */
const REGION_GAP = 3

/**
 * The scanned file's lines of widespread code: each line with a widespread fingerprint, the lines between two such
 * lines at most REGION_GAP apart, and one line either side (a fingerprint's window spans about a line). A preamble's
 * other fingerprints, the ones the indexed files' winnowing happened not to pick, are left out with it.
 */
export function widespreadLines(snippets: readonly Fingerprint[], widespread: ReadonlySet<number>): Set<number> {
  const lines = [...new Set(snippets.filter((f) => widespread.has(f.hash)).map((f) => f.line))].sort((a, b) => a - b)
  const out = new Set<number>()
  for (const [i, line] of lines.entries()) {
    const next = lines[i + 1]
    const to = next !== undefined && next - line <= REGION_GAP ? next : line + 1
    for (let l = Math.max(1, line - 1); l <= to; l++) out.add(l)
  }
  return out
}
