import assert from 'node:assert/strict'
import { test } from 'node:test'
import { excerpt, isPermanent, PermanentError, UpstreamRefused } from './failure.ts'

test('refusals and other permanent errors are permanent; anything else is not', () => {
  assert.ok(isPermanent(new UpstreamRefused('identity', 'x')))
  assert.ok(isPermanent(new PermanentError('x')))
  assert.ok(!isPermanent(new Error('ECONNRESET')))
  assert.ok(!isPermanent('a string'))
})

test('an excerpt is bounded and escapes control characters', () => {
  assert.equal(excerpt('a\nb\u0000c\u2028'), 'a\\u000ab\\u0000c\\u2028')
  assert.equal(excerpt('x'.repeat(300), 10), `${'x'.repeat(10)}…`)
})
