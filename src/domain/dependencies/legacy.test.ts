// The legacy dependencies call on an in-memory KB: one entry per purl in request order, the outcome of each,
// the licenses shown, and one catalog read plus one license read for the whole request.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { knownComponent, knownVersion, memoryCatalog } from '../catalog/memory-catalog.test-helper.ts'
import type { KnownComponent } from '../catalog/types.ts'
import type { LifecycleStatus } from '../kb/types.ts'
import type { LicenseFact, LicenseReader, VersionLicenses } from '../licenses/types.ts'
import { dependencyFiles, licenseIds, nearestVersion } from './legacy.ts'

type Lic = { declared?: string[]; detected?: string[] }
type FakeKb = Record<string, Record<string, Lic & { status?: LifecycleStatus }>>

function fakePorts(kb: FakeKb) {
  const calls = { catalog: 0, exact: 0, licenses: 0 }
  const components: KnownComponent[] = []
  const licenses = new Map<number, VersionLicenses>()
  let id = 0
  for (const [name, versions] of Object.entries(kb)) {
    const known = Object.entries(versions).map(([version, v]) => {
      const vid = ++id
      const fact = (kind: LicenseFact['kind']) => (licenseId: string) => ({
        ...{ kind, licenseId, isSpdx: !licenseId.startsWith('LicenseRef-') },
        ...{ path: '', score: null, source: 'test' },
      })
      const facts = [...(v.declared ?? []).map(fact('declared')), ...(v.detected ?? []).map(fact('detected'))]
      licenses.set(vid, { expression: null, declared: null, facts })
      return knownVersion(vid, version, { status: v.status ?? 'active' })
    })
    components.push(knownComponent(name, known, { id: ++id, projectUrl: `https://www.npmjs.com/package/${name}` }))
  }
  const catalog = memoryCatalog(components, { counts: calls })
  const licenseReader: LicenseReader = {
    async ofVersions(ids) {
      calls.licenses++
      return new Map(ids.map((i) => [i, licenses.get(i) ?? { expression: null, declared: null, facts: [] }]))
    },
    async licensedVersions(componentIds) {
      calls.licenses++
      const licensed = (c: (typeof components)[number]) =>
        c.versions
          .filter((v) => (licenses.get(v.id)?.facts.length ?? 0) > 0)
          .map((v) => ({ id: v.id, version: v.version }))
      return new Map(components.filter((c) => componentIds.includes(c.id)).map((c) => [c.id, licensed(c)]))
    },
  }
  return { catalog, licenses: licenseReader, calls }
}

const kb: FakeKb = {
  lib: {
    '1.0.0': { declared: ['MIT', 'Apache-2.0'] },
    '1.2.0': { declared: ['MIT'], detected: ['BSD-3-Clause'] },
    '2.0.0': {},
    '3.0.0': { status: 'removed' },
  },
  '@s/pkg': { '0.1.0': { detected: ['ISC', 'LicenseRef-custom'] } },
  gone: { '1.0.0': { status: 'removed' } },
}

