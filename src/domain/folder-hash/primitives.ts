// The hash primitives of the SCANOSS folder hasher (docs/api-behaviour.md "Folder hashing (client)"): FNV-1 64, simhash
// fingerprints and the Python hex form, on 64-bit values held as two unsigned 32-bit halves (no BigInt in the loops).

/** A 64-bit value as its high and low unsigned 32-bit halves. */
export interface U64 {
  hi: number
  lo: number
}

/** All ones: the fingerprint of an empty feature list (clients send it as `ffffffffffffffff`). */
export const ALL_ONES: U64 = { hi: 0xffffffff, lo: 0xffffffff }

/** The value as 8 big-endian bytes (the form in which the content key is hashed again). */
export function bigEndianBytes(x: U64): Uint8Array {
  const out = new Uint8Array(8)
  const view = new DataView(out.buffer)
  view.setUint32(0, x.hi)
  view.setUint32(4, x.lo)
  return out
}

/**
 * FNV-1 64 (multiply, then xor; not FNV-1a) of bytes[from, to): "a" gives af63bd4c8601b7be. The product by the
 * prime 0x100000001b3 is done on 16-bit limbs so no intermediate exceeds 2^53.
 */
export function fnv1_64(bytes: Uint8Array, from = 0, to = bytes.length): U64 {
  let h0 = 0x2325
  let h1 = 0x8422
  let h2 = 0x9ce4
  let h3 = 0xcbf2
  for (let i = from; i < to; i++) {
    const t0 = h0 * 0x1b3
    const t1 = h1 * 0x1b3
    const t2 = h2 * 0x1b3 + h0 * 0x100
    const t3 = h3 * 0x1b3 + h1 * 0x100
    const c1 = t1 + Math.floor(t0 / 0x10000)
    const c2 = t2 + Math.floor(c1 / 0x10000)
    h3 = (t3 + Math.floor(c2 / 0x10000)) & 0xffff
    h2 = c2 & 0xffff
    h1 = c1 & 0xffff
    h0 = (t0 & 0xffff) ^ (bytes[i] as number)
  }
  return { hi: ((h3 << 16) | h2) >>> 0, lo: ((h1 << 16) | h0) >>> 0 }
}

/** The votes of a simhash: per bit, (+1 per feature with the bit set) − (1 per feature without it). */
export type Votes = Int32Array

export function newVotes(): Votes {
  return new Int32Array(64)
}

/** Adds one feature's votes (weight 1) to v. */
export function vote(v: Votes, h: U64): void {
  for (let i = 0; i < 32; i++) {
    v[i] = (v[i] as number) + ((h.lo >>> i) & 1 ? 1 : -1)
    v[i + 32] = (v[i + 32] as number) + ((h.hi >>> i) & 1 ? 1 : -1)
  }
}

/** Bit i is set iff v[i] >= 0 (so no features at all give all ones). */
export function fingerprintOf(v: Votes): U64 {
  let hi = 0
  let lo = 0
  for (let i = 0; i < 32; i++) {
    if ((v[i] as number) >= 0) lo |= 1 << i
    if ((v[i + 32] as number) >= 0) hi |= 1 << i
  }
  return { hi: hi >>> 0, lo: lo >>> 0 }
}

/** Fingerprint(hashes): the simhash of equally weighted features. */
export function fingerprint(hashes: Iterable<U64>): U64 {
  const v = newVotes()
  for (const h of hashes) vote(v, h)
  return fingerprintOf(v)
}

/** ASCII letters, digits, underscore and apostrophe: the bytes of a token (`[\w']` on bytes, \w ASCII only). */
function isTokenByte(b: number): boolean {
  return (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x5f || b === 0x27
}

const encoder = new TextEncoder()

/**
 * The FNV-1 64 of every token of the text: UTF-8 bytes, ASCII A-Z lower-cased, maximal runs of token bytes (every
 * other byte, non-ASCII included, separates). The regex's `://` branch needs a '/', which no file or directory
 * name holds, so it is not implemented.
 */
export function tokenHashes(text: string): U64[] {
  const bytes = encoder.encode(text)
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number
    if (b >= 0x41 && b <= 0x5a) bytes[i] = b + 0x20
  }
  const out: U64[] = []
  let start = -1
  for (let i = 0; i <= bytes.length; i++) {
    const inToken = i < bytes.length && isTokenByte(bytes[i] as number)
    if (inToken && start < 0) start = i
    else if (!inToken && start >= 0) {
      out.push(fnv1_64(bytes, start, i))
      start = -1
    }
  }
  return out
}

/** WordSimhash(text): the fingerprint of the text's tokens, repeats included. */
export function wordSimhash(text: string): U64 {
  return fingerprint(tokenHashes(text))
}

/** Python's f"{x:02x}": lower-case hex, no leading zeros, at least two digits. */
export function toHex(x: U64): string {
  const s = x.hi === 0 ? x.lo.toString(16) : x.hi.toString(16) + x.lo.toString(16).padStart(8, '0')
  return s.length < 2 ? s.padStart(2, '0') : s
}

/** The 16-digit form (zero-padded), as the KB stores hashes. */
export function toHex16(x: U64): string {
  return x.hi.toString(16).padStart(8, '0') + x.lo.toString(16).padStart(8, '0')
}

/** Parses 1 to 16 hex digits as an unsigned 64-bit value (Go strconv.ParseUint(s, 16, 64)); undefined otherwise. */
export function parseHex64(s: string): U64 | undefined {
  if (!/^[0-9a-fA-F]{1,16}$/.test(s)) return undefined
  const padded = s.padStart(16, '0')
  return { hi: Number.parseInt(padded.slice(0, 8), 16), lo: Number.parseInt(padded.slice(8), 16) }
}

function popcount32(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555)
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

/** The Hamming distance of two 64-bit values (0 to 64). */
export function hamming(a: U64, b: U64): number {
  return popcount32((a.hi ^ b.hi) >>> 0) + popcount32((a.lo ^ b.lo) >>> 0)
}
