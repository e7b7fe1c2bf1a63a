import assert from 'node:assert/strict'
import { test } from 'node:test'
import { crc64Stream, crc64xz } from './crc64.ts'
import { fingerprint, fnv1_64, hamming, parseHex64, toHex, toHex16, type U64, wordSimhash } from './primitives.ts'

const bytes = (s: string) => new TextEncoder().encode(s)
const hex = (x: U64) => toHex16(x)

test('CRC-64/XZ check values', () => {
  for (const [input, want] of [
    ['123456789', '995dc9bbdf1939fa'],
    ['', '0000000000000000'],
    ['all:\n\tcc src/*.c\n', 'fee627c4dec19dbd'],
    ['# Demo\n', '3a2a1c2ab1e58050'],
  ] as const)
    assert.equal(hex(crc64xz(bytes(input))), want, input)
})

test('CRC-64/XZ fed in chunks of any size equals the CRC of the whole', () => {
  const data = Uint8Array.from({ length: 1000 }, (_, i) => (i * 131 + 7) & 0xff)
  const whole = hex(crc64xz(data))
  for (const step of [1, 3, 7, 8, 9, 64, 999]) {
    const crc = crc64Stream()
    for (let i = 0; i < data.length; i += step) crc.update(data.subarray(i, i + step))
    assert.equal(hex(crc.digest()), whole, `step ${step}`)
  }
  // against the byte-at-a-time definition
  let hi = 0xffffffffn << 32n
  let v = hi | 0xffffffffn
  for (const b of data) {
    v ^= BigInt(b)
    for (let k = 0; k < 8; k++) v = v & 1n ? (v >> 1n) ^ 0xc96c5795d7870f42n : v >> 1n
  }
  hi = v ^ 0xffffffffffffffffn
  assert.equal(whole, hi.toString(16).padStart(16, '0'))
})

test('FNV-1 64 (not FNV-1a) check values', () => {
  for (const [input, want] of [
    ['', 'cbf29ce484222325'],
    ['a', 'af63bd4c8601b7be'],
    ['makefile', '49f56db23c448aa9'],
    ['include', 'fb2c0d538918ce5f'],
    ['io', '08325f07b4eb2a2d'],
  ] as const)
    assert.equal(hex(fnv1_64(bytes(input))), want, input)
  const key = Uint8Array.from([0xfe, 0xe6, 0x27, 0xc4, 0xde, 0xc1, 0x9d, 0xbd])
  assert.equal(hex(fnv1_64(key)), '323a74b01b9abbed')
})

test('WordSimhash: tokens, case, separators, empty input', () => {
  assert.equal(toHex(wordSimhash('alpha')), 'd601ec55770021b') // no leading zero, as the client sends it
  assert.equal(toHex(wordSimhash('')), 'ffffffffffffffff')
  assert.equal(toHex(wordSimhash('include io src')), 'd83e1f13a97bce2d')
  assert.equal(toHex(wordSimhash('Makefile README api main read util write')), 'c8fca47eab4f94bb')
  // upper-case ASCII folds; '-', '.' and non-ASCII bytes separate tokens; apostrophes stay inside
  assert.deepEqual(wordSimhash('ALPHA'), wordSimhash('alpha'))
  assert.deepEqual(wordSimhash('a.tar'), wordSimhash('a tar'))
  assert.deepEqual(wordSimhash('über_modul'), wordSimhash('ber_modul'))
  assert.notDeepEqual(wordSimhash("it's"), wordSimhash('it s'))
})

test('Fingerprint of no features is all ones; hex forms', () => {
  assert.equal(toHex(fingerprint([])), 'ffffffffffffffff')
  assert.equal(toHex({ hi: 0, lo: 5 }), '05')
  assert.equal(toHex({ hi: 1, lo: 0 }), '100000000')
  assert.equal(toHex16({ hi: 0, lo: 5 }), '0000000000000005')
})

test('parseHex64 accepts 1 to 16 hex digits of either case and nothing else', () => {
  assert.deepEqual(parseHex64('d601ec55770021b'), { hi: 0x0d601ec5, lo: 0x5770021b })
  assert.deepEqual(parseHex64('FFFFFFFFFFFFFFFF'), { hi: 0xffffffff, lo: 0xffffffff })
  for (const bad of ['', 'xyz', '0x12', '12345678901234567', ' 12', '-1']) assert.equal(parseHex64(bad), undefined, bad)
})

test('hamming distance', () => {
  assert.equal(hamming({ hi: 0, lo: 0 }, { hi: 0xffffffff, lo: 0xffffffff }), 64)
  assert.equal(hamming({ hi: 1, lo: 0x80000000 }, { hi: 0, lo: 0 }), 2)
  assert.equal(hamming({ hi: 7, lo: 7 }, { hi: 7, lo: 7 }), 0)
})
