// scanIssues: which files are scanned, the order of what it finds, and that it never throws.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { MAX_RULE_FILE_CHARS } from '../../rules/engine/engine.ts'
import { isMinified, isScannedPath, issueRulesVersion, MINIFIED_LINE_CHARS, scanIssues } from './scan.ts'

const paths: [string, boolean][] = [
  ['index.js', true],
  ['lib/util.ts', true],
  ['dist/bundle.js', true],
  ['src/app.tsx', true],
  ['test/index.js', false],
  ['lib/tests/a.js', false],
  ['src/__tests__/a.test.ts', false],
  ['a.spec.js', false],
  ['lib/a.test.mjs', false],
  ['node_modules/x/index.js', false],
  ['fixtures/x.js', false],
  ['dist/app.min.js', false],
  ['types/index.d.ts', false],
  ['index.d.mts', false],
  ['pkg/server_test.go', false],
  ['tool/test_cli.py', false],
  ['testing/helpers.js', true],
]
for (const [path, scanned] of paths)
  test(`${path} is ${scanned ? '' : 'not '}scanned`, () => assert.equal(isScannedPath(path), scanned))

test('minified: a long average line in a file of some size', () => {
  assert.equal(isMinified('a'.repeat(MINIFIED_LINE_CHARS * 10)), true)
  assert.equal(isMinified('x = 1\n'.repeat(1000)), false)
  assert.equal(isMinified('a'.repeat(1000)), false, 'small files are never called minified')
})

test('issues are ordered by line, then rule id, each with its severity', () => {
  const code = [
    "const crypto = require('crypto')",
    'eval(input)',
    "const h = crypto.createHash('md5').update(password).digest('hex')",
  ].join('\n')
  assert.deepEqual(scanIssues('lib/a.js', code), [
    { rule: 'semgrep.javascript.eval-dynamic', from: 2, to: 2, severity: 'ERROR' },
    { rule: 'semgrep.javascript.hash-md5-sha1', from: 3, to: 3, severity: 'INFO' },
    { rule: 'semgrep.javascript.password-fast-hash', from: 3, to: 3, severity: 'ERROR' },
  ])
  assert.match(issueRulesVersion(), /^v\d+\.\d+\.\d+$/)
})

test('nothing for files that are not scanned, languages without rules, files over the limit or that do not parse', () => {
  assert.deepEqual(scanIssues('test/a.js', 'eval(input)'), [])
  assert.deepEqual(scanIssues('README.md', 'eval(input)'), [])
  assert.deepEqual(scanIssues('a.rs', 'eval(input)'), [])
  assert.deepEqual(scanIssues('a.js', `eval(input)\n${'//'.repeat(MAX_RULE_FILE_CHARS)}`), [])
  assert.doesNotThrow(() => scanIssues('a.js', '\u0000\u0001 ))) {{{ eval('))
  assert.doesNotThrow(() => scanIssues('a.c', 'int main( { gets(buf'))
})
