// Multi-index hashing keys: each 64-bit hash is cut into three bands (21, 21 and 22 bits) and a folder is indexed
// under the bands of its names hash and of its content hash. Two hashes within Hamming distance 2 share at least
// one band exactly (pigeonhole), so an exact index seek per band finds them; farther ones are found when one band
// happens to be intact, which is the common case for near versions of a package (few names change). Bands of
// ~21 bits keep each index entry nearly unique even at tens of millions of folders, so the work per lookup does
// not grow with the KB (docs/folder-hashing.md).
import type { U64 } from './primitives.ts'

const BAND_SPACE = 2 ** 22

/** The three bands of a value: bits 0-20, 21-41 and 42-63. */
function bandsOf(x: U64): [number, number, number] {
  return [x.lo & 0x1fffff, (x.lo >>> 21) | ((x.hi & 0x3ff) << 11), x.hi >>> 10]
}

/** The six index keys of a folder: kind (names 0, content 1) and band number, then the band's value. */
export function bandKeys(names: U64, content: U64): number[] {
  const keys: number[] = []
  ;[names, content].forEach((h, kind) => {
    bandsOf(h).forEach((value, band) => {
      keys.push((kind * 3 + band) * BAND_SPACE + value)
    })
  })
  return keys
}
