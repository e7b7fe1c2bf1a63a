// The requirement resolver: the table of docs/requirements.md and the constraint semantics it lists.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parseRequirement, resolveVersion } from './requirement.ts'
import { naturalScheme, schemeFor, semverScheme } from './versions/index.ts'

const npm = [
  '0.2.3',
  '0.2.9',
  '0.3.0',
  '0.0.3',
  '0.0.4',
  '1.0.0',
  '1.2.3',
  '1.2.9',
  '1.3.0',
  '1.9.0',
  '2.0.0-beta.1',
  '2.0.0',
  '2.1.0',
  '3.0.0-rc.1',
].map((version) => ({ version }))

const cases = [
  { name: 'purl @version is exact', purl: 'pkg:npm/x@1.2.3', req: '^2.0.0', code: 'SUCCESS', version: '1.2.3' },
  { name: 'purl @version not known', purl: 'pkg:npm/x@9.9.9', req: '', code: 'VERSION_NOT_FOUND', version: '' },
  {
    name: 'no requirement: highest, pre-releases included',
    purl: 'pkg:npm/x',
    req: '',
    code: 'SUCCESS',
    version: '3.0.0-rc.1',
  },
  { name: 'exact', purl: 'pkg:npm/x', req: '1.2.3', code: 'SUCCESS', version: '1.2.3' },
  { name: '=exact', purl: 'pkg:npm/x', req: '=1.2.3', code: 'SUCCESS', version: '1.2.3' },
  { name: '==exact', purl: 'pkg:npm/x', req: '==1.2.3', code: 'SUCCESS', version: '1.2.3' },
  { name: 'v-toggle', purl: 'pkg:npm/x', req: 'v1.2.3', code: 'SUCCESS', version: '1.2.3' },
  { name: 'exact not known', purl: 'pkg:npm/x', req: '1.2.4', code: 'VERSION_NOT_FOUND', version: '' },
  { name: '^1.2.3 = >=1.2.3 <2.0.0', purl: 'pkg:npm/x', req: '^1.2.3', code: 'SUCCESS', version: '1.9.0' },
  { name: '^0.2.3 = >=0.2.3 <0.3.0', purl: 'pkg:npm/x', req: '^0.2.3', code: 'SUCCESS', version: '0.2.9' },
  { name: '^0.0.3 = >=0.0.3 <0.0.4', purl: 'pkg:npm/x', req: '^0.0.3', code: 'SUCCESS', version: '0.0.3' },
  { name: '~1.2.3 = >=1.2.3 <1.3.0', purl: 'pkg:npm/x', req: '~1.2.3', code: 'SUCCESS', version: '1.2.9' },
  { name: '~1 = >=1 <2', purl: 'pkg:npm/x', req: '~1', code: 'SUCCESS', version: '1.9.0' },
  {
    name: '>= highest available, no pre-release',
    purl: 'pkg:npm/x',
    req: '>=2.0.0',
    code: 'SUCCESS',
    version: '2.1.0',
  },
  { name: '> and < with space as AND', purl: 'pkg:npm/x', req: '>1.0.0 <1.3.0', code: 'SUCCESS', version: '1.2.9' },
  { name: 'comma as AND', purl: 'pkg:npm/x', req: '>=1.0.0, <1.2.5', code: 'SUCCESS', version: '1.2.3' },
  { name: '<= bound', purl: 'pkg:npm/x', req: '<=1.3.0', code: 'SUCCESS', version: '1.3.0' },
  { name: '|| as OR', purl: 'pkg:npm/x', req: '^0.3.0 || ~1.2.0', code: 'SUCCESS', version: '1.2.9' },
  { name: 'hyphen range', purl: 'pkg:npm/x', req: '1.0.0 - 1.2.5', code: 'SUCCESS', version: '1.2.3' },
  { name: 'x-range', purl: 'pkg:npm/x', req: '1.x', code: 'SUCCESS', version: '1.9.0' },
  {
    name: 'pre-release only when named',
    purl: 'pkg:npm/x',
    req: '>=2.0.0-beta.0 <2.0.0',
    code: 'SUCCESS',
    version: '2.0.0-beta.1',
  },
  { name: 'nothing satisfies', purl: 'pkg:npm/x', req: '^5.0.0', code: 'VERSION_NOT_FOUND', version: '' },
  {
    name: 'requirement that is a purl (scanoss-py)',
    purl: 'pkg:npm/x',
    req: 'pkg:npm/x',
    code: 'SUCCESS',
    version: '3.0.0-rc.1',
  },
  { name: 'file: requirement', purl: 'pkg:npm/x', req: 'file:../x', code: 'SUCCESS', version: '3.0.0-rc.1' },
  { name: 'star', purl: 'pkg:npm/x', req: '*', code: 'SUCCESS', version: '3.0.0-rc.1' },
  { name: 'invalid constraint', purl: 'pkg:npm/x', req: '>=>=1', code: 'INVALID_SEMVER', version: '' },
  { name: 'garbage', purl: 'pkg:npm/x', req: 'banana split', code: 'INVALID_SEMVER', version: '' },
  { name: 'too long', purl: 'pkg:npm/x', req: `>=${'1'.repeat(300)}`, code: 'INVALID_SEMVER', version: '' },
  { name: 'malformed purl', purl: 'npm/x', req: '', code: 'INVALID_PURL', version: '' },
  { name: 'empty purl', purl: '', req: '', code: 'INVALID_PURL', version: '' },
]
for (const c of cases) {
  test(`resolve: ${c.name}`, () => {
    const r = resolveVersion({ purl: c.purl, requirement: c.req }, npm)
    assert.equal(r.outcome.code, c.code, r.outcome.message)
    assert.equal(r.version, c.version)
  })
}

