// Sort keys order versions exactly as semver.compare does (and naturally for the rest).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import semver from 'semver'
import { isPrerelease, versionSortKey } from './sort-key.ts'

const semverLists = [
  { name: 'releases', list: ['0.0.1', '0.1.0', '0.10.0', '0.9.9', '1.0.0', '10.0.0', '2.0.0', '1.10.1', '1.2.3'] },
  {
    name: 'pre-releases (semver spec §11 example)',
    list: [
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
    ],
  },
  { name: 'hyphens inside identifiers', list: ['1.0.0-alpha.1', '1.0.0-alpha-beta', '1.0.0-alpha', '1.0.0-alpha.x'] },
  { name: 'numeric vs alphanumeric', list: ['2.0.0-1', '2.0.0-10', '2.0.0-2', '2.0.0-a', '2.0.0-0a'] },
  { name: 'large numbers', list: ['4294967295.0.0', '99999.1.1', '1.0.0-9999999999'] },
]
for (const c of semverLists) {
  test(`semver order: ${c.name}`, () => {
    const bySemver = [...c.list].sort(semver.compare)
    const byKey = [...c.list].sort((a, b) =>
      versionSortKey(a) < versionSortKey(b) ? -1 : versionSortKey(a) > versionSortKey(b) ? 1 : 0,
    )
    assert.deepEqual(byKey, bySemver)
  })
}

test('non-semver versions sort naturally, before semver ones', () => {
  const list = ['r10', 'r9', '2024.1', '2024.10', '2024.2']
  const sorted = [...list, '1.0.0'].sort((a, b) => (versionSortKey(a) < versionSortKey(b) ? -1 : 1))
  assert.deepEqual(sorted, ['2024.1', '2024.2', '2024.10', 'r9', 'r10', '1.0.0'])
})

test('loose semver (leading v) is semver', () => {
  assert.equal(versionSortKey('v1.2.3'), versionSortKey('1.2.3'))
  assert.equal(isPrerelease('1.0.0-rc.1'), true)
  assert.equal(isPrerelease('1.0.0'), false)
  assert.equal(isPrerelease('banana'), false)
})
