// PEP 440 "Version specifiers", checked against the specification's own examples (the ordering example is in
// ecosystem-orders.test.ts): compatible release, version matching and exclusion with prefixes and local labels,
// ordered comparisons, arbitrary equality, the "Examples" list and the handling of pre-releases.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { pep440Specifiers } from './pep440-specifiers.ts'

function admitted(spec: string, versions: readonly string[]): string[] {
  const parsed = pep440Specifiers.parse(spec)
  assert.ok(parsed, `${spec} should parse`)
  // an exact pin, as a range of the same meaning
  const range = 'range' in parsed ? parsed : pep440Specifiers.parse(`==${parsed.exact},!=0!0.0.0.0.0.1`)
  assert.ok(range && 'range' in range)
  return range.range.admit(versions.map((version) => ({ version }))).map((v) => v.version)
}
/** Whether one version meets the specifier, pre-release rules aside (alone in the list, nothing else matches). */
const meets = (spec: string, v: string) => admitted(spec, [v]).includes(v)

const CORPUS = [
  ...['0.9', '1.0', '1.4', '1.4.4', '1.4.5a4', '1.4.5', '1.4.5.0', '1.4.5.1', '1.4.6', '1.4.99', '1.5', '1.5.0'],
  ...['2.0', '2.1', '2.2', '2.2.0', '2.2.post2', '2.2.post3', '2.2.post4', '2.2.1', '2.3', '2.99', '3.0', '3.0a1'],
  ...['1.4.5.post1', '1.4.5.dev1', '2.2.0.post1', '1!2.2', '2.2+local'],
]

// "Compatible release": each ~= clause and its equivalent pair of clauses admit the same versions
const compatible: [string, string][] = [
  ['~= 2.2', '>= 2.2, == 2.*'],
  ['~= 1.4.5', '>= 1.4.5, == 1.4.*'],
  ['~= 2.2.post3', '>= 2.2.post3, == 2.*'],
  ['~= 1.4.5a4', '>= 1.4.5a4, == 1.4.*'],
  ['~= 2.2.0', '>= 2.2.0, == 2.2.*'],
  ['~= 1.4.5.0', '>= 1.4.5.0, == 1.4.5.*'],
]
for (const [spec, same] of compatible)
  test(`PEP 440 compatible release: ${spec} is ${same}`, () => {
    assert.deepEqual(admitted(spec, CORPUS), admitted(same, CORPUS))
    assert.ok(admitted(spec, CORPUS).length > 0)
  })

