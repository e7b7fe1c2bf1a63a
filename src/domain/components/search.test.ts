import assert from 'node:assert/strict'
import { test } from 'node:test'
import { searchQuery, spellings } from './search.ts'

test('a term of several words is also searched with its words joined by each separator names use', () => {
  assert.deepEqual(spellings('crypto js'), ['crypto js', 'crypto-js', 'crypto_js', 'crypto.js', 'crypto/js'])
  assert.deepEqual(spellings('crypto_js'), ['crypto_js', 'crypto-js', 'crypto.js', 'crypto/js'])
  assert.deepEqual(spellings('lodash'), ['lodash'])
  assert.deepEqual(spellings(' - '), [' - '], 'no words: the term as it is')
  assert.deepEqual(searchQuery({ search: '  Crypto  JS ' })?.spellings?.[1], 'crypto-js')
})