const cases: {
  name: string
  purl: string
  requirement?: string
  want: { component: string; purl: string; version: string; requirement: string; url: string; licenses: string[] }
  code?: string
  message?: RegExp
}[] = [
  {
    name: 'a range: the highest satisfying version with its declared licenses',
    purl: 'pkg:npm/lib',
    requirement: '^1.0.0',
    want: {
      component: 'lib',
      purl: 'pkg:npm/lib',
      version: '1.2.0',
      requirement: '^1.0.0',
      url: 'https://www.npmjs.com/package/lib',
      licenses: ['MIT'],
    },
  },
  {
    name: 'the purl @version overrides the requirement and is not echoed in the purl',
    purl: 'pkg:npm/lib@1.0.0',
    requirement: '^2',
    want: {
      component: 'lib',
      purl: 'pkg:npm/lib',
      version: '1.0.0',
      requirement: '1.0.0',
      url: 'https://www.npmjs.com/package/lib',
      licenses: ['MIT', 'Apache-2.0'],
    },
  },
  {
    name: 'qualifiers are kept in the echoed purl',
    purl: 'pkg:npm/lib@1.0.0?foo=bar',
    want: {
      component: 'lib',
      purl: 'pkg:npm/lib?foo=bar',
      version: '1.0.0',
      requirement: '1.0.0',
      url: 'https://www.npmjs.com/package/lib',
      licenses: ['MIT', 'Apache-2.0'],
    },
  },
  {
    name: 'no declared license: the detected ones',
    purl: 'pkg:npm/%40s/pkg',
    want: {
      component: '@s/pkg',
      purl: 'pkg:npm/%40s/pkg',
      version: '0.1.0',
      requirement: '',
      url: 'https://www.npmjs.com/package/@s/pkg',
      licenses: ['ISC', 'LicenseRef-custom'],
    },
  },
  {
    name: 'no license at all: NO_INFO, version kept',
    purl: 'pkg:npm/lib',
    requirement: '2.0.0',
    want: {
      component: 'lib',
      purl: 'pkg:npm/lib',
      version: '2.0.0',
      requirement: '2.0.0',
      url: 'https://www.npmjs.com/package/lib',
      licenses: [],
    },
    code: 'NO_INFO',
    message: /No license information found/,
  },
  {
    name: 'no version satisfies: the nearest served one, REQUIREMENT_NOT_MET',
    purl: 'pkg:npm/lib',
    requirement: '1.1.0',
    want: {
      component: 'lib',
      purl: 'pkg:npm/lib',
      version: '1.2.0',
      requirement: '1.1.0',
      url: 'https://www.npmjs.com/package/lib',
      licenses: ['MIT'],
    },
    code: 'REQUIREMENT_NOT_MET',
    message: /showing information for version '1.2.0'/,
  },
  {
    name: 'an exact version the KB lacks: the nearest one, read in full after the exact lookup',
    purl: 'pkg:npm/lib@1.1.0',
    want: {
      component: 'lib',
      purl: 'pkg:npm/lib',
      version: '1.2.0',
      requirement: '1.1.0',
      url: 'https://www.npmjs.com/package/lib',
      licenses: ['MIT'],
    },
    code: 'REQUIREMENT_NOT_MET',
  },
  {
    name: 'no served version at all: VERSION_NOT_FOUND',
    purl: 'pkg:npm/gone',
    requirement: '1.0.1',
    want: {
      component: 'gone',
      purl: 'pkg:npm/gone',
      version: '',
      requirement: '1.0.1',
      url: 'https://www.npmjs.com/package/gone',
      licenses: [],
    },
    code: 'VERSION_NOT_FOUND',
  },
  {
    name: 'an ecosystem without data: COMPONENT_NOT_FOUND with the name',
    purl: 'pkg:pypi/Requests@2.31.0',
    requirement: '==2.31.0',
    want: {
      component: 'requests',
      purl: 'pkg:pypi/Requests@2.31.0', // unknown: echoed as sent
      version: '',
      requirement: '2.31.0',
      url: '',
      licenses: [],
    },
    code: 'COMPONENT_NOT_FOUND',
  },
  {
    name: 'a malformed purl',
    purl: 'lib',
    want: { component: '', purl: 'lib', version: '', requirement: '', url: '', licenses: [] },
    code: 'INVALID_PURL',
  },
  {
    name: 'an empty purl',
    purl: '',
    want: { component: '', purl: '', version: '', requirement: '', url: '', licenses: [] },
    code: 'INVALID_PURL',
  },
  {
    name: 'a requirement that is not a constraint',
    purl: 'pkg:npm/lib',
    requirement: 'git+https://x.invalid/lib.git',
    want: {
      component: 'lib',
      purl: 'pkg:npm/lib',
      version: '',
      requirement: 'git+https://x.invalid/lib.git',
      url: 'https://www.npmjs.com/package/lib',
      licenses: [],
    },
    code: 'INVALID_SEMVER',
  },
]

