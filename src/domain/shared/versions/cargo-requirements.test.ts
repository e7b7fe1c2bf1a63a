// Cargo's requirements, checked against the Cargo book's tables ("Specifying dependencies": caret, tilde,
// wildcard, comparison and multiple requirements) and the semver crate's pre-release rule; SemVer 2.0.0's
// precedence example is the cargo ladder of ecosystem-orders.test.ts.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { cargoMatches, cargoRequirements, parseCargoRequirement } from './cargo-requirements.ts'

const CORPUS: string[] = []
for (const major of [0, 1, 2])
  for (const minor of [0, 1, 2, 3, 5]) for (const patch of [0, 1, 2, 3, 4]) CORPUS.push(`${major}.${minor}.${patch}`)
CORPUS.push('1.2.3-alpha.1', '1.3.0-beta', '0.0.3-rc.1', '10.0.0')

function admitted(req: string): string[] {
  const comparators = parseCargoRequirement(req)
  assert.ok(comparators, `${req} should parse`)
  return CORPUS.filter((v) => cargoMatches(comparators, v))
}

// The Cargo book's tables: each requirement and the comparisons it means
const book: [string, string][] = [
  ['1.2.3', '>=1.2.3, <2.0.0'],
  ['^1.2.3', '>=1.2.3, <2.0.0'],
  ['^1.2', '>=1.2.0, <2.0.0'],
  ['^1', '>=1.0.0, <2.0.0'],
  ['^0.2.3', '>=0.2.3, <0.3.0'],
  ['^0.2', '>=0.2.0, <0.3.0'],
  ['^0.0.3', '>=0.0.3, <0.0.4'],
  ['^0.0', '>=0.0.0, <0.1.0'],
  ['^0', '>=0.0.0, <1.0.0'],
  ['~1.2.3', '>=1.2.3, <1.3.0'],
  ['~1.2', '>=1.2.0, <1.3.0'],
  ['~1', '>=1.0.0, <2.0.0'],
  ['*', '>=0.0.0'],
  ['1.*', '>=1.0.0, <2.0.0'],
  ['1.2.*', '>=1.2.0, <1.3.0'],
  ['1.2.x', '>=1.2.0, <1.3.0'],
  ['= 1.2.3', '>=1.2.3, <=1.2.3'],
  ['> 1', '>=2.0.0'],
  ['<= 1.2', '<1.3.0'],
  ['>= 1.2, < 1.5', '>=1.2.0, <1.5.0'],
]
for (const [req, meaning] of book)
  test(`Cargo book: ${req} := ${meaning}`, () => {
    assert.deepEqual(admitted(req), admitted(meaning))
    assert.ok(admitted(req).length > 0)
  })

test('a bare version is a caret requirement, not that version alone', () => {
  assert.ok(admitted('1.2.3').includes('1.5.0'))
  assert.ok(!admitted('1.2.3').includes('2.0.0'))
  assert.deepEqual(cargoRequirements.parse('=1.2.3'), { exact: '1.2.3' })
  assert.ok('range' in (cargoRequirements.parse('1.2.3') ?? {}))
})

test('pre-releases only through a comparator naming one of the same major.minor.patch (semver crate)', () => {
  const req = (r: string) => parseCargoRequirement(r) ?? assert.fail(r)
  assert.ok(!cargoMatches(req('>=1.0.0'), '1.3.0-beta'))
  assert.ok(cargoMatches(req('>=1.3.0-alpha'), '1.3.0-beta'))
  assert.ok(!cargoMatches(req('>=1.2.3-alpha'), '1.3.0-beta'))
  assert.ok(cargoMatches(req('^1.2.3-alpha.1'), '1.2.3-alpha.2'))
  assert.ok(cargoMatches(req('^1.2.3-alpha.1'), '1.9.0'))
  assert.ok(!cargoMatches(req('^1.2.3-alpha.1'), '1.2.3-alpha.0'))
  assert.ok(cargoMatches(req('=0.0.3-rc.1'), '0.0.3-rc.1'))
  assert.ok(!cargoMatches(req('~0.0.3-rc.1'), '0.0.4-rc.1'))
  // SemVer 2.0.0 §11 precedence inside a range: alpha < alpha.1 < beta < beta.2 < beta.11 < rc.1 < release
  assert.ok(cargoMatches(req('>1.0.0-beta.2, <1.0.0-rc.1'), '1.0.0-beta.11'))
  assert.ok(!cargoMatches(req('>1.0.0-alpha.1, <1.0.0-beta'), '1.0.0-alpha'))
  // build metadata plays no part
  assert.ok(cargoMatches(req('=1.0.0'), '1.0.0+build.5'))
})

test('what is not a Cargo requirement', () => {
  for (const bad of ['1.2.3.4', '01.2', '>=1.*', '1.*.3', '1.2-beta', '>=1 <2', '1.2,', '||', 'v1.2.3', '~>1.2'])
    assert.equal(parseCargoRequirement(bad), undefined, bad)
})
