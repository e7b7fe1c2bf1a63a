// The nearest-version rule (docs/api-behaviour.md "Nearest version"): weighted distance, ties to the higher version.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { semverScheme } from '../shared/versions/index.ts'
import { nearestVersion, versionDistance, versionPoint } from './nearest-version.ts'

const known = (...versions: string[]) => versions.map((version) => ({ version }))

const cases = [
  { name: 'same minor beats another minor', target: '1.2.5', from: ['1.2.0', '1.3.0'], nearest: '1.2.0' },
  { name: 'patch distance', target: '1.2.5', from: ['1.2.0', '1.2.9'], nearest: '1.2.9' },
  { name: 'tie goes to the higher version', target: '1.2.5', from: ['1.2.3', '1.2.7'], nearest: '1.2.7' },
  { name: 'major weighs most', target: '2.0.0', from: ['1.9.9', '2.9.0'], nearest: '2.9.0' },
  { name: 'a requirement is read as its version', target: '^3.0.0', from: ['2.0.0', '1.0.0'], nearest: '2.0.0' },
  { name: 'a range: its first version', target: '>=1.0.0 <2.0.0', from: ['0.9.0', '1.1.0'], nearest: '1.1.0' },
  {
    name: 'pre-release: distance by numbers, tie to the higher',
    target: '2.0.0',
    from: ['2.0.0-beta.1', '2.0.0-rc.1', '2.0.1'],
    nearest: '2.0.0-rc.1',
  },
  { name: 'non-semver candidate counts as 0.0.0', target: '0.0.1', from: ['banana', '5.0.0'], nearest: 'banana' },
  { name: 'no candidates', target: '1.0.0', from: [], nearest: undefined },
  { name: 'a target without a number', target: 'banana', from: ['1.0.0'], nearest: undefined },
]

for (const c of cases) {
  test(`nearestVersion: ${c.name}`, () => {
    assert.equal(nearestVersion(c.target, known(...c.from), semverScheme)?.version, c.nearest)
  })
}

test('versionDistance: |Δmajor|·1e6 + |Δminor|·1e3 + |Δpatch|', () => {
  const d = (a: string, b: string) => versionDistance(versionPoint(a) as never, versionPoint(b) as never)
  assert.equal(d('1.2.3', '1.2.3'), 0)
  assert.equal(d('1.2.3', '2.0.0'), 1_002_003)
  assert.equal(d('3.1.0', '1.4.2'), 2_003_002)
})

test('versionPoint: loose parse, else the first number in the string', () => {
  const point = (v: string) => {
    const p = versionPoint(v)
    return p && [p.major, p.minor, p.patch].join('.')
  }
  assert.equal(point('v1.2.3'), '1.2.3')
  assert.equal(point('10.20.30-beta.1+b'), '10.20.30')
  assert.equal(point('~1.2'), '1.2.0')
  assert.equal(point('2.0-rc1'), '2.0.0')
  assert.equal(versionPoint('latest'), undefined)
})
