// The ranges of a snippet match (docs/scanning.md "Ranges" and "oss_lines"): the scanned lines that hit, each paired
// with the content line it corresponds to; joined into ranges with the engine's tolerance; split where the offset
// (content line − scanned line) changes, as the engine starts a new range where a hit does not continue one; and
// written as `lines` / `oss_lines` with every OSS range inside the matched content (1 … its line count).
import type { Fingerprint } from './types.ts'

export interface Pair {
  line: number
  oss: number
}

export interface Range {
  from: number
  to: number
  /** The content line `from` corresponds to; the OSS range is oss … oss + (to − from). */
  oss: number
}

const MAX_RANGES = 10
/** The join's gap doubles at most four times (16 × the tolerance) to bring the ranges down to MAX_RANGES. */
const MAX_GAP_DOUBLINGS = 4

/**
 * Each scanned line that hit, with the content line it corresponds to. Where a hash occurs at several lines of the
 * content, the one nearest to the offset the hits before agree on (the file's most common offset at first), so a
 * copy whose offset drifts (lines added or removed between versions) is followed, and a stray repeat is not taken.
 */
export function alignedPairs(snippets: readonly Fingerprint[], hashes: Map<number, number[]>): Pair[] {
  const global = mostCommon(snippets.flatMap((f) => (hashes.get(f.hash) ?? []).map((oss) => oss - f.line)))
  const byLine = new Map<number, number[]>()
  for (const f of snippets) {
    const found = hashes.get(f.hash)
    if (!found) continue
    const list = byLine.get(f.line)
    if (list) list.push(...found)
    else byLine.set(f.line, [...found])
  }
  const out: Pair[] = []
  // the offset two hits in a row agreed on: one stray repeat does not move it, a real shift does
  let offset = global
  for (const line of [...byLine.keys()].sort((a, b) => a - b)) {
    const found = byLine.get(line) as number[]
    const distance = (oss: number) => Math.abs(oss - line - offset) * 2 + (oss - line === global ? 0 : 1)
    const oss = found.reduce((a, b) => (distance(b) < distance(a) ? b : a))
    const previous = out[out.length - 1]
    if (previous && previous.oss - previous.line === oss - line) offset = oss - line
    out.push({ line, oss })
  }
  return out
}

/**
 * Hit lines joined into ranges while the gap between them is at most the tolerance (doubled until at most ten
 * groups), each group cut where its offset changes (split), pieces of fewer than `minLines` folded into a neighbour
 * whose offset is within the tolerance or dropped, and at most ten ranges kept: neighbours with the nearest offsets
 * (within the tolerance) joined, else the piece with the fewest hits dropped.
 */
export function buildRanges(pairs: readonly Pair[], tolerance: number, minLines: number): Range[] {
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
  const pieces = groups.flatMap((g) => foldShort(splitByOffset(g, tolerance), tolerance, minLines))
  while (pieces.length > MAX_RANGES) {
    let at = 1
    for (let i = 2; i < pieces.length; i++) if (shiftBefore(pieces, i) < shiftBefore(pieces, at)) at = i
    if (shiftBefore(pieces, at) <= tolerance)
      pieces.splice(at - 1, 2, joined(pieces[at - 1] as Piece, pieces[at] as Piece))
    else pieces.splice(pieces.indexOf(pieces.reduce((a, b) => (b.weight < a.weight ? b : a))), 1)
  }
  return pieces.map(({ from, to, oss }) => ({ from, to, oss }))
}

interface Piece extends Range {
  /** How many hits the piece's offset comes from (the side with more hits gives a join its offset). */
  weight: number
}

const offsetOf = (p: Range) => p.oss - p.from
/** How far the offset moves from piece i − 1 to piece i. */
const shiftBefore = (pieces: readonly Piece[], i: number) =>
  Math.abs(offsetOf(pieces[i] as Piece) - offsetOf(pieces[i - 1] as Piece))

function joined(a: Piece, b: Piece): Piece {
  const offset = a.weight >= b.weight ? offsetOf(a) : offsetOf(b)
  return { from: a.from, to: b.to, oss: a.from + offset, weight: a.weight + b.weight }
}

/**
 * A group of hits cut into runs of one offset. A lone hit at another offset (a stray repeat, or a line that only
 * resembles one) is no run of its own: within the tolerance of a run, it extends that run; else it is left out.
 */
function splitByOffset(group: readonly Pair[], tolerance: number): Piece[] {
  const runs: Piece[] = []
  for (const p of group) {
    const last = runs[runs.length - 1]
    if (last && p.oss - p.line === offsetOf(last)) {
      last.to = p.line
      last.weight++
    } else runs.push({ from: p.line, to: p.line, oss: p.oss, weight: 1 })
  }
  const out: Piece[] = []
  let lone: Piece[] = []
  for (const run of runs) {
    const last = out[out.length - 1]
    if (run.weight === 1) {
      if (last && lone.length === 0 && run.from - last.to <= tolerance) out[out.length - 1] = joined(last, run)
      else lone.push(run)
      continue
    }
    const first = lone.find((l) => run.from - l.to <= tolerance)
    lone = []
    const grown = first ? { ...run, from: first.from, oss: first.from + offsetOf(run) } : run
    if (last && offsetOf(last) === offsetOf(grown)) out[out.length - 1] = joined(last, grown)
    else out.push(grown)
  }
  return out
}

/** Pieces shorter than `minLines` joined to the neighbour with the nearer offset when within the tolerance, else dropped. */
function foldShort(pieces: Piece[], tolerance: number, minLines: number): Piece[] {
  const out = [...pieces]
  for (let i = 0; i < out.length; ) {
    const p = out[i] as Piece
    if (p.to - p.from >= minLines) {
      i++
      continue
    }
    const before = i > 0 ? shiftBefore(out, i) : Number.POSITIVE_INFINITY
    const after = i + 1 < out.length ? shiftBefore(out, i + 1) : Number.POSITIVE_INFINITY
    if (Math.min(before, after) > tolerance) out.splice(i, 1)
    else if (before <= after) {
      out.splice(i - 1, 2, joined(out[i - 1] as Piece, p))
      i--
    } else out.splice(i, 2, joined(p, out[i + 1] as Piece))
  }
  // pieces a dropped one stood between, at one offset again, are one piece
  return out.reduce<Piece[]>((kept, p) => {
    const last = kept[kept.length - 1]
    if (last && offsetOf(last) === offsetOf(p)) kept[kept.length - 1] = joined(last, p)
    else kept.push(p)
    return kept
  }, [])
}

/**
 * `lines` and `oss_lines` in the engine's format ("from-to[,from-to…]", the same number of ranges, each OSS range
 * as long as its scanned one), every OSS range moved inside the content's `contentLines` lines; a scanned range
 * longer than the content is cut to its length.
 */
export function rangeTexts(ranges: readonly Range[], contentLines: number): { lines: string; ossLines: string } {
  const last = Math.max(1, contentLines)
  const fitted = ranges.map(({ from, to, oss }) => {
    const length = Math.min(to - from, last - 1)
    const start = Math.min(Math.max(1, oss), last - length)
    return { from, to: from + length, oss: start }
  })
  return {
    lines: fitted.map((r) => `${r.from}-${r.to}`).join(','),
    ossLines: fitted.map((r) => `${r.oss}-${r.oss + r.to - r.from}`).join(','),
  }
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