test('resolve: unknown component', () => {
  const r = resolveVersion({ purl: 'pkg:npm/nope@1.0.0' }, undefined)
  assert.deepEqual(r.outcome, { code: 'COMPONENT_NOT_FOUND', message: 'Component not found' })
  assert.equal(r.purl, 'pkg:npm/nope')
  assert.equal(r.requirement, '1.0.0')
})

test('resolve: echoes the purl as given, without @version', () => {
  const r = resolveVersion({ purl: 'pkg:npm/%40scope/x@1.2.3?a=b', requirement: '^1' }, npm)
  assert.equal(r.purl, 'pkg:npm/%40scope/x?a=b')
  assert.equal(r.requirement, '1.2.3')
  assert.equal(r.chosen?.version, '1.2.3')
})

const natural = ['1.9', '1.10', '2.0-rc1', '2.0', '2.1'].map((version) => ({ version }))
const naturalCases = [
  { name: 'highest', req: '', version: '2.1', code: 'SUCCESS' },
  { name: 'exact', req: '1.10', version: '1.10', code: 'SUCCESS' },
  { name: 'comparators', req: '>=1.10 <2.0', version: '2.0-rc1', code: 'SUCCESS' },
  { name: 'OR', req: '<1.10 || =2.0', version: '2.0', code: 'SUCCESS' },
  { name: 'caret is not for natural versions', req: '^1.9', version: '', code: 'INVALID_SEMVER' },
]
for (const c of naturalCases) {
  test(`resolve natural: ${c.name}`, () => {
    const r = resolveVersion({ purl: 'pkg:maven/g/a', requirement: c.req }, natural, naturalScheme)
    assert.equal(r.outcome.code, c.code)
    assert.equal(r.version, c.version)
  })
}

test('parseRequirement kinds', () => {
  assert.deepEqual(parseRequirement('', semverScheme), { kind: 'any' })
  assert.deepEqual(parseRequirement(' =1.2.3 ', semverScheme), { kind: 'exact', version: '1.2.3' })
  assert.equal(parseRequirement('^1.0.0', semverScheme).kind, 'range')
  assert.equal(parseRequirement('>1 <3', naturalScheme).kind, 'comparators')
})

test('resolveVersion: unpublished (removed) versions are chosen only when asked for exactly', () => {
  const known = [
    { version: '1.0.0', status: 'active' },
    { version: '1.1.0', status: 'removed' },
  ]
  assert.equal(resolveVersion({ purl: 'pkg:npm/x' }, known).version, '1.0.0')
  assert.equal(resolveVersion({ purl: 'pkg:npm/x', requirement: '^1.0.0' }, known).version, '1.0.0')
  assert.equal(resolveVersion({ purl: 'pkg:npm/x@1.1.0' }, known).version, '1.1.0')
  assert.equal(resolveVersion({ purl: 'pkg:npm/x', requirement: '>1.0.0' }, known).version, '1.1.0')
})

