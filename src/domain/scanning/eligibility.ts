// Which files get snippet fingerprints (scan-direct reference §2, "No snippet lines for"): the binary check of the
// `isbinaryfile` package scanoss-js uses, and scanoss.py's skips by extension, size and start, which the KB applies
// when it indexes files (winnowing.ts fingerprints the rest).

const LF = 10

/**
 * Binary detection of the `isbinaryfile` 4.0.10 package that scanoss-js uses (on the file's first 512 bytes): BOMs
 * mean text, `%PDF-` binary, a NUL byte binary, more than 10% "suspicious" bytes (control characters outside 7–14,
 * bytes ≥ 128 not in a valid 2- or 3-byte UTF-8 sequence) binary, and a few suspicious bytes plus a parse as
 * protobuf messages binary. Same decisions, with one difference of cost: the package reads a protobuf length byte
 * by byte into an array, so a declared length near 2^31 in the first bytes takes it seconds and then throws
 * (RangeError: Invalid array length; scanoss-js then fails on that file). We skip it in one step and answer what the
 * package would answer if it finished (not binary, unless whole messages came before it).
 */
export function isBinary(content: Uint8Array): boolean {
  const n = Math.min(content.length, 512)
  const at = (i: number) => content[i] as number
  if (n === 0) return false
  if (n >= 3 && at(0) === 0xef && at(1) === 0xbb && at(2) === 0xbf) return false
  const b4 = n >= 4 ? ((at(0) << 24) | (at(1) << 16) | (at(2) << 8) | at(3)) >>> 0 : -1
  if (b4 === 0x0000feff || b4 === 0xfffe0000 || b4 === 0x84319533) return false
  if (n >= 5 && String.fromCharCode(...content.subarray(0, 5)) === '%PDF-') return true
  if (n >= 2 && ((at(0) === 0xfe && at(1) === 0xff) || (at(0) === 0xff && at(1) === 0xfe))) return false
  const cont = (i: number) => at(i) > 127 && at(i) < 192
  let suspicious = 0
  for (let i = 0; i < n; i++) {
    const b = at(i)
    if (b === 0) return true
    if ((b >= 7 && b <= 14) || (b >= 32 && b <= 127)) continue
    if (b > 193 && b < 224 && i + 1 < n) {
      if (cont(++i)) continue
    } else if (b > 223 && b < 240 && i + 2 < n) {
      if (cont(++i) && cont(i + 1)) {
        i++
        continue
      }
    }
    suspicious++
    if (i >= 32 && (suspicious * 100) / n > 10) return true
  }
  if ((suspicious * 100) / n > 10) return true
  return suspicious > 1 && parsesAsProtobuf(content, n)
}

// isbinaryfile's protobuf taste: read messages (varint key, then a payload by wire type) until the bytes run out.
function parsesAsProtobuf(buf: Uint8Array, size: number): boolean {
  let off = 0
  let short = false
  const byte = () => {
    if (off < size && !short) return buf[off++] as number
    short = true
    return 0xff
  }
  const varint = () => {
    let v = 0
    for (let idx = 0; !short; idx++) {
      const b = byte()
      v |= (b & 0x7f) << (7 * idx) // JavaScript shift semantics (count mod 32), as the package has them
      if ((b & 0x80) === 0) break
    }
    return v
  }
  const skip = (len: number) => {
    if (len <= 0 || short) return
    off += len
    if (off > size) {
      off = size
      short = true
    }
  }
  for (let messages = 0; ; messages++) {
    const wire = varint() & 7
    const known = wire === 0 || wire === 1 || wire === 2 || wire === 5
    if (wire === 0) varint()
    else if (wire === 1) skip(8)
    else if (wire === 2) skip(varint())
    else if (wire === 5) skip(4)
    if (!known && !short) return false
    if (short) return messages > 0
  }
}

