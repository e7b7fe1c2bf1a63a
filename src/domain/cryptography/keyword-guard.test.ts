import assert from 'node:assert/strict'
import { test } from 'node:test'
import { acceptsMatch, escapeRegex, keywordRegexSource } from './keyword-guard.ts'

function regexAccepts(keyword: string, text: string): boolean {
  return new RegExp(keywordRegexSource(keyword), 'i').test(text)
}

function scanAccepts(keyword: string, text: string): boolean {
  const lower = text.toLowerCase()
  for (let i = lower.indexOf(keyword); i >= 0; i = lower.indexOf(keyword, i + 1))
    if (acceptsMatch(lower, i, i + keyword.length, keyword)) return true
  return false
}

test('a keyword starting with a letter or digit is not accepted after one', () => {
  assert.equal(acceptsMatch('nodes_each', 3, 8, 'des_e'), false)
  assert.equal(acceptsMatch('x.des_e', 2, 7, 'des_e'), true)
  assert.equal(acceptsMatch('des_e', 0, 5, 'des_e'), true)
  // `_` is not a letter or digit
  assert.equal(acceptsMatch('_md5_', 1, 5, 'md5_'), true)
})

test('a short keyword ending with a letter or digit is not accepted before one; long ones are', () => {
  assert.equal(acceptsMatch('3desk', 0, 4, '3des'), false)
  assert.equal(acceptsMatch('3des-cbc', 0, 4, '3des'), true)
  assert.equal(acceptsMatch('md5hashes', 0, 7, 'md5hash'), true)
  assert.equal(acceptsMatch('aes128', 0, 3, 'aes'), false)
})

test('bytes and strings give the same answer', () => {
  const text = 'x = 3desk; y = 3des;'
  const bytes = new TextEncoder().encode(text)
  for (const start of [4, 15])
    assert.equal(acceptsMatch(bytes, start, start + 4, '3des'), acceptsMatch(text, start, start + 4, '3des'))
})

test('the rule regex accepts exactly what acceptsMatch accepts, case-insensitively', () => {
  const keywords = ['3des', 'md5.', '_aes', 'aes/gcm/nopadding', "'sha-1'", '#include <openssl/aes.h>', 'rsa', 'x25519']
  const contexts = ['', 'x', '0', '_', '.', ' ', '(', 'Q']
  for (const k of keywords)
    for (const before of contexts)
      for (const after of contexts)
        for (const text of [`${before}${k}${after}`, `${before}${k.toUpperCase()}${after}`])
          assert.equal(regexAccepts(k, text), scanAccepts(k, text), `${k} in ${JSON.stringify(text)}`)
})

test('metacharacters are escaped', () => {
  const special = 'a.b*c+d?e(f)g[h]i{j}k|l^m$n\\o'
  assert.ok(new RegExp(`^${escapeRegex(special)}$`).test(special))
  assert.ok(new RegExp(keywordRegexSource('gcm(aes)'), 'i').test('GCM(AES)'))
  assert.ok(!new RegExp(keywordRegexSource('gcm(aes)'), 'i').test('gcmXaes)'))
})
