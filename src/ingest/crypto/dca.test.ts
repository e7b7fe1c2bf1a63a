import assert from 'node:assert/strict'
import { test } from 'node:test'
import { dcaRulesDigest, matchDca } from './dca.ts'

test('finds algorithms with rule id and line, language from the extension', () => {
  const js = "const crypto = require('crypto')\nconst h = crypto.createHash('md5')\n"
  assert.deepEqual(matchDca('lib/a.js', js), [{ ruleId: 'dca.javascript.node-digest', algorithm: 'md5', line: 2 }])
  assert.deepEqual(
    matchDca('src/a.tsx', "export const C = () => <div>{crypto.createCipheriv('aes-128-cbc', k, iv) && 1}</div>\n"),
    [
      { ruleId: 'dca.javascript.node-cipher', algorithm: 'aes', line: 1 },
      { ruleId: 'dca.javascript.node-cipher', algorithm: 'cbc', line: 1 },
    ],
  )
  const java =
    'class A { void f() throws Exception {\n  java.security.MessageDigest m = MessageDigest.getInstance("SHA-1");\n} }'
  assert.deepEqual(matchDca('A.java', java), [{ ruleId: 'dca.java.message-digest', algorithm: 'sha1', line: 2 }])
  assert.deepEqual(matchDca('x.py', 'import hashlib\nhashlib.new("sha512")'), [
    { ruleId: 'dca.python.hashlib-new', algorithm: 'sha2', line: 2 },
  ])
})

test('unsupported languages and files without crypto give []', () => {
  assert.deepEqual(matchDca('README.md', "crypto.createHash('md5')"), [])
  assert.deepEqual(matchDca('Makefile', "crypto.createHash('md5')"), [])
  assert.deepEqual(matchDca('a.js', 'console.log(1)'), [])
})

test('never throws on bad source', () => {
  const garbage = [
    '',
    '\u0000\u0001\uffff',
    'function ( { [ ) } ]'.repeat(1000),
    "crypto.createHash('md5'".repeat(50),
    '\ud800 broken surrogate',
    'x'.repeat(5 * 1024 * 1024),
  ]
  for (const path of ['a.js', 'a.ts', 'a.tsx', 'a.py', 'A.java', 'a.go', 'a.c', 'a.cpp', 'a.php', 'a.rb', 'a.cs'])
    for (const content of garbage) assert.ok(Array.isArray(matchDca(path, content)))
  assert.deepEqual(matchDca('a.js', undefined as unknown as string), [])
})

test('still finds what parses around a syntax error', () => {
  const found = matchDca('broken.js', "const h = crypto.createHash('sha1')\nfunction ( {\n")
  assert.deepEqual(
    found.map((f) => f.algorithm),
    ['sha1'],
  )
})

test('the rules digest is stable', () => {
  assert.match(dcaRulesDigest(), /^[0-9a-f]{64}$/)
  assert.equal(dcaRulesDigest(), dcaRulesDigest())
})