test("requirements in each ecosystem: node-semver ranges for Go, PyPI's and Cargo's own syntax, comparators in the own order elsewhere", () => {
  assert.deepEqual(parseRequirement('5.2.4.3', schemeFor('gem')), { kind: 'exact', version: '5.2.4.3' })
  assert.equal(parseRequirement('^1.2', schemeFor('cargo')).kind, 'ecosystem')
  assert.equal(parseRequirement('1.2.3', schemeFor('cargo')).kind, 'ecosystem')
  assert.deepEqual(parseRequirement('=1.2.3', schemeFor('cargo')), { kind: 'exact', version: '1.2.3' })
  assert.deepEqual(parseRequirement('v1.2.3', schemeFor('golang')), { kind: 'exact', version: 'v1.2.3' })
  const pypi = ['1.0rc1', '1.0', '1.0.post1', '1.0.1'].map((version) => ({ version }))
  assert.equal(resolveVersion({ purl: 'pkg:pypi/x', requirement: '<1.0.1' }, pypi).version, '1.0.post1')
  assert.equal(resolveVersion({ purl: 'pkg:pypi/x', requirement: '==1.0.0' }, pypi).version, '1.0')
  assert.equal(resolveVersion({ purl: 'pkg:pypi/x' }, pypi).version, '1.0.1')
  // Debian: '~' belongs to versions (pre-releases, stable updates), not to the operators
  const deb = ['3.0.11-1~deb12u2', '3.0.17-1~deb12u2', '3.0.17-1', '3.1.0~rc1-1'].map((version) => ({ version }))
  assert.equal(
    resolveVersion({ purl: 'pkg:deb/debian/libssl3', requirement: '< 3.0.17-1' }, deb).version,
    '3.0.17-1~deb12u2',
  )
  assert.equal(
    resolveVersion({ purl: 'pkg:deb/debian/libssl3', requirement: '3.0.11-1~deb12u2' }, deb).version,
    '3.0.11-1~deb12u2',
  )
  // no requirement: the highest in Debian's order, as apt's candidate would be
  assert.equal(resolveVersion({ purl: 'pkg:deb/debian/libssl3' }, deb).version, '3.1.0~rc1-1')
  assert.throws(() => parseRequirement('~1.2', schemeFor('pypi')), /Invalid semver ~1.2/)
})

test("a requirement cut from a purl keeps the purl's qualifiers and subpath: they end it", () => {
  const deb = schemeFor('deb')
  assert.deepEqual(parseRequirement('3.0.17-1~deb12u2?arch=amd64', deb), { kind: 'exact', version: '3.0.17-1~deb12u2' })
  assert.deepEqual(parseRequirement('1.2.3#lib/x.js', semverScheme), { kind: 'exact', version: '1.2.3' })
  assert.equal(parseRequirement('>=1.0.0?x=1', semverScheme).kind, 'range')
  assert.deepEqual(parseRequirement('?arch=amd64', deb), { kind: 'any' })
  assert.throws(() => parseRequirement('1.0=?x', semverScheme), /Invalid semver/)
})

test("the API's requests: a requirement that is a known version's string names it (Cargo reads a bare 1.0.5 as ^1.0.5)", () => {
  const known = ['1.0.5', '1.2.0', '2.0.0'].map((version) => ({ version }))
  const crate = (requirement: string, api: boolean) =>
    resolveVersion({ purl: 'pkg:cargo/itoa', requirement }, known, undefined, undefined, api).version
  assert.equal(crate('1.0.5', true), '1.0.5', 'as the clients send a component version')
  assert.equal(crate('1.0.5', false), '1.2.0', "the walk reads Cargo's caret")
  assert.equal(crate('1.0', true), '1.2.0', 'no version is called 1.0: a requirement')
  assert.equal(crate('1.0.4', true), '1.2.0')
  assert.equal(crate('=1.0.5', false), '1.0.5')
})
