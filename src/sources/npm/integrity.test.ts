import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { test } from 'node:test'
import { integrityCheck } from './integrity.ts'
import { IntegrityError } from './registry.ts'

const bytes = Buffer.from('FIXTURE tarball bytes')
const sri = (alg: string, b: Buffer) => `${alg}-${createHash(alg).update(b).digest('base64')}`

test('the strongest algorithm named is checked as the bytes stream', () => {
  const check = integrityCheck(`${sri('sha1', Buffer.from('other'))} ${sri('sha512', bytes)}`, 'x@1')
  check?.update(bytes.subarray(0, 5))
  check?.update(bytes.subarray(5))
  check?.verify()
})

test('different bytes fail, and so does an integrity string with no algorithm compintel knows', () => {
  const check = integrityCheck(sri('sha512', bytes), 'x@1')
  check?.update(Buffer.from('tampered'))
  assert.throws(() => check?.verify(), IntegrityError)
  assert.throws(() => integrityCheck('md5-abc', 'x@1'), IntegrityError)
  assert.equal(integrityCheck(undefined, 'x@1'), undefined)
})
