// componentLicenses over in-memory ports: every outcome, the nearest-version fallback, request order, and the number
// of reads per batch.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { knownComponent, knownVersion, memoryCatalog } from '../catalog/memory-catalog.test-helper.ts'
import type { KnownComponent } from '../catalog/types.ts'
import { componentLicenses } from './component-licenses.ts'
import type { LicenseFact, LicenseReader, VersionLicenses } from './types.ts'

const detected = (licenseId: string): LicenseFact => ({
  kind: 'detected',
  licenseId,
  isSpdx: true,
  path: `LICENSE-${licenseId}`,
  score: 1,
  source: 'computed:license-files@1',
})
const declared = (expression: string, ids: string[]): VersionLicenses => ({
  expression,
  declared: expression,
  facts: ids.map((licenseId) => ({ kind: 'declared', licenseId, isSpdx: true, path: '', score: null, source: 'npm' })),
})
const NONE: VersionLicenses = { expression: null, declared: null, facts: [] }

/** version id → [component, version, licenses] */
const KB: [string, string, VersionLicenses][] = [
  ['lib', '1.0.0', declared('(MIT OR Apache-2.0)', ['MIT', 'Apache-2.0'])],
  ['lib', '1.2.0', NONE],
  ['lib', '1.3.0', declared('MIT', ['MIT'])],
  ['lib', '2.0.0', { expression: null, declared: null, facts: [detected('BSD-3-Clause'), detected('Zlib')] }],
  ['lib', '3.0.0', NONE],
  ['bare', '1.0.0', NONE],
]

const INDEXED = '2026-01-01T00:00:00.000Z'
function component(name: string): KnownComponent {
  const versions = KB.flatMap(([c, version], id) =>
    c === name ? [knownVersion(id, version, { indexedAt: '2026-01-01' })] : [],
  )
  const url = `https://www.npmjs.com/package/${name}`
  return knownComponent(name, versions, {
    id: name.length,
    projectUrl: url,
    firstIndexedAt: INDEXED,
    lastIndexedAt: INDEXED,
  })
}

function ports() {
  const reads = { catalog: 0, exact: 0, licenses: [] as number[][], licensed: [] as number[][] }
  const catalog = memoryCatalog(['lib', 'bare', 'empty'].map(component), { exact: false, counts: reads })
  const licenses: LicenseReader = {
    async ofVersions(ids: readonly number[]) {
      reads.licenses.push([...ids])
      return new Map(ids.map((id) => [id, KB[id]?.[2] ?? NONE]))
    },
    async licensedVersions(componentIds: readonly number[]) {
      reads.licensed.push([...componentIds])
      const out = new Map<number, { id: number; version: string }[]>()
      KB.forEach(([name, version, facts], id) => {
        const c = component(name).id
        if (!componentIds.includes(c) || (facts.expression === null && facts.facts.length === 0)) return
        out.set(c, [...(out.get(c) ?? []), { id, version }])
      })
      return out
    },
  }
  return { reads, ports: { catalog, licenses } }
}

const LIB = 'https://www.npmjs.com/package/lib'
const nearest = (req: string, v: string) => `Version not found for requirement ${req}, nearest version found: ${v}`
const cases = [
  { name: 'declared OR', purl: 'pkg:npm/lib@1.0.0', v: '1.0.0', st: '(MIT OR Apache-2.0)', code: 'SUCCESS' },
  { name: 'detected AND', purl: 'pkg:npm/lib@2.0.0', v: '2.0.0', st: 'BSD-3-Clause AND Zlib', code: 'SUCCESS' },
  { name: 'range resolved', purl: 'pkg:npm/lib', req: '^1.2.0', v: '1.3.0', st: 'MIT', code: 'SUCCESS' },
  {
    name: 'exact version without facts → nearest, requirement not met',
    purl: 'pkg:npm/lib@1.2.0',
    v: '1.3.0',
    st: 'MIT',
    code: 'REQUIREMENT_NOT_MET',
    msg: nearest('1.2.0', '1.3.0'),
  },
  { name: 'no requirement, highest without facts → nearest', purl: 'pkg:npm/lib', v: '2.0.0', code: 'SUCCESS' },
  { name: 'nearest still satisfies the range', purl: 'pkg:npm/lib', req: '>=2.0.0', v: '2.0.0', code: 'SUCCESS' },
  {
    name: 'unknown version → nearest licensed one',
    purl: 'pkg:npm/lib@1.5.0',
    v: '1.3.0',
    st: 'MIT',
    code: 'REQUIREMENT_NOT_MET',
    msg: nearest('1.5.0', '1.3.0'),
  },
  {
    name: 'unmatched range → nearest licensed one',
    purl: 'pkg:npm/lib',
    req: '^4.0.0',
    v: '2.0.0',
    code: 'REQUIREMENT_NOT_MET',
    msg: nearest('^4.0.0', '2.0.0'),
  },
  {
    name: 'no facts on any version',
    purl: 'pkg:npm/bare',
    v: '1.0.0',
    url: 'https://www.npmjs.com/package/bare',
    code: 'NO_INFO',
    msg: 'License info not found for pkg:npm/bare',
  },
  {
    name: 'unknown version, nothing licensed',
    purl: 'pkg:npm/bare@2.0.0',
    v: '',
    url: 'https://www.npmjs.com/package/bare',
    code: 'VERSION_NOT_FOUND',
    msg: 'Component version not found',
  },
  {
    name: 'component without versions',
    purl: 'pkg:npm/empty',
    v: '',
    url: 'https://www.npmjs.com/package/empty',
    code: 'VERSION_NOT_FOUND',
  },
  { name: 'unknown component', purl: 'pkg:npm/nope@1.0.0', v: '', url: '', code: 'COMPONENT_NOT_FOUND' },
  { name: 'malformed purl', purl: 'npm/lib', v: '', url: '', code: 'INVALID_PURL' },
  { name: 'bad requirement', purl: 'pkg:npm/lib', req: '>=>=1', v: '', code: 'INVALID_SEMVER' },
]

