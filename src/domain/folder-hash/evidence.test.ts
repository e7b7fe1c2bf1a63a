// isEvidence and isAmbiguous: which indexed folders show the same content (docs/folder-hashing.md "Evidence").
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { isAmbiguous, isEvidence, mayMakeAmbiguous } from './evidence.ts'

test('identical names with unrelated contents (32 ± 4 bits apart) are no evidence, however near the names', () => {
  for (const content of [19, 24, 32])
    for (const names of [0, 1, 2]) assert.equal(isEvidence({ names, content, dirs: 0 }), false)
})

test('near contents are evidence when the names agree as well', () => {
  assert.equal(isEvidence({ names: 0, content: 0, dirs: 30 }), true)
  assert.equal(isEvidence({ names: 12, content: 12, dirs: 0 }), true)
  assert.equal(isEvidence({ names: 13, content: 12, dirs: 0 }), false)
  // the same content hash under unrelated names: a hash swayed by one file repeated in both folders
  assert.equal(isEvidence({ names: 22, content: 0, dirs: 0 }), false)
})

test('a content distance of 13-18 needs near identical names (another version with a few files changed)', () => {
  assert.equal(isEvidence({ names: 2, content: 18, dirs: 10 }), true)
  assert.equal(isEvidence({ names: 3, content: 18, dirs: 0 }), false)
  assert.equal(isEvidence({ names: 0, content: 13, dirs: 0 }), true)
})

test('content about as near to another package folder is ambiguous, unless it is a copy', () => {
  const near = [
    { purl: 'pkg:npm/a', content: 9 },
    { purl: 'pkg:npm/b', content: 14 },
  ]
  assert.equal(isAmbiguous(10, 'pkg:npm/a', near), true)
  assert.equal(isAmbiguous(9, 'pkg:npm/a', near), false)
  assert.equal(isAmbiguous(10, 'pkg:npm/b', near), true)
  assert.equal(isAmbiguous(4, 'pkg:npm/b', near), false)
  assert.equal(isAmbiguous(12, 'pkg:npm/a', [{ purl: 'pkg:npm/a', content: 12 }]), false)
})

test('only package folders within 22 content bits can make evidence ambiguous (18 + the margin of 4)', () => {
  assert.equal(mayMakeAmbiguous({ names: 30, content: 22, dirs: 64 }), true)
  assert.equal(mayMakeAmbiguous({ names: 0, content: 23, dirs: 0 }), false)
})
