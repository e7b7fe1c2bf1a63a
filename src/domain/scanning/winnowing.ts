// SCANOSS winnowing (scan-direct reference §2): the snippet fingerprints of a file, `fh2`, and one file's WFP text
// exactly as scanoss-js 0.40.2 writes it (its WfpCalculator worker and WfpProvider packer). A server must fingerprint its indexed files with this very procedure or nothing matches.
import { createHash } from 'node:crypto'
import { crc32cOfU32, CRC32C_TABLE as T } from './crc32c.ts'
import { isBinary } from './eligibility.ts'
import type { Fingerprint } from './types.ts'

const GRAM = 30 // characters per gram; fixed by the protocol
const WINDOW = 64 // grams per window; fixed by the protocol
const LF = 10

// §2 step 2: digits and a-z kept, A-Z lower-cased, every other byte (LF, ≥ 128 included) dropped (0).
const NORMAL = new Uint8Array(256)
for (let b = 48; b <= 57; b++) NORMAL[b] = b
for (let b = 97; b <= 122; b++) NORMAL[b] = b
for (let b = 65; b <= 90; b++) NORMAL[b] = b + 32

// Rolling gram CRC: CRC is affine, so sliding the 30-character gram by one is "append the new character, then cancel
// the outgoing one": OUT[b] = reg(0, b·0³⁰) ^ reg(~0, 0³¹) ^ reg(~0, 0³⁰), reg being the register before the final xor.
// Two lookups per character instead of thirty; winnowing.test.ts checks it against crc32c of every gram.
const register = (init: number, bytes: number[]) =>
  bytes.reduce((crc, b) => (T[(crc ^ b) & 0xff] as number) ^ (crc >>> 8), init)
const zeros = (n: number) => new Array<number>(n).fill(0)
const OUT_K = register(-1, zeros(GRAM + 1)) ^ register(-1, zeros(GRAM))
const OUT = Int32Array.from({ length: 256 }, (_, b) => register(0, [b, ...zeros(GRAM)]) ^ OUT_K)

/**
 * The winnowing walk (§2 steps 1–4). `emit` gets each fingerprint as it is found; returning false stops the walk. The window minimum comes from a monotonic deque (ring of WINDOW slots): the same minimum as
 * scanning all 64 hashes, in amortised constant time.
 */
function winnow(content: Uint8Array, emit: (line: number, hash: number) => boolean): void {
  const gram = new Uint8Array(GRAM) // ring of the gram's characters, to know the outgoing one
  const dqHash = new Uint32Array(WINDOW)
  const dqSeq = new Float64Array(WINDOW)
  let head = 0
  let size = 0
  let kept = 0
  let oldest = 0
  let reg = -1
  let grams = 0
  let line = 1
  // The previous selected minimum starts above any 32-bit value (scanoss.py: 2^32), so the first window emits.
  // scanoss-js starts it at 0xffffffff: the two differ only while every gram so far has hashed to 0xffffffff.
  let last = 2 ** 32
  for (let i = 0; i < content.length; i++) {
    const byte = content[i] as number
    if (byte === LF) {
      line++
      continue
    }
    const c = NORMAL[byte] as number
    if (c === 0) continue
    if (kept < GRAM) {
      reg = (T[(reg ^ c) & 0xff] as number) ^ (reg >>> 8)
      gram[kept++] = c
      if (kept < GRAM) continue
    } else {
      reg = (T[(reg ^ c) & 0xff] as number) ^ (reg >>> 8) ^ (OUT[gram[oldest] as number] as number)
      gram[oldest] = c
      oldest = oldest === GRAM - 1 ? 0 : oldest + 1
    }
    const hash = ~reg >>> 0
    if (size > 0 && (dqSeq[head] as number) <= grams - WINDOW) {
      head = (head + 1) & (WINDOW - 1)
      size--
    }
    while (size > 0 && (dqHash[(head + size - 1) & (WINDOW - 1)] as number) > hash) size--
    dqHash[(head + size) & (WINDOW - 1)] = hash
    dqSeq[(head + size) & (WINDOW - 1)] = grams
    size++
    grams++
    if (grams < WINDOW) continue
    const min = dqHash[head] as number
    if (min === last) continue
    last = min
    // §2 step 4: the fingerprint is the CRC-32C of the minimum's little-endian bytes, on the current line.
    if (!emit(line, crc32cOfU32(min))) return
  }
}

