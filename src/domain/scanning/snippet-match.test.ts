// Snippet matching of one file against the contents its fingerprints hit: the engine's thresholds, hit count,
// ranges, `matched`, and `oss_lines` that follow the offset most hits share. Fingerprints here are FIXTURE values.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { type SnippetCandidate, snippetCandidates, thresholds } from './snippet-match.ts'
import { rangeTexts } from './snippet-ranges.ts'
import type { Fingerprint, IndexHit } from './types.ts'

/** One fingerprint per line from `from` to `to`, hash = 1000 + line. */
const lines = (from: number, to: number): Fingerprint[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ line: from + i, hash: 1000 + from + i }))
/** A candidate's `lines` and `oss_lines` against a content of 1,000 lines. */
const texts = (c: SnippetCandidate | undefined) => rangeTexts(c?.ranges ?? [], 1000)
/** The content holds those fingerprints `offset` lines further down. */
const held = (fps: Fingerprint[], offset: number, contentId = 1): IndexHit[] =>
  fps.map((f) => ({ hash: f.hash, contentId, line: f.line + offset }))

test('thresholds scale with the number of fingerprints, unless the client sets hits or lines', () => {
  assert.deepEqual(thresholds(lines(1, 8)), { minHits: 2, minLines: 5, tolerance: 5 }, 'last line ≤ 10')
  assert.deepEqual(thresholds(lines(1, 200)), { minHits: 9, minLines: 6, tolerance: 12 })
  assert.deepEqual(thresholds(lines(1, 200), { minSnippetHits: 40 }), { minHits: 40, minLines: 5, tolerance: 5 })
})

test('a fragment: one range on both sides, the same length, matched over the last fingerprinted line', () => {
  const file = [...lines(1, 30), ...lines(101, 160), ...lines(300, 320)]
  const fragment = lines(101, 160)
  const [c] = snippetCandidates(file, held(fragment, -60), thresholds(file))
  assert.equal(texts(c).lines, '101-160')
  assert.equal(texts(c).ossLines, '41-100')
  assert.equal(c?.matched, Math.floor((100 * 59) / 320))
  assert.equal(c?.hits, 59)
})

test('a stray hit at the start of a range does not move oss_lines', () => {
  const file = lines(1, 80)
  // the content holds lines 11–80 at +259; the fingerprint of line 10 only near its top (repetitive code)
  const hits = [...held(lines(11, 80), 259), { hash: 1010, contentId: 1, line: 3 }]
  const [c] = snippetCandidates(file, hits, thresholds(file))
  assert.equal(texts(c).lines, '10-80')
  assert.equal(texts(c).ossLines, '269-339')
})

test('too few hits, or ranges shorter than min_lines, make no candidate; gaps split ranges', () => {
  const file = lines(1, 100)
  assert.deepEqual(snippetCandidates(file, held(lines(20, 24), 0), thresholds(file)), [], 'too few hits')
  const t = { minHits: 2, minLines: 5, tolerance: 5 }
  const two = snippetCandidates(file, held([...lines(10, 30), ...lines(60, 80)], 5), t)
  assert.equal(texts(two[0]).lines, '10-30,60-80')
  assert.equal(texts(two[0]).ossLines, '15-35,65-85')
  const short = snippetCandidates(file, held([...lines(10, 30), ...lines(60, 62)], 5), t)
  assert.equal(texts(short[0]).lines, '10-30', 'a 2-line range is dropped')
})
