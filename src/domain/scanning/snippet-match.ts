// Snippet matching of one scanned file against the contents its fingerprints hit (docs/scanning.md "Snippets"),
// after the SCANOSS engine's rules where they are known (hits counted per scanned hash occurrence, thresholds
// scaled by the file's number of hashes, ranges joined with a tolerance, `matched` over the last fingerprinted
// line), deterministic where the engine's order of work is not.
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
const MAX_RANGES = 10
/** The join's gap doubles at most four times (16 × the tolerance) to bring the ranges down to MAX_RANGES. */
const MAX_GAP_DOUBLINGS = 4

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
  /** "from-to" ranges in the scanned file and the same-length ranges in the indexed content, joined by ",". */
  lines: string
  ossLines: string
  /** Σ (to − from) over the ranges kept. */
  matchedLines: number
  /** floor(100 × matchedLines / last fingerprinted line), within 1..99 (a snippet is never the whole file). */
  matched: number
}

/**
 * The candidates of one scanned file: every content its fingerprints hit `> minHits` times whose ranges keep at
 * least one of `minLines` lines, each with its ranges and `matched`. `hits` are the index's entries for the
 * file's hashes (any order).
 */
export function snippetCandidates(snippets: readonly Fingerprint[], hits: readonly IndexHit[], t: Thresholds) {
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
  for (const f of snippets)
    for (const c of contentsOf.get(f.hash) ?? []) {
      const list = held.get(c)
      if (list) list.push(f)
      else held.set(c, [f])
    }
  const total = lastLine(snippets)
  const out: SnippetCandidate[] = []
  for (const [contentId, hashes] of [...byContent].sort((a, b) => a[0] - b[0])) {
    const mine = held.get(contentId) ?? []
    const hitCount = countHits(mine)
    if (hitCount <= t.minHits) continue
    const pairs = alignedPairs(mine, hashes)
    const ranges = joinRanges(pairs, t.tolerance).filter((r) => r.to - r.from >= t.minLines)
    if (ranges.length === 0) continue
    const matchedLines = ranges.reduce((n, r) => n + (r.to - r.from), 0)
    out.push({
      contentId,
      hits: hitCount,
      lines: ranges.map((r) => `${r.from}-${r.to}`).join(','),
      ossLines: ranges.map((r) => `${r.oss}-${r.oss + r.to - r.from}`).join(','),
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

interface Pair {
  line: number
  oss: number
}

/**
 * Each scanned line that hit, with the content line it corresponds to: where a hash occurs at several lines of the
 * content, the one nearest to the file's most common offset (content line − scanned line), so a pasted fragment's
 * lines map onto the fragment's origin.
 */
function alignedPairs(snippets: readonly Fingerprint[], hashes: Map<number, number[]>): Pair[] {
  const offset = mostCommon(snippets.flatMap((f) => (hashes.get(f.hash) ?? []).map((oss) => oss - f.line)))
  const byLine = new Map<number, number>()
  for (const f of snippets) {
    const found = hashes.get(f.hash)
    if (!found) continue
    const oss = found.reduce((a, b) => (Math.abs(b - f.line - offset) < Math.abs(a - f.line - offset) ? b : a))
    const have = byLine.get(f.line)
    if (have === undefined || Math.abs(oss - f.line - offset) < Math.abs(have - f.line - offset))
      byLine.set(f.line, oss)
  }
  return [...byLine].map(([line, oss]) => ({ line, oss })).sort((a, b) => a.line - b.line)
}

interface Range {
  from: number
  to: number
  /** The content line `from` corresponds to: `from` plus the offset most of the range's hits share. */
  oss: number
}

/** Hit lines joined into ranges when the gap between them is at most the tolerance, doubled until at most ten. */
function joinRanges(pairs: readonly Pair[], tolerance: number): Range[] {
  let groups: Pair[][] = []
  for (let i = 0, gap = tolerance; i <= MAX_GAP_DOUBLINGS; i++, gap *= 2) {
    groups = []
    for (const p of pairs) {
      const last = groups[groups.length - 1]
      const end = last?.[last.length - 1]
      if (last && end && p.line - end.line <= gap) last.push(p)
      else groups.push([p])
    }
    if (groups.length <= MAX_RANGES) break
  }
  return groups.slice(0, MAX_RANGES).map((g) => {
    const from = (g[0] as Pair).line
    return { from, to: (g[g.length - 1] as Pair).line, oss: from + mostCommon(g.map((p) => p.oss - p.line)) }
  })
}

/**
 * The offset (content line − scanned line) most hits share, so a stray hit (a fingerprint repeated elsewhere in the
 * content) does not move where a range is said to come from. Ties: the smaller offset.
 */
function mostCommon(offsets: readonly number[]): number {
  const counts = new Map<number, number>()
  for (const o of offsets) counts.set(o, (counts.get(o) ?? 0) + 1)
  let offset = 0
  let best = -1
  for (const [o, n] of counts) if (n > best || (n === best && o < offset)) [offset, best] = [o, n]
  return offset
}
