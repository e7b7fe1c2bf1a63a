// PEP 508's examples ("Complete Grammar" test cases and the spec's own lines) and Requires-Dist lines as
// distributions publish them, read as the KB's dependencies.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parsePep508, pep508Applies, pep508Dependencies } from './pep508.ts'

const examples: {
  line: string
  name: string
  extras?: string[]
  specifier?: string
  url?: string
  marker?: boolean
}[] = [
  { line: 'A', name: 'a' },
  { line: 'A.B-C_D', name: 'a-b-c-d' },
  { line: 'aa', name: 'aa' },
  { line: 'name', name: 'name' },
  { line: 'name<=1', name: 'name', specifier: '<=1' },
  { line: 'name>=3', name: 'name', specifier: '>=3' },
  { line: 'name>=3,<2', name: 'name', specifier: '>=3,<2' },
  { line: 'name@http://foo.com', name: 'name', url: 'http://foo.com' },
  { line: 'name @ file:///localbuilds/pip-1.3.1.zip', name: 'name', url: 'file:///localbuilds/pip-1.3.1.zip' },
  {
    line: "name [fred,bar] @ http://foo.com ; python_version=='2.7'",
    name: 'name',
    extras: ['fred', 'bar'],
    url: 'http://foo.com',
    marker: true,
  },
  {
    line: "name[quux, strange];python_version<'2.7' and platform_version=='2'",
    name: 'name',
    extras: ['quux', 'strange'],
    marker: true,
  },
  { line: "name; os_name=='a' or os_name=='b'", name: 'name', marker: true },
  {
    line: 'requests [security,tests] >= 2.8.1, == 2.8.* ; python_version < "2.7"',
    name: 'requests',
    extras: ['security', 'tests'],
    specifier: '>= 2.8.1, == 2.8.*',
    marker: true,
  },
  { line: 'pip (>=1.0)', name: 'pip', specifier: '>=1.0' },
  { line: 'argparse;python_version<"2.7"', name: 'argparse', marker: true },
]
for (const e of examples)
  test(`PEP 508: ${e.line}`, () => {
    const r = parsePep508(e.line)
    assert.ok(r, 'parses')
    assert.equal(r.name, e.name)
    assert.deepEqual(r.extras, e.extras ?? [])
    assert.equal(r.specifier, e.specifier ?? '')
    assert.equal(r.url, e.url)
    assert.equal(r.marker !== undefined, e.marker ?? false)
  })

test('PEP 508: marker precedence, and its evaluation in the default environment (os_name posix)', () => {
  const applies = (marker: string) => pep508Applies(parsePep508(`name; ${marker}`) ?? assert.fail(marker))
  // "should parse as (a and b) or c" / "a and (b or c)"
  assert.equal(applies("os_name=='a' and os_name=='b' or os_name=='posix'"), true)
  assert.equal(applies("os_name=='a' and (os_name=='b' or os_name=='posix')"), false)
  // "should parse as a or (b and c)" / "(a or b) and c"
  assert.equal(applies("os_name=='posix' or os_name=='b' and os_name=='c'"), true)
  assert.equal(applies("(os_name=='posix' or os_name=='b') and os_name=='c'"), false)
})

test('PEP 508: what is not a dependency specifier', () => {
  for (const bad of ['', '-name', 'name[', 'name[a b]', 'name >= ', 'name; os_name', 'name; bogus == "x"', 'a b'])
    assert.equal(parsePep508(bad), undefined, bad)
  assert.equal(parsePep508(`x${'y'.repeat(3000)}`), undefined)
})

test('Requires-Dist as dependencies: names normalised, extras optional, requirement as declared', () => {
  // requests 2.31.0's METADATA
  const deps = pep508Dependencies([
    'charset-normalizer (<4,>=2)',
    'idna (<4,>=2.5)',
    'urllib3 (<3,>=1.21.1)',
    'certifi (>=2017.4.17)',
    "PySocks (!=1.5.7,>=1.5.6) ; extra == 'socks'",
    "chardet (<6,>=3.0.2) ; extra == 'use_chardet_on_py3'",
    'not a line',
  ])
  assert.deepEqual(deps, [
    { scope: 'runtime', name: 'charset-normalizer', requirement: '(<4,>=2)' },
    { scope: 'runtime', name: 'idna', requirement: '(<4,>=2.5)' },
    { scope: 'runtime', name: 'urllib3', requirement: '(<3,>=1.21.1)' },
    { scope: 'runtime', name: 'certifi', requirement: '(>=2017.4.17)' },
    { scope: 'optional', name: 'pysocks', requirement: "(!=1.5.7,>=1.5.6) ; extra == 'socks'" },
    { scope: 'optional', name: 'chardet', requirement: "(<6,>=3.0.2) ; extra == 'use_chardet_on_py3'" },
  ])
})

test('a name declared twice keeps the line that applies on CPython 3.11', () => {
  const deps = pep508Dependencies([
    'numpy>=1.21; python_version < "3.10"',
    'numpy>=1.23.2; python_version >= "3.11"',
    'tomli>=1.1.0; python_version < "3.11"',
  ])
  assert.deepEqual(deps, [
    { scope: 'runtime', name: 'numpy', requirement: '>=1.23.2; python_version >= "3.11"' },
    { scope: 'runtime', name: 'tomli', requirement: '>=1.1.0; python_version < "3.11"' },
  ])
})

test('extras: a dependency of an extra applies when the dependent asked for that extra', () => {
  const r = parsePep508('PySocks (!=1.5.7,>=1.5.6) ; extra == "SOCKS"') ?? assert.fail()
  assert.equal(pep508Applies(r), false)
  assert.equal(pep508Applies(r, new Set(['socks'])), true)
  assert.equal(pep508Applies(r, new Set(['security'])), false)
})
