// The Debian sort key orders as dpkg does (debianScheme, itself checked against dpkg --compare-versions): every pair of
// the 3,530 real Debian versions of test/fixtures/debian/versions.txt, and the Policy's tricky cases.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { debianScheme } from '../shared/versions/debian.ts'
import { versionSortKey } from './sort-key.ts'

const key = (v: string) => versionSortKey(v, 'deb')
const sign = (n: number) => (n < 0 ? -1 : n > 0 ? 1 : 0)
const byKey = (a: string, b: string) => sign(key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)

test('the keys of real Debian versions sort as dpkg orders the versions', () => {
  const text = readFileSync(new URL('../../../test/fixtures/debian/versions.txt', import.meta.url), 'utf8')
  const versions = [...new Set(text.split('\n').flatMap((l) => l.split(' ')[1] ?? []))]
  assert.ok(versions.length > 3000)
  const sorted = [...versions].sort((a, b) => debianScheme.compare(a, b))
  const keyed = [...versions].sort(byKey)
  // equal versions (1.0 and 1.0-0) may come in either order: compare the orders by the scheme
  const mismatches = keyed.filter((v, i) => debianScheme.compare(v, sorted[i] as string) !== 0)
  assert.deepEqual(mismatches.slice(0, 5), [])
})

test('tricky pairs: tilde, end of run, letters, other characters, epochs, revisions, leading zeros', () => {
  const ladder = [
    '1.0~~',
    '1.0~~a',
    '1.0~',
    '1.0~rc1-1',
    '1.0',
    '1.0-0.1',
    '1.0a',
    '1.0+dfsg',
    '1.0.1',
    '1.00.2',
    '1.10',
    '1:0.1',
    '2:0',
  ]
  for (let i = 1; i < ladder.length; i++) {
    const [a, b] = [ladder[i - 1] as string, ladder[i] as string]
    assert.equal(sign(debianScheme.compare(a, b)), -1, `${a} < ${b} (scheme)`)
    assert.equal(byKey(a, b), -1, `${a} < ${b} (key)`)
  }
  assert.equal(key('1.0'), key('1.0-0'), 'an absent revision is 0')
  assert.equal(key('0:1.0'), key('1.0'))
  assert.ok(key('not a version!') < key('0.1'), 'what dpkg cannot order sorts below')
})
