// Snippet matching of one scanned file against the contents its fingerprints hit (docs/scanning.md "Snippets"),
// after the SCANOSS engine's rules where they are known (hits counted per scanned hash occurrence, thresholds
// scaled by the file's number of hashes, ranges joined with a tolerance, `matched` over the last fingerprinted
// line), deterministic where the engine's order of work is not.
import { alignedPairs, buildRanges, type Range } from './snippet-ranges.ts'
import type { Fingerprint, IndexHit } from './types.ts'

export interface Thresholds {
  minHits: number
  minLines: number
  tolerance: number
}

/** What a client may set through the `scanoss-settings` header; 0 or absent lets the server decide. */
export interface SnippetSettings {
  minSnippetHits?: number
  minSnippetLines?: number
}

const DEFAULT: Thresholds = { minHits: 2, minLines: 5, tolerance: 5 }

/** The engine's thresholds: scaled with the file's number of hashes W, unless the client set hits or lines. */
export function thresholds(snippets: readonly Fingerprint[], settings: SnippetSettings = {}): Thresholds {
  const hits = settings.minSnippetHits ?? 0
  const lines = settings.minSnippetLines ?? 0
  if (hits > 0 || lines > 0)
    return { ...DEFAULT, ...(hits > 0 ? { minHits: hits } : {}), ...(lines > 0 ? { minLines: lines } : {}) }
  const w = snippets.length
  if (w === 0 || lastLine(snippets) <= 10) return DEFAULT
  return {
    minHits: Math.min(9, 1 + Math.floor(w / 19)),
    minLines: Math.min(15, 5 + Math.floor(w / 193)),
    tolerance: Math.max(5, 21 - Math.floor(w / 21)),
  }
}

/** The scanned file's line count as the engine knows it: the line of its last fingerprint. */
function lastLine(snippets: readonly Fingerprint[]): number {
  let last = 0
  for (const f of snippets) if (f.line > last) last = f.line
  return last
}

export interface SnippetCandidate {
  contentId: number
  /** Scanned hash occurrences found in the content, a hash repeated in a row counted once, minus one (engine). */
  hits: number
  /** The ranges in the scanned file, each with the content line its start corresponds to (rangeTexts writes them). */
  ranges: Range[]
  /** Σ (to − from) over the ranges kept. */
  matchedLines: number
  /** floor(100 × matchedLines / last fingerprinted line), within 1..99 (a snippet is never the whole file). */
  matched: number
}

/**
 * The candidates of one scanned file: every content its fingerprints hit `> minHits` times whose ranges keep at
 * least one of `minLines` lines, each with its ranges and `matched`. `hits` are the index's entries for the
 * file's hashes (any order); the fingerprints of `skipLines` (widespread code) hit nothing.
 */
export function snippetCandidates(
  snippets: readonly Fingerprint[],
  hits: readonly IndexHit[],
  t: Thresholds,
  skipLines?: ReadonlySet<number>,
) {
  // content → hash → its lines there, and content → the file's fingerprints it holds, in the file's order: each
  // content's work is proportional to its own hits, not to the file's fingerprints (a long file hitting hundreds of
  // contents stayed one long synchronous stretch)
  const byContent = new Map<number, Map<number, number[]>>()
  const contentsOf = new Map<number, number[]>()
  for (const h of hits) {
    let hashes = byContent.get(h.contentId)
    if (!hashes) {
      hashes = new Map()
      byContent.set(h.contentId, hashes)
    }
    const lines = hashes.get(h.hash)
    if (lines) lines.push(h.line)
    else {
      hashes.set(h.hash, [h.line])
      const contents = contentsOf.get(h.hash)
      if (contents) contents.push(h.contentId)
      else contentsOf.set(h.hash, [h.contentId])
    }
  }
  const held = new Map<number, Fingerprint[]>()
  for (const f of snippets) {
    if (skipLines?.has(f.line)) continue
    for (const c of contentsOf.get(f.hash) ?? []) {
      const list = held.get(c)
      if (list) list.push(f)
      else held.set(c, [f])
    }
  }
  const total = lastLine(snippets)
  const out: SnippetCandidate[] = []
  for (const [contentId, hashes] of [...byContent].sort((a, b) => a[0] - b[0])) {
    const mine = held.get(contentId) ?? []
    const hitCount = countHits(mine)
    if (hitCount <= t.minHits) continue
    const ranges = buildRanges(alignedPairs(mine, hashes), t.tolerance, t.minLines)
    if (ranges.length === 0) continue
    const matchedLines = ranges.reduce((n, r) => n + (r.to - r.from), 0)
    out.push({
      contentId,
      hits: hitCount,
      ranges,
      matchedLines,
      matched: Math.min(99, Math.max(1, Math.floor((100 * matchedLines) / Math.max(1, total)))),
    })
  }
  return out
}

/** The engine's count over the file's fingerprints a content holds (in the file's order). */
function countHits(held: readonly Fingerprint[]): number {
  let count = 0
  let previous: number | undefined
  for (const f of held) {
    if (f.hash === previous) continue
    count++
    previous = f.hash
  }
  return count - 1
}