for (const c of cases) {
  test(`legacy dependencies: ${c.name}`, async () => {
    const ports = fakePorts(kb)
    const [file] = await dependencyFiles(
      [{ file: 'package.json', purls: [{ purl: c.purl, requirement: c.requirement }] }],
      ports,
    )
    const d = file?.dependencies[0]
    assert.ok(d)
    const { outcome, licenses, versionId, ...rest } = d
    assert.deepEqual({ ...rest, licenses: licenses.map((l) => l.id) }, c.want)
    assert.equal(versionId !== undefined, d.version !== '', 'a version id exactly when a version is shown')
    assert.equal(outcome.code, c.code ?? 'SUCCESS', outcome.message)
    if (c.message) assert.match(outcome.message, c.message)
  })
}

test('legacy dependencies: files and purls in request order, one catalog and one license read in all', async () => {
  const ports = fakePorts(kb)
  const files = await dependencyFiles(
    [
      { file: 'a/package.json', purls: [{ purl: 'pkg:npm/lib', requirement: '1.0.0' }, { purl: 'pkg:pypi/x' }] },
      { file: 'empty', purls: [] },
      {
        file: 'b/package.json',
        purls: [{ purl: 'pkg:npm/%40s/pkg' }, { purl: 'pkg:npm/lib@2.0.0' }, { purl: 'pkg:npm/lib' }],
      },
    ],
    ports,
  )
  assert.deepEqual(
    files.map((f) => [f.file, f.dependencies.map((d) => `${d.purl}@${d.version}`)]),
    [
      ['a/package.json', ['pkg:npm/lib@1.0.0', 'pkg:pypi/x@']],
      ['empty', []],
      [
        'b/package.json',
        ['pkg:npm/%40s/pkg@0.1.0', 'pkg:npm/lib@2.0.0', 'pkg:npm/lib@2.0.0'] /* 3.0.0 was unpublished */,
      ],
    ],
  )
  assert.deepEqual(ports.calls, { catalog: 1, exact: 1, licenses: 1 })
})

test('legacy dependencies: nothing resolved, no license read', async () => {
  const ports = fakePorts(kb)
  await dependencyFiles([{ file: 'f', purls: [{ purl: 'pkg:pypi/x' }, { purl: 'nope' }] }], ports)
  assert.deepEqual(ports.calls, { catalog: 1, exact: 0, licenses: 0 })
})

test('nearestVersion: distance by major, minor, patch; ties to the higher; non-semver requirement → none', () => {
  const vs = ['1.0.0', '1.2.0', '2.0.0', '0.9.9', 'v3.1.0'].map((version) => ({ version }))
  const table: [string, string | undefined][] = [
    ['1.1.0', '1.2.0'],
    ['^1.0.5', '1.0.0'],
    ['>=2.5.0', '2.0.0'],
    ['3', 'v3.1.0'],
    ['0.9', '0.9.9'],
    ['banana', undefined],
  ]
  for (const [req, want] of table) assert.equal(nearestVersion(req, vs)?.version, want, req)
  assert.equal(nearestVersion('1.0.0', []), undefined)
})

test('licenseIds: declared first, else detected, deduplicated', () => {
  const f = (kind: 'declared' | 'detected', licenseId: string) => ({
    kind,
    licenseId,
    isSpdx: true,
    path: '',
    score: null,
    source: '',
  })
  assert.deepEqual(
    licenseIds({ expression: null, declared: null, facts: [f('detected', 'MIT'), f('declared', 'ISC')] }),
    ['ISC'],
  )
  assert.deepEqual(
    licenseIds({ expression: null, declared: null, facts: [f('detected', 'MIT'), f('detected', 'MIT')] }),
    ['MIT'],
  )
  assert.deepEqual(licenseIds(undefined), [])
})
