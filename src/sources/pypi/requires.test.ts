// Requirements: setuptools' requires.txt written as Requires-Dist lines, and Requires-Dist lines (real ones, from the
// FIXTURE metadata files and Debian's python3-requests 2.28.1+dfsg-1 requires.txt) as the KB's dependencies.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { pep508Dependencies } from '../../domain/dependencies/pep508.ts'
import { requiresTxtToRequiresDist } from './requires.ts'

test("requires.txt (python3-requests 2.28.1's, verbatim): each extra's section as its marker", () => {
  const text = '\n[security]\n\n[socks]\nPySocks!=1.5.7,>=1.5.6\n\n[use_chardet_on_py3]\nchardet<6,>=3.0.2\n'
  assert.deepEqual(requiresTxtToRequiresDist(text), [
    'PySocks!=1.5.7,>=1.5.6; extra == "socks"',
    'chardet<6,>=3.0.2; extra == "use_chardet_on_py3"',
  ])
})

test('requires.txt: unconditional lines, a marker section, an extra with a marker', () => {
  const text = 'six>=1.5\n[:python_version < "3.8"]\nimportlib-metadata\n[test:sys_platform == "win32"]\npywin32\n'
  assert.deepEqual(requiresTxtToRequiresDist(text), [
    'six>=1.5',
    'importlib-metadata; python_version < "3.8"',
    'pywin32; (sys_platform == "win32") and extra == "test"',
  ])
})

const cases: { name: string; line: string; want: [string, string, string] }[] = [
  { name: 'a bare name', line: 'six', want: ['runtime', 'six', ''] },
  { name: 'a specifier', line: 'traitlets>=5.3', want: ['runtime', 'traitlets', '>=5.3'] },
  { name: 'an extra', line: "pytest; extra == 'test'", want: ['optional', 'pytest', "; extra == 'test'"] },
  {
    name: 'old style: parentheses, a space before the marker',
    line: "jaraco.packaging (>=3.2) ; extra == 'docs'",
    want: ['optional', 'jaraco-packaging', "(>=3.2) ; extra == 'docs'"],
  },
  {
    name: 'extras of the dependency',
    line: "pytest-xdist[psutil]; extra == 'benchmark'",
    want: ['optional', 'pytest-xdist', "[psutil]; extra == 'benchmark'"],
  },
  {
    name: 'an environment marker only',
    line: 'PySocks!=1.5.7,>=1.5.6; python_version < "3"',
    want: ['runtime', 'pysocks', '!=1.5.7,>=1.5.6; python_version < "3"'],
  },
  {
    name: 'a direct reference',
    line: 'pip @ https://example.invalid/pip.whl',
    want: ['runtime', 'pip', '@ https://example.invalid/pip.whl'],
  },
]
for (const c of cases)
  test(`Requires-Dist: ${c.name}`, () => {
    const [d] = pep508Dependencies([c.line])
    assert.deepEqual([d?.scope, d?.name, d?.requirement], c.want)
  })

test("one dependency per scope and name, the first line (attrs 25.3.0's extras name cloudpickle four times)", () => {
  const lines = [
    "cloudpickle; (platform_python_implementation == 'CPython') and extra == 'benchmark'",
    "cloudpickle; (platform_python_implementation == 'CPython') and extra == 'cov'",
    'cloudpickle>=2',
  ]
  assert.deepEqual(
    pep508Dependencies(lines).map((d) => [d.scope, d.name, d.requirement]),
    [
      ['optional', 'cloudpickle', "; (platform_python_implementation == 'CPython') and extra == 'benchmark'"],
      ['runtime', 'cloudpickle', '>=2'],
    ],
  )
})

test('a line naming no project is skipped', () => {
  assert.deepEqual(pep508Dependencies(['', '>=1.0', '; extra == "x"']), [])
})