// scanoss.py SKIP_SNIPPET_EXT: path endings (lower-cased) that never get snippet fingerprints.
const SKIP_ENDINGS =
  '.exe .zip .tar .tgz .gz .7z .rar .jar .war .ear .class .pyc .o .a .so .obj .dll .lib .out .app .bin .lst .dat .json .htm .html .xml .md .txt .doc .docx .xls .xlsx .ppt .pptx .odt .ods .odp .pages .key .numbers .pdf .min.js .mf .sum .woff .woff2 .xsd .pom .whl'.split(
    ' ',
  )
// What Python's str.strip() removes (str.isspace): more than ASCII blanks, and unlike JavaScript's trim() not the BOM.
const PY_SPACE = new Set([
  9, 10, 11, 12, 13, 28, 29, 30, 31, 32, 0x85, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
])
for (let cp = 0x2000; cp <= 0x200a; cp++) PY_SPACE.add(cp)

// The first `limit` code points of `bytes` decoded as UTF-8 the way Python's decode('utf-8', 'ignore') does: each
// maximal invalid subpart dropped. `ended` tells whether the whole content was decoded.
function decodeStart(bytes: Uint8Array, limit: number): { cps: number[]; ended: boolean } {
  const cps: number[] = []
  let i = 0
  while (i < bytes.length && cps.length < limit) {
    const b = bytes[i] as number
    const need = b < 0x80 ? 0 : b < 0xc2 ? -1 : b < 0xe0 ? 1 : b < 0xf0 ? 2 : b < 0xf5 ? 3 : -1
    if (need < 0) {
      i++
      continue
    }
    let cp = need === 0 ? b : b & (0x3f >> need)
    let j = i + 1
    for (let k = 0; k < need; k++, j++) {
      const x = bytes[j] ?? -1
      const lo = k > 0 ? 0x80 : b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80
      const hi = k > 0 ? 0xbf : b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf
      if (x < lo || x > hi) break
      cp = (cp << 6) | (x & 0x3f)
    }
    if (j - i === need + 1) cps.push(cp)
    i = j // on an invalid sequence, j stops at the byte that broke it: the subpart before it is dropped
  }
  return { cps, ended: i >= bytes.length }
}

/**
 * Whether the clients send snippet fingerprints for this file (§2, "No snippet lines for"): not binary (as scanoss-js
 * decides it), and none of scanoss.py's skips: a SKIP_SNIPPET_EXT ending; 256 characters or fewer; first non-blank
 * character of the first 255 `{` or `[`; a `<?xml`, `<html`, `<ac3d` or `<!doc` start; a first line over 1,000
 * characters. Like scanoss.py, lengths count the characters of the UTF-8 decoding (invalid bytes dropped), not bytes.
 * scanoss-js applies only the binary rule: its WFP (wfpForFile) has snippets for `.json`, `.md`, small files…
 */
export function snippetEligible(path: string, content: Uint8Array): boolean {
  if (isBinary(content)) return false
  const lower = path.toLowerCase()
  if (SKIP_ENDINGS.some((ending) => lower.endsWith(ending))) return false
  const { cps, ended } = decodeStart(content, 1002)
  if (ended && cps.length <= 256) return false
  const prefix = cps.slice(0, 255)
  let first = 0
  while (first < prefix.length && PY_SPACE.has(prefix[first] as number)) first++
  let last = prefix.length
  while (last > first && PY_SPACE.has(prefix[last - 1] as number)) last--
  const start = String.fromCodePoint(...prefix.slice(first, Math.min(last, first + 5))).toLowerCase()
  if (start.startsWith('{') || start.startsWith('[')) return false
  if (['<?xml', '<html', '<ac3d', '<!doc'].includes(start)) return false
  // First line: the characters before the first LF, or all but one when there is none (scanoss.py's own quirk).
  const lf = cps.indexOf(LF)
  const firstLine = lf >= 0 ? lf : ended ? cps.length - 1 : cps.length
  return firstLine <= 1000
}
