// The transitive answer's status message: the inputs skipped and the truncation, and what became of its on-demand
// learning (packages still being fetched; those their source could not give, named with why, bounded).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { learningSummary, summary } from './transitive-summary.ts'

test('summary: Success, the skipped inputs named (at most 10, each at most 200 characters), the truncation', () => {
  assert.equal(summary([], false, 1000), 'Success')
  assert.equal(
    summary(['pkg:npm/nope (Component not found)'], true, 7),
    'Success; skipped 1 input component(s): pkg:npm/nope (Component not found); list truncated at limit 7',
  )
  const many = Array.from({ length: 12 }, (_, i) => `pkg:npm/p${i} (Component not found)`)
  const said = summary(many, false, 1000)
  assert.match(
    said,
    /^Success; skipped 12 input component\(s\): pkg:npm\/p0 .*pkg:npm\/p9 \(Component not found\); and 2 more$/,
  )
  assert.doesNotMatch(said, /p10/)
  assert.match(summary([`pkg:npm/${'x'.repeat(300)}`], false, 1), /x{192}…$/)
})

test('learningSummary: nothing learned is the message as it was', () => {
  assert.equal(learningSummary('Success', 0, []), 'Success')
})

test('learningSummary: how many are being fetched, then which could not be learned and why', () => {
  assert.equal(
    learningSummary('Success; skipped 1 input component(s): pkg:deb/debian/nope (Component not found)', 2, [
      { purl: 'pkg:deb/debian/nope', reason: 'refused (size): 900 MB over the 500 MB limit' },
      { purl: 'pkg:deb/debian/other', reason: '' },
    ]),
    'Success; skipped 1 input component(s): pkg:deb/debian/nope (Component not found); ' +
      '2 component(s) being fetched from their registry: ask again shortly; ' +
      '2 component(s) could not be learned from their source: ' +
      'pkg:deb/debian/nope (refused (size): 900 MB over the 500 MB limit); pkg:deb/debian/other',
  )
})

test('learningSummary: the reasons made fit for any caller, at most 10 named, the rest counted', () => {
  const failed = Array.from({ length: 13 }, (_, i) => ({
    purl: `pkg:npm/f${i}`,
    reason: `timed out reading https://user:secret@mirror.example/f${i}?token=t into /var/cache/x/f${i}.tgz`,
  }))
  const said = learningSummary('Success', 0, failed)
  assert.match(said, /^Success; 13 component\(s\) could not be learned from their source: pkg:npm\/f0 \(timed out/)
  assert.match(said, /pkg:npm\/f9 \(timed out reading https:\/\/mirror\.example\/f9 into …\/f9\.tgz\); and 3 more$/)
  assert.doesNotMatch(said, /secret|token|\/var\/cache|f10/)
})
