// CRC-32C: published check values (the CRC catalogue's "123456789", RFC 3720 B.4's iSCSI vectors), slicing-by-8 against
// the bit-at-a-time definition, and the four-byte helper the winnowing hashes window minima with.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { crc32c, crc32cOfU32 } from './crc32c.ts'

const bytes = (s: string) => new TextEncoder().encode(s)

/** The definition, one bit at a time: what the table-driven code must equal. */
function bitwise(data: Uint8Array): number {
  let crc = 0xffffffff
  for (const b of data) {
    crc ^= b
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0x82f63b78 : crc >>> 1
  }
  return (crc ^ 0xffffffff) >>> 0
}

test('CRC-32C check values', () => {
  assert.equal(crc32c(bytes('123456789')), 0xe3069283)
  assert.equal(crc32c(new Uint8Array(0)), 0)
  // RFC 3720 (iSCSI) appendix B.4: 32 bytes of zeros, of ones, incrementing, decrementing
  assert.equal(crc32c(new Uint8Array(32)), 0x8a9136aa)
  assert.equal(crc32c(new Uint8Array(32).fill(0xff)), 0x62a8ab43)
  assert.equal(crc32c(Uint8Array.from({ length: 32 }, (_, i) => i)), 0x46dd794e)
  assert.equal(crc32c(Uint8Array.from({ length: 32 }, (_, i) => 31 - i)), 0x113fdb5c)
})

test('CRC-32C of every length 0–100 and of odd views equals the bitwise definition', () => {
  const data = Uint8Array.from({ length: 1000 }, (_, i) => (i * 167 + 13) & 0xff)
  for (let n = 0; n <= 100; n++) assert.equal(crc32c(data.subarray(0, n)), bitwise(data.subarray(0, n)), `length ${n}`)
  for (const [from, to] of [
    [1, 1000],
    [3, 517],
    [7, 8],
  ] as const)
    assert.equal(crc32c(data.subarray(from, to)), bitwise(data.subarray(from, to)), `${from}..${to}`)
})

test('crc32cOfU32 is the CRC-32C of the value’s four little-endian bytes', () => {
  for (const v of [0, 1, 0xff, 0x100, 0x12345678, 0x80000000, 0xfffffffe, 0xffffffff]) {
    const le = Uint8Array.of(v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, v >>> 24)
    assert.equal(crc32cOfU32(v), crc32c(le), v.toString(16))
  }
  assert.ok(crc32cOfU32(0xffffffff) >= 0, 'unsigned')
})
