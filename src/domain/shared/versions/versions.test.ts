// Version ordering per scheme: semver, natural, and mixed lists (total and consistent); which purl type uses which.
// Each ecosystem's own order: ecosystem-orders.test.ts.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { naturalScheme, schemeFor, semverScheme } from './index.ts'

const ECOSYSTEMS = ['pypi', 'maven', 'gem', 'nuget', 'composer', 'golang', 'cargo', 'deb']

const orders = [
  {
    name: 'semver releases and pre-releases',
    scheme: semverScheme,
    sorted: [
      '0.9.0',
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
      '1.2.0',
      '1.10.0',
      '10.0.0',
    ],
  },
  { name: 'semver: v prefix is the same version', scheme: semverScheme, sorted: ['v1.0.0', '1.1.0', 'v2.0.0'] },
  {
    name: 'semver: non-semver below, naturally',
    scheme: semverScheme,
    sorted: ['r9', 'r10', 'snapshot', '0.0.1', '1.0.0'],
  },
  { name: 'natural: numbers as numbers', scheme: naturalScheme, sorted: ['1.2', '1.9', '1.10', '1.10.1', '2.0'] },
  {
    name: 'natural: pre-release-like suffix first',
    scheme: naturalScheme,
    sorted: ['2.0-alpha', '2.0-rc1', '2.0', '2.0.1', '2.0a'],
  },
  { name: 'natural: leading zeros', scheme: naturalScheme, sorted: ['2024.01.5', '2024.1.10', '2024.02'] },
]
for (const c of orders) {
  test(`order: ${c.name}`, () => {
    const shuffled = [...c.sorted].reverse()
    assert.deepEqual(shuffled.sort(c.scheme.compare), c.sorted)
  })
}

test('compare is antisymmetric and consistent on a mixed list', () => {
  const list = ['1.0.0', 'v1.0.0', '1.0.0-rc.1', 'latest', '2', '2.0', 'r10', 'r9', '1.0.0+build', '']
  list.push(
    '1.0.Final',
    '1.0rc1',
    '1.0.post1',
    '5.2.4.3',
    'v1.2.3-0.2019',
    '1.0.0-beta2-dev',
    '1.0-SNAPSHOT',
    '1.x-dev',
  )
  for (const scheme of [semverScheme, naturalScheme, ...ECOSYSTEMS.map(schemeFor)]) {
    for (const a of list) {
      for (const b of list) {
        assert.equal(
          Math.sign(scheme.compare(a, b)) + Math.sign(scheme.compare(b, a)),
          0,
          `${scheme.name}: ${a} vs ${b}`,
        )
        for (const c of list) {
          if (scheme.compare(a, b) < 0 && scheme.compare(b, c) < 0)
            assert.ok(scheme.compare(a, c) < 0, `${scheme.name}: transitive ${a} ${b} ${c}`)
        }
      }
    }
  }
})

const pre = [
  { scheme: semverScheme, v: '1.0.0-rc.1', pre: true },
  { scheme: semverScheme, v: '1.0.0', pre: false },
  { scheme: naturalScheme, v: '2.0-beta3', pre: true },
  { scheme: naturalScheme, v: '2.0', pre: false },
]
for (const c of pre) test(`isPrerelease ${c.scheme.name} ${c.v}`, () => assert.equal(c.scheme.isPrerelease(c.v), c.pre))

test('schemeFor: each ecosystem its own order, unknown types natural', () => {
  const names = ['npm', 'pypi', 'maven', 'gem', 'nuget', 'composer', 'golang', 'cargo', 'github', 'deb', 'whatever']
  assert.deepEqual(
    names.map((t) => schemeFor(t).name),
    ['semver', 'pep440', 'maven', 'rubygems', 'nuget', 'composer', 'go', 'cargo', 'semver', 'debian', 'natural'],
  )
  assert.equal(schemeFor('constructor').name, 'natural')
})
