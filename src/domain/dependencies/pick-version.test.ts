// Which version npm installs for a range or dist-tag (npm-pick-manifest's rules on the versions the KB knows).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { knownComponent, knownVersion } from '../catalog/memory-catalog.test-helper.ts'
import type { KnownComponent } from '../catalog/types.ts'
import type { LifecycleStatus } from '../kb/types.ts'
import { pickVersion } from './pick-version.ts'

function component(latest: string | null, versions: [string, LifecycleStatus?][]): KnownComponent {
  const known = versions.map(([version, status = 'active'], i) => knownVersion(i + 1, version, { status }))
  return knownComponent('x', known, { latestVersion: latest })
}

// latest = 1.2.0; 1.3.0 is newer but was published after latest moved back (or under another tag)
const x = component('1.2.0', [
  ['0.9.0'],
  ['1.0.0'],
  ['1.1.0', 'deprecated'],
  ['1.2.0'],
  ['1.3.0'],
  ['1.4.0', 'deprecated'],
  ['1.5.0', 'removed'],
  ['2.0.0-rc.1'],
  ['not-semver'],
])

const cases: { name: string; range: string; want: string | undefined; c?: KnownComponent }[] = [
  { name: 'latest tag satisfies the range: latest wins', range: '^1.0.0', want: '1.2.0' },
  { name: 'latest tag outside the range: highest satisfying', range: '^0.9.0', want: '0.9.0' },
  { name: 'exact version', range: '1.3.0', want: '1.3.0' },
  { name: 'exact deprecated version is still installed', range: '1.1.0', want: '1.1.0' },
  { name: 'deprecated versions are avoided', range: '>=1.3.0 <2', want: '1.3.0' },
  { name: 'only deprecated ones satisfy: the highest of them', range: '>1.3.0 <2', want: '1.4.0' },
  { name: 'unpublished versions are never picked', range: '1.5.0', want: undefined },
  { name: 'no version satisfies', range: '^3.0.0', want: undefined },
  { name: 'pre-release only when the range names one', range: '>=2.0.0-rc.0', want: '2.0.0-rc.1' },
  { name: 'pre-release not matched by a plain range', range: '>=1.3.0', want: '1.3.0' },
  { name: '|| of ranges', range: '^0.9.0 || ^1.3.0', want: '1.3.0' },
  { name: 'x-range', range: '1.x', want: '1.2.0' },
  { name: 'hyphen range', range: '0.1.0 - 1.0.0', want: '1.0.0' },
  { name: "'' means the latest dist-tag", range: '', want: '1.2.0' },
  { name: 'dist-tag latest', range: 'latest', want: '1.2.0' },
  { name: '* takes the latest tag', range: '*', want: '1.2.0' },
  { name: 'unknown dist-tag', range: 'next', want: undefined },
  { name: 'garbage', range: '>=>=1', want: undefined },
  {
    name: 'latest deprecated: the highest active satisfying version instead',
    range: '^1.0.0',
    want: '1.1.0',
    c: component('1.2.0', [['1.0.0', 'deprecated'], ['1.1.0'], ['1.2.0', 'deprecated']]),
  },
  {
    name: 'tag latest deprecated: still the tag',
    range: 'latest',
    want: '1.2.0',
    c: component('1.2.0', [['1.1.0'], ['1.2.0', 'deprecated']]),
  },
  {
    name: 'no latest tag in the KB: * rules',
    range: '',
    want: '1.1.0',
    c: component(null, [['1.0.0'], ['1.1.0'], ['2.0.0-beta.1']]),
  },
  {
    name: 'latest tag on an unpublished version: nothing',
    range: 'latest',
    want: undefined,
    c: component('1.1.0', [['1.0.0'], ['1.1.0', 'removed']]),
  },
]

for (const c of cases) {
  test(`pickVersion: ${c.name}`, () => {
    assert.equal(pickVersion(c.range, c.c ?? x)?.version, c.want)
  })
}