const cases: { name: string; spec: string; yes: string[]; no: string[] }[] = [
  // "Version matching" and "Version exclusion", for the version 1.1.post1
  { name: '== is strict, post-releases too', spec: '== 1.1', yes: ['1.1', '1.1.0'], no: ['1.1.post1'] },
  { name: '== names the post-release', spec: '== 1.1.post1', yes: ['1.1.post1'], no: ['1.1'] },
  { name: '== prefix', spec: '== 1.1.*', yes: ['1.1.post1', '1.1', '1.1.5', '1.1a1'], no: ['1.10', '1.0', '1!1.1'] },
  { name: '!= public', spec: '!= 1.1', yes: ['1.1.post1'], no: ['1.1'] },
  { name: '!= post-release', spec: '!= 1.1.post1', yes: ['1.1'], no: ['1.1.post1'] },
  { name: '!= prefix', spec: '!= 1.1.*', yes: ['1.2'], no: ['1.1.post1'] },
  // the local label of a candidate is ignored unless the clause names one
  { name: 'local ignored', spec: '== 1.1', yes: ['1.1+local.1'], no: [] },
  { name: 'local named', spec: '== 1.1+local.1', yes: ['1.1+local.1'], no: ['1.1', '1.1+local.2'] },
  { name: 'prefix ignores locals', spec: '== 1.1.*', yes: ['1.1.3+ubuntu1'], no: [] },
  { name: '<= ignores locals', spec: '<= 1.1', yes: ['1.1+local', '1.0'], no: ['1.1.post1'] },
  // "Exclusive ordered comparison"
  { name: '>V no post-release of V', spec: '> 1.7', yes: ['1.7.1'], no: ['1.7.0.post1', '1.7', '1.7+local'] },
  { name: '>V.postN', spec: '> 1.7.post2', yes: ['1.7.1', '1.7.0.post3'], no: ['1.7.0', '1.7.post2'] },
  { name: '<V no pre-release of V', spec: '< 3.1', yes: ['3.0', '3.0rc1'], no: ['3.1rc1', '3.1.dev0', '3.1'] },
  { name: '<V.rc1', spec: '< 3.1rc1', yes: ['3.1a1', '3.1b2', '3.0'], no: ['3.1rc1', '3.1rc2'] },
  // "Arbitrary equality"
  { name: '=== string equality', spec: '=== foobar', yes: ['foobar', 'FooBar'], no: ['foobar1'] },
  { name: '=== no normalisation', spec: '===1.0', yes: ['1.0'], no: ['1.0.0', '1.0+downstream1'] },
  // "Examples"
  { name: '~=3.1', spec: '~=3.1', yes: ['3.1', '3.2', '3.9.9'], no: ['3.0', '4.0'] },
  { name: '~=3.1.2', spec: '~=3.1.2', yes: ['3.1.2', '3.1.9'], no: ['3.1.1', '3.2.0'] },
  { name: '~=3.1a1', spec: '~=3.1a1', yes: ['3.1a1', '3.1', '3.5'], no: ['3.0', '4.0'] },
  { name: '== 3.1', spec: '== 3.1', yes: ['3.1', '3.1.0'], no: ['3.1.1', '3.1.post1', '3.1rc1', '3.1.dev1'] },
  { name: '== 3.1.* is ~=3.1.0', spec: '== 3.1.*', yes: ['3.1.0', '3.1.9'], no: ['3.2.0', '3.10'] },
  { name: '~=3.1.0, != 3.1.3', spec: '~=3.1.0, != 3.1.3', yes: ['3.1.0', '3.1.4'], no: ['3.1.3', '3.2.0'] },
  // whitespace and normalisation
  { name: 'spelling', spec: '>=1.0-ALPHA-1', yes: ['1.0a1', '1.0'], no: ['1.0.dev1'] },
  { name: 'epochs', spec: '>=1!0.1', yes: ['1!0.1', '1!2.0'], no: ['99.0'] },
]
for (const c of cases)
  test(`PEP 440 ${c.name}: ${c.spec}`, () => {
    for (const v of c.yes) assert.ok(meets(c.spec, v), `${c.spec} admits ${v}`)
    for (const v of c.no) assert.ok(!meets(c.spec, v), `${c.spec} refuses ${v}`)
  })

test('PEP 440 pre-releases: excluded unless a clause names one or nothing else matches', () => {
  assert.deepEqual(admitted('>=1.0', ['1.0', '2.0b1', '1.5.dev1']), ['1.0'])
  assert.deepEqual(admitted('>=1.0', ['0.9', '2.0b1', '2.0.dev3']), ['2.0b1', '2.0.dev3'])
  assert.deepEqual(admitted('>=2.0b1', ['1.0', '2.0b1', '2.0b2', '2.0']), ['2.0b1', '2.0b2', '2.0'])
  // != naming a pre-release does not admit pre-releases
  assert.deepEqual(admitted('!=2.0b1', ['1.0', '2.0b2']), ['1.0'])
  assert.deepEqual(admitted('>=1.0, <2.0', ['0.9']), [])
})

test('PEP 440 specifiers: what is not one', () => {
  for (const bad of ['~=1', '>=1.0+local', '==1.0a1.*', '>=1.*', '~1.2', '^1', '>=1 <2', '>=1,', 'banana', '=>1'])
    assert.equal(pep440Specifiers.parse(bad), undefined, bad)
})

test('PEP 440 specifiers: exact pins, and the name, extras and marker of a PEP 508 line left out', () => {
  assert.deepEqual(pep440Specifiers.parse('==2.31.0'), { exact: '2.31.0' })
  assert.deepEqual(pep440Specifiers.parse('2.31.0'), { exact: '2.31.0' })
  assert.deepEqual(pep440Specifiers.parse('requests==2.31.0'), { exact: '2.31.0' })
  assert.deepEqual(admitted('requests>=2.0', ['1.0', '2.1']), ['2.1'])
  assert.deepEqual(admitted('flask[async]>=2', ['1.0', '2.1']), ['2.1'])
  assert.deepEqual(admitted('requests (>=2.0,<3)', ['1.0', '2.1', '3.0']), ['2.1'])
  assert.deepEqual(admitted('zope.interface >= 5 ; python_version < "3.8"', ['4.0', '5.1']), ['5.1'])
  assert.deepEqual(admitted('(>=1.0)', ['0.1', '1.0']), ['1.0'])
  assert.deepEqual(admitted('3to2>=1.0', ['0.1', '1.0']), ['1.0'])
})
