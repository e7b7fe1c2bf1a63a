// The semver scheme's order keys against node-semver itself: for every pair of a corpus of awkward versions, the
// keyed compare gives node-semver's `compare || compareBuild` (then the strings), and isPrerelease and semverPoint
// agree with the parse.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import semver from 'semver'
import { semverPoint, semverScheme } from './semver-scheme.ts'

const CORPUS = [
  '0.0.0',
  '0.0.1',
  '1.0.0',
  'v1.0.0',
  '=1.0.0',
  '1.0.0+build',
  '1.0.0+build.1',
  '1.0.0+build.01',
  '1.0.0+1',
  '1.0.0+01',
  '1.0.0+2.a',
  '1.0.0+02.b',
  '1.0.0+10',
  '1.0.0+b.2',
  '1.0.0-0',
  '1.0.0-1',
  '1.0.0-01',
  '1.0.0-2',
  '1.0.0-10',
  '1.0.0-alpha',
  '1.0.0-alpha.1',
  '1.0.0-alpha.beta',
  '1.0.0-alpha.1.1',
  '1.0.0-alpha-1',
  '1.0.0-Alpha',
  '1.0.0-beta',
  '1.0.0-beta.2',
  '1.0.0-beta.11',
  '1.0.0-rc.1',
  '1.0.0-rc.1+build',
  '1.0.0-9007199254740993',
  '1.0.0-9007199254740992',
  '1.0.0-1234567890123456',
  '1.0.0-123456789012345',
  '1.0.0+9007199254740993',
  '1.2.3',
  '1.10.0',
  '1.9.99',
  '2.0.0',
  '10.0.0',
  '9.99.999',
  '123456789012345.0.0',
  '1234567890123456.0.0',
  '0.0.202310101234',
  '0.0.99999999999',
  'not-a-version',
  '1.0',
  'latest',
  '',
]

function expected(a: string, b: string): number {
  const x = semver.parse(a, { loose: true })
  const y = semver.parse(b, { loose: true })
  if (!x || !y) return Number.NaN
  return x.compare(y) || x.compareBuild(y) || (a < b ? -1 : a > b ? 1 : 0)
}

test('semver scheme: the keyed order is node-semver compare, then compareBuild, then the strings', () => {
  for (const a of CORPUS)
    for (const b of CORPUS) {
      const want = expected(a, b)
      if (Number.isNaN(want)) continue
      assert.equal(Math.sign(semverScheme.compare(a, b)), Math.sign(want), `${a} vs ${b}`)
    }
})

test('semver scheme: isValid, isPrerelease and semverPoint agree with the parse', () => {
  for (const v of CORPUS) {
    const p = semver.parse(v, { loose: true })
    assert.equal(semverScheme.isValid(v), p !== null, v)
    assert.equal(semverScheme.isPrerelease(v), (p?.prerelease.length ?? 0) > 0, v)
    const point = semverPoint(v)
    assert.deepEqual(point && [point.major, point.minor, point.patch], p ? [p.major, p.minor, p.patch] : undefined, v)
  }
})
