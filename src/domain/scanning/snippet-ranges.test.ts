// The ranges of a snippet match: split where the offset changes, a lone stray hit cutting nothing, at most ten
// ranges, and `oss_lines` always inside the matched content with as many ranges as `lines`. FIXTURE line pairs.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { alignedPairs, buildRanges, type Pair, rangeTexts } from './snippet-ranges.ts'

/** Scanned lines from..to, each at `offset` lines further in the content. */
const run = (from: number, to: number, offset: number): Pair[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ line: from + i, oss: from + i + offset }))
const parse = (s: string) => s.split(',').map((r) => r.split('-').map(Number) as [number, number])

/** Every property the engine's format and the clients' reports need, for a content of `contentLines` lines. */
function assertWellFormed(texts: { lines: string; ossLines: string }, contentLines: number) {
  const lines = parse(texts.lines)
  const oss = parse(texts.ossLines)
  assert.equal(oss.length, lines.length, 'as many oss_lines ranges as lines ranges')
  assert.ok(lines.length <= 10, 'at most ten ranges')
  for (const [i, [from, to]] of oss.entries()) {
    const [sf, st] = lines[i] as [number, number]
    assert.ok(from >= 1 && to <= contentLines && from <= to, `${from}-${to} inside 1..${contentLines}`)
    assert.equal(to - from, st - sf, 'each oss range as long as its scanned range')
  }
}

test('a range is split where its offset changes (lines added or removed in between)', () => {
  // the scanned file has 30 lines more than the content before line 400, then 12 fewer after line 900
  const pairs = [...run(5, 399, -4), ...run(400, 899, -34), ...run(900, 1500, -22)]
  const ranges = buildRanges(pairs, 5, 15)
  const texts = rangeTexts(ranges, 1478)
  assert.equal(texts.lines, '5-399,400-899,900-1500')
  assert.equal(texts.ossLines, '1-395,366-865,878-1478')
  assertWellFormed(texts, 1478)
})

test('a lone stray hit cuts nothing; a run shorter than min_lines at a far offset is left out', () => {
  const stray = [...run(10, 40, 100), { line: 41, oss: 3 }, ...run(42, 80, 100)]
  assert.equal(rangeTexts(buildRanges(stray, 5, 5), 500).ossLines, '110-180')
  const short = [...run(10, 40, 100), ...run(41, 43, 400), ...run(44, 80, 100)]
  assert.equal(rangeTexts(buildRanges(short, 5, 5), 500).lines, '10-80', 'one range: the same offset on both sides')
})

test('more than ten pieces: the nearest offsets joined, else the pieces with the fewest hits left out', () => {
  // twelve 50-line pieces, each 2 lines further than the one before (small edits): joined, every line kept
  const near = buildRanges(Array.from({ length: 12 }, (_, i) => run(1 + 50 * i, 49 + 50 * i, 2 * i)).flat(), 5, 5)
  assert.equal(near.length, 10)
  assert.deepEqual([near[0]?.from, near[9]?.to], [1, 599])
  assertWellFormed(rangeTexts(near, 700), 700)
  // twelve pieces 100 lines apart in the content (another file's functions): the two with the fewest hits go
  const far = Array.from({ length: 12 }, (_, i) => run(1 + 50 * i, (i === 4 || i === 8 ? 20 : 49) + 50 * i, 100 * i))
  const kept = buildRanges(far.flat(), 5, 5)
  assert.equal(kept.length, 10)
  assert.ok(!kept.some((r) => r.from === 201 || r.from === 401), 'the short pieces left out')
  assertWellFormed(rangeTexts(kept, 1700), 1700)
})

test('oss_lines fit the content: moved inside it, a scanned range longer than it cut to its length', () => {
  assert.deepEqual(rangeTexts([{ from: 5, to: 17206, oss: -63 }], 17112), {
    lines: '5-17116',
    ossLines: '1-17112',
  })
  assert.deepEqual(rangeTexts([{ from: 100, to: 200, oss: 950 }], 1000), { lines: '100-200', ossLines: '900-1000' })
  assertWellFormed(rangeTexts([{ from: 1, to: 50, oss: -10 }], 20), 20)
})

test('alignment follows a drifting offset and is not moved by one stray repeat', () => {
  // hash h occurs at content lines [line + 10] and, for even lines, also at line + 500 (repeated code)
  const fps = Array.from({ length: 60 }, (_, i) => ({ line: i + 1, hash: i + 1 }))
  const hashes = new Map(fps.map((f) => [f.hash, f.line % 2 ? [f.line + 10] : [f.line + 10, f.line + 500]]))
  hashes.set(20, [520]) // line 20 only found far away: a stray
  for (let h = 31; h <= 60; h++) hashes.set(h, h % 2 ? [h + 40] : [h + 40, h + 500]) // lines were added at 30
  const pairs = alignedPairs(fps, hashes)
  assert.equal(pairs.find((p) => p.line === 21)?.oss, 31, 'after the stray, back on the offset the hits agree on')
  assert.equal(pairs.find((p) => p.line === 50)?.oss, 90, 'the drifted offset followed')
})