/**
 * Every value a fingerprint of `content` could take wherever the text sits in a file: the fingerprint of each of its
 * grams, selected by a window or not (a window that straddles the text's edge may select any of them).
 */
export function possibleFingerprints(content: Uint8Array): Set<number> {
  const out = new Set<number>()
  const chars = [...content].map((b) => NORMAL[b] as number).filter((c) => c !== 0)
  for (let i = 0; i + GRAM <= chars.length; i++) {
    let reg = -1
    for (let j = i; j < i + GRAM; j++) reg = (T[(reg ^ (chars[j] as number)) & 0xff] as number) ^ (reg >>> 8)
    out.add(crc32cOfU32(~reg >>> 0))
  }
  return out
}

/** Every snippet fingerprint of `content`, in emission order (no size limit: for indexing). */
export function fingerprints(content: Uint8Array): Fingerprint[] {
  const out: Fingerprint[] = []
  winnow(content, (line, hash) => {
    out.push({ line, hash })
    return true
  })
  return out
}

/**
 * `fh2` (§2): MD5 of the file with the opposite line endings: CRLF-only → every CRLF as LF; otherwise (LF, CR or
 * mixed) every line ending (CRLF, CR, LF) as CRLF. Undefined where the clients write no fh2 line: binary files and
 * files without any CR or LF.
 */
export function fh2(content: Uint8Array): string | undefined {
  if (isBinary(content)) return undefined
  let crlf = 0
  let lone = 0 // lone LF or lone CR
  for (let i = 0; i < content.length; i++) {
    const b = content[i]
    if (b === 13 && content[i + 1] === LF) {
      crlf++
      i++
    } else if (b === LF || b === 13) lone++
  }
  if (crlf + lone === 0) return undefined
  const toLf = lone === 0
  const out = Buffer.allocUnsafe(toLf ? content.length - crlf : content.length + lone)
  let o = 0
  for (let i = 0; i < content.length; i++) {
    const b = content[i] as number
    if (b !== 13 && b !== LF) out[o++] = b
    else {
      if (b === 13 && content[i + 1] === LF) i++
      if (!toLf) out[o++] = 13
      out[o++] = LF
    }
  }
  return createHash('md5').update(out).digest('hex')
}

const hex8 = (n: number) => n.toString(16).padStart(8, '0')

/**
 * One file's WFP exactly as scanoss-js 0.40.2 writes it, `maxSize` being its WFP_FILE_MAX_SIZE (`-P` KB, default 32):
 * `file=`, `fh2=`, then `<line>=h1,h2,…` lines; binary files get the `file=` line only. Over maxSize characters, the
 * text is cut after its last newline at or before offset maxSize (the client's packer; its worker also stops once the
 * snippet lines alone pass maxSize, which changes nothing the cut keeps). If even the `file=` line is longer, the
 * client loops forever; we keep that line.
 */
export function wfpForFile(path: string, content: Uint8Array, maxSize = 32 * 1024): string {
  const opposite = fh2(content)
  let wfp = `file=${createHash('md5').update(content).digest('hex')},${content.length},${path}\n`
  if (opposite !== undefined) wfp += `fh2=${opposite}\n`
  if (!isBinary(content)) {
    let current = ''
    let lastLine = 0
    winnow(content, (line, hash) => {
      if (line === lastLine) current += `,${hex8(hash)}`
      else {
        if (current) wfp += `${current}\n`
        current = `${line}=${hex8(hash)}`
        lastLine = line
      }
      return wfp.length <= maxSize // past it, everything still to come is cut
    })
    if (current) wfp += `${current}\n`
  }
  if (wfp.length <= maxSize) return wfp
  const cut = wfp.lastIndexOf('\n', maxSize)
  return wfp.slice(0, cut >= 0 ? cut + 1 : wfp.indexOf('\n') + 1)
}
