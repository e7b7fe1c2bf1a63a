// PEP 508 environment markers evaluated in the default environment (CPython 3.11.2 on Linux x86_64), as packaging
// evaluates them: versions compared as PEP 440 versions, other strings as strings, `in` as substrings.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { DEFAULT_MARKER_ENVIRONMENT, evaluateMarker, parseMarker } from './pep508-markers.ts'

const cases: [marker: string, value: boolean][] = [
  ['python_version >= "3.8"', true],
  ['python_version < "3.10"', false], // as versions: 3.11 > 3.10 (as strings it would be below)
  ['python_version > "3.9"', true],
  ['"3.8" <= python_version', true],
  ['python_full_version >= "3.11.1"', true],
  ['python_version == "3.*"', true],
  ['python_version ~= "3.9"', true],
  ['python_version != "3.11"', false],
  ['sys_platform == "win32"', false],
  ['sys_platform == "linux"', true],
  ['sys_platform != "darwin" and platform_machine == "x86_64"', true],
  ['platform_system == "Windows" or os_name == "nt"', false],
  ['"linux" in sys_platform', true],
  ['"arm" not in platform_machine', true],
  ["platform_python_implementation == 'CPython'", true],
  ['implementation_name == "pypy"', false],
  ['platform_release >= "5"', false],
  ['extra == "test"', false],
]
for (const [marker, value] of cases)
  test(`marker ${marker} → ${value}`, () => {
    const m = parseMarker(marker)
    assert.ok(m, 'parses')
    assert.equal(evaluateMarker(m), value)
  })

test('the default environment is CPython 3.11.2 on Linux x86_64 (docs/dependencies.md "PyPI")', () => {
  const { python_version, python_full_version, sys_platform, platform_machine } = DEFAULT_MARKER_ENVIRONMENT
  assert.deepEqual(
    [python_version, python_full_version, sys_platform, platform_machine],
    ['3.11', '3.11.2', 'linux', 'x86_64'],
  )
})

test('extras are compared normalised (PEP 685), each asked-for extra in turn', () => {
  const m = parseMarker('extra == "Use_Chardet.on-py3"') ?? assert.fail()
  assert.equal(evaluateMarker(m, new Set(['use-chardet-on-py3'])), true)
  assert.equal(evaluateMarker(m, new Set(['socks', 'USE_chardet_on_py3'])), true)
})

test('what is not a marker: unknown variables, missing operands, unbalanced or too deep parentheses', () => {
  for (const bad of [
    '',
    'bogus == "1"',
    'python_version >=',
    '(python_version > "1"',
    'python_version "3"',
    '"a" == "b" and',
  ])
    assert.equal(parseMarker(bad), undefined, bad)
  assert.equal(parseMarker(`${'('.repeat(40)}os_name == "posix"${')'.repeat(40)}`), undefined)
  assert.ok(parseMarker(`${'('.repeat(5)}os_name == "posix"${')'.repeat(5)}`))
})
