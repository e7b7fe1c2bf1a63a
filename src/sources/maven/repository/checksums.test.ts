import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { test } from 'node:test'
import { UpstreamRefused } from '../../../ingest/failure.ts'
import { checkDigest, unverified } from './checksums.ts'

test('a digest is checked with its algorithm; a mismatch and a missing checksum under fail are refused', () => {
  const body = Buffer.from('<project/>')
  checkDigest(body, { algorithm: 'sha1', hex: createHash('sha1').update(body).digest('hex') }, 'pom')
  assert.throws(
    () => checkDigest(body, { algorithm: 'sha256', hex: '0'.repeat(64) }, 'pom'),
    (e) => e instanceof UpstreamRefused && e.kind === 'integrity' && /sha256/.test(e.message),
  )
  assert.equal(unverified('warn', 'pom'), undefined)
  assert.throws(() => unverified('fail', 'pom'), /checksumPolicy is fail/)
})
