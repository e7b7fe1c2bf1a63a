// OSV range evaluation, table-driven (OSV schema "Evaluation" semantics).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { naturalScheme, schemeFor, semverScheme } from '../shared/versions/index.ts'
import { fixedVersions, inRange, isAffected, type OsvEvent } from './osv-match.ts'

const cases: [string, OsvEvent[], string, boolean][] = [
  ['introduced 0, fixed', [{ introduced: '0' }, { fixed: '4.17.21' }], '4.17.15', true],
  ['introduced 0, fixed: the fix itself', [{ introduced: '0' }, { fixed: '4.17.21' }], '4.17.21', false],
  ['pre-release of the fix is before it', [{ introduced: '0' }, { fixed: '2.0.0' }], '2.0.0-beta.1', true],
  ['before introduced', [{ introduced: '1.2.0' }, { fixed: '1.4.0' }], '1.1.9', false],
  ['at introduced', [{ introduced: '1.2.0' }, { fixed: '1.4.0' }], '1.2.0', true],
  ['last_affected includes itself', [{ introduced: '1.0.0' }, { last_affected: '1.3.0' }], '1.3.0', true],
  ['last_affected excludes after', [{ introduced: '1.0.0' }, { last_affected: '1.3.0' }], '1.3.1', false],
  ['no upper bound', [{ introduced: '3.0.0' }], '99.0.0', true],
  ['exact version as introduced + last_affected', [{ introduced: '1.0.1' }, { last_affected: '1.0.1' }], '1.0.1', true],
  ['exact version: neighbour', [{ introduced: '1.0.1' }, { last_affected: '1.0.1' }], '1.0.2', false],
  [
    'two intervals: the gap',
    [{ introduced: '1.0.0' }, { fixed: '1.5.0' }, { introduced: '2.0.0' }, { fixed: '2.5.0' }],
    '1.7.0',
    false,
  ],
  [
    'two intervals: the second',
    [{ introduced: '2.0.0' }, { fixed: '2.5.0' }, { introduced: '1.0.0' }, { fixed: '1.5.0' }],
    '2.4.9',
    true,
  ],
  ['limit caps', [{ introduced: '0' }, { limit: '2.0.0' }], '2.0.0', false],
  ['limit: below it', [{ introduced: '0' }, { limit: '2.0.0' }], '1.9.9', true],
  ['limit *', [{ introduced: '0' }, { limit: '*' }], '9.9.9', true],
  ['go style v prefix', [{ introduced: '0' }, { fixed: 'v1.2.3' }], 'v1.2.2', true],
]

for (const [name, events, version, expected] of cases) {
  test(`inRange (semver): ${name}`, () => assert.equal(inRange(version, events, semverScheme), expected))
}

test('inRange (natural order, e.g. PyPI): dotted numbers and pre-release suffixes', () => {
  const events = [{ introduced: '0' }, { fixed: '2.10' }]
  assert.equal(inRange('2.9.1', events, naturalScheme), true)
  assert.equal(inRange('2.10', events, naturalScheme), false)
  assert.equal(inRange('2.10rc1', events, naturalScheme), true)
  assert.equal(inRange('2.11', events, naturalScheme), false)
})

// ECOSYSTEM ranges in each ecosystem's own order (docs/vulnerabilities.md): [purl type, events, version, affected]
const ecosystemCases: [string, OsvEvent[], string, boolean][] = [
  ['gem', [{ introduced: '5.2.0' }, { fixed: '5.2.4.4' }], '5.2.4.3', true],
  ['gem', [{ introduced: '5.2.0' }, { fixed: '5.2.4.4' }], '5.2.4.4', false],
  ['gem', [{ introduced: '0' }, { fixed: '2.0.0' }], '2.0.0.rc1', true],
  ['composer', [{ introduced: '1.0.0' }, { fixed: '2.2.0' }], '1.5', true],
  ['composer', [{ introduced: '1.0.0' }, { fixed: '2.2.0' }], '2.2.0-RC1', true],
  ['composer', [{ introduced: '1.0.0' }, { fixed: '2.2.0' }], 'v2.2', false],
  ['pypi', [{ introduced: '0' }, { fixed: '1.0.1' }], '1.0rc1', true],
  ['pypi', [{ introduced: '0' }, { fixed: '1.0.1' }], '1.0.post1', true],
  ['pypi', [{ introduced: '0' }, { fixed: '1.0' }], '1.0.0', false],
  ['pypi', [{ introduced: '1.0' }, { last_affected: '1.0' }], '1.0.0', true],
  ['maven', [{ introduced: '0' }, { fixed: '1.0' }], '1.0.Final', false],
  ['maven', [{ introduced: '0' }, { fixed: '2.0.0' }], '2.0.0-SNAPSHOT', true],
  ['nuget', [{ introduced: '1.0' }, { fixed: '1.0.0.5' }], '1.0.0.4', true],
  ['golang', [{ introduced: '0' }, { fixed: '1.2.4' }], 'v1.2.4-0.20191109021931-daa7c04131f5', true],
  ['cargo', [{ introduced: '0' }, { fixed: '1.0.0' }], '1.0.0-rc.1', true],
]
for (const [type, events, version, expected] of ecosystemCases) {
  test(`inRange (${type}): ${version} ${expected ? 'in' : 'outside'} ${JSON.stringify(events)}`, () =>
    assert.equal(inRange(version, events, schemeFor(type)), expected))
}

test('isAffected: an explicit version in another spelling of the ecosystem counts', () => {
  assert.equal(isAffected('1.0.0', { versions: ['1.0'] }, schemeFor('pypi')), true)
  assert.equal(isAffected('v1.2.3', { versions: ['1.2.3'] }, schemeFor('golang')), true)
  assert.equal(isAffected('1.0.1', { versions: ['1.0'] }, schemeFor('pypi')), false)
  assert.equal(isAffected('v1.2.3', { versions: ['1.2.3'] }, semverScheme), false, 'npm: exact strings')
})

test('isAffected: explicit versions, GIT ranges never match, fixed versions listed', () => {
  const affected = {
    versions: ['0.1.0-weird'],
    ranges: [
      { type: 'GIT', events: [{ introduced: '0' }, { fixed: 'abc123' }] },
      { type: 'SEMVER', events: [{ introduced: '1.0.0' }, { fixed: '1.2.0' }] },
    ],
  }
  assert.equal(isAffected('0.1.0-weird', affected, semverScheme), true)
  assert.equal(isAffected('0.5.0', affected, semverScheme), false)
  assert.equal(isAffected('1.1.0', affected, semverScheme), true)
  assert.deepEqual(fixedVersions(affected), ['1.2.0'])
})
