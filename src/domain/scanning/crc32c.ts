// CRC-32C (Castagnoli: reflected polynomial 0x82F63B78, init and xorout all ones), the hash of SCANOSS winnowing
// (scan-direct reference §2, "Winnowing as the clients compute it", steps 3 and 4). Slicing-by-8 for byte
// arrays; the single-byte table is exported for the rolling gram hash in winnowing.ts.

/** The byte-at-a-time table: `CRC32C_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8)` advances a (non-inverted) register. */
export const CRC32C_TABLE = new Int32Array(256)
const T = Array.from({ length: 8 }, (_, k) => (k === 0 ? CRC32C_TABLE : new Int32Array(256)))
const [T0, T1, T2, T3, T4, T5, T6, T7] = T as [
  Int32Array,
  Int32Array,
  Int32Array,
  Int32Array,
  Int32Array,
  Int32Array,
  Int32Array,
  Int32Array,
]

for (let n = 0; n < 256; n++) {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1
  T0[n] = c
}
// Tk[n] is the register after byte n followed by k zero bytes: eight table lookups then advance eight bytes at once.
for (let n = 0; n < 256; n++) {
  let c = T0[n] as number
  for (const t of [T1, T2, T3, T4, T5, T6, T7]) {
    c = (T0[c & 0xff] as number) ^ (c >>> 8)
    t[n] = c
  }
}

/** CRC-32C of `bytes`, as an unsigned 32-bit number ("123456789" → 0xE3069283). */
export function crc32c(bytes: Uint8Array): number {
  let crc = -1
  let i = 0
  const end8 = bytes.length - (bytes.length % 8)
  for (; i < end8; i += 8) {
    const lo =
      crc ^
      ((bytes[i] as number) |
        ((bytes[i + 1] as number) << 8) |
        ((bytes[i + 2] as number) << 16) |
        ((bytes[i + 3] as number) << 24))
    crc =
      (T7[lo & 0xff] as number) ^
      (T6[(lo >>> 8) & 0xff] as number) ^
      (T5[(lo >>> 16) & 0xff] as number) ^
      (T4[lo >>> 24] as number) ^
      (T3[bytes[i + 4] as number] as number) ^
      (T2[bytes[i + 5] as number] as number) ^
      (T1[bytes[i + 6] as number] as number) ^
      (T0[bytes[i + 7] as number] as number)
  }
  for (; i < bytes.length; i++) crc = (T0[(crc ^ (bytes[i] as number)) & 0xff] as number) ^ (crc >>> 8)
  return ~crc >>> 0
}

/**
 * CRC-32C of the four little-endian bytes of an unsigned 32-bit value: how the clients turn a window's minimum gram
 * hash into the fingerprint they send ("hashing the hash", scan-direct reference §2 step 4).
 */
export function crc32cOfU32(value: number): number {
  let crc = -1
  for (let shift = 0; shift < 32; shift += 8) crc = (T0[(crc ^ (value >>> shift)) & 0xff] as number) ^ (crc >>> 8)
  return ~crc >>> 0
}