for (const c of cases) {
  test(`componentLicenses: ${c.name}`, async () => {
    const { ports: p } = ports()
    const [r] = await componentLicenses([{ purl: c.purl, requirement: c.req }], p)
    assert.ok(r)
    assert.equal(r.outcome.code, c.code)
    if (c.msg) assert.equal(r.outcome.message, c.msg)
    assert.equal(r.version, c.v)
    assert.equal(r.url, c.url ?? LIB)
    if (c.st !== undefined) assert.equal(r.statement, c.st)
    if (c.code !== 'SUCCESS' && c.code !== 'REQUIREMENT_NOT_MET') assert.deepEqual([r.statement, r.licenses], ['', []])
  })
}

test('componentLicenses: purl and requirement echoed as sent, the purl @version in force, license entries', async () => {
  const [r] = await componentLicenses([{ purl: 'pkg:npm/lib@1.0.0', requirement: '^9' }], ports().ports)
  assert.deepEqual(r, {
    purl: 'pkg:npm/lib@1.0.0',
    requirement: '^9',
    version: '1.0.0',
    url: LIB,
    statement: '(MIT OR Apache-2.0)',
    licenses: [
      { id: 'MIT', fullName: 'MIT License', url: 'https://spdx.org/licenses/MIT.html', isSpdxApproved: true },
      {
        id: 'Apache-2.0',
        fullName: 'Apache License 2.0',
        url: 'https://spdx.org/licenses/Apache-2.0.html',
        isSpdxApproved: true,
      },
    ],
    outcome: { code: 'SUCCESS', message: 'Success' },
  })
})

test('componentLicenses: a whole batch in request order, one catalog read, at most three license reads', async () => {
  const { reads, ports: p } = ports()
  const out = await componentLicenses(
    cases.map((c) => ({ purl: c.purl, requirement: c.req })),
    p,
  )
  assert.deepEqual(
    out.map((r) => [r.purl, r.outcome.code]),
    cases.map((c) => [c.purl, c.code]),
  )
  assert.equal(reads.catalog, 1)
  assert.ok(reads.licenses.length <= 2)
  assert.ok(reads.licensed.length <= 1)
})

test('componentLicenses: the fallback reads the licensed versions of the components that need one, then only the facts of the nearest', async () => {
  const { reads, ports: p } = ports()
  await componentLicenses([{ purl: 'pkg:npm/lib@1.2.0' }, { purl: 'pkg:npm/bare' }, { purl: 'pkg:npm/lib@1.3.0' }], p)
  assert.deepEqual(reads.licenses, [[1, 5, 2]], 'the nearest of lib@1.2.0 is 1.3.0, whose facts the first read has')
  assert.deepEqual(reads.licensed, [[3, 4]], 'lib and bare, by component id')
  const again = ports()
  await componentLicenses([{ purl: 'pkg:npm/lib@1.5.0' }], again.ports)
  assert.deepEqual(again.reads.licenses, [[2]], 'an unknown version: only the nearest licensed version is read')
})

test('componentLicenses: no fallback needed → one license read; nothing resolved → none', async () => {
  const a = ports()
  await componentLicenses([{ purl: 'pkg:npm/lib@1.0.0' }, { purl: 'pkg:npm/lib@1.3.0' }], a.ports)
  assert.deepEqual([a.reads.licenses, a.reads.licensed], [[[0, 2]], []])
  const b = ports()
  await componentLicenses([{ purl: 'pkg:npm/nope' }, { purl: '' }], b.ports)
  assert.deepEqual([b.reads.catalog, b.reads.licenses.length, b.reads.licensed.length], [1, 0, 0])
})
