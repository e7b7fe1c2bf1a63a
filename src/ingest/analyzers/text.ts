// Text helpers shared by analyzers: binary-file detection and line counting on raw bytes.

/** Extensions that are binary whatever their first bytes look like (compared lower-case). */
const BINARY_EXTENSIONS = new Set(
  (
    'png jpg jpeg gif bmp ico icns webp avif tif tiff psd heic ' +
    'woff woff2 ttf otf eot ' +
    'zip gz tgz bz2 xz zst 7z rar tar jar war ear ' +
    'wasm node so dylib dll exe a o obj lib class pyc pyo ' +
    'pdf doc docx xls xlsx ppt pptx odt ' +
    'mp3 mp4 m4a wav ogg oga flac webm mov avi mkv ' +
    'sqlite db bin dat pak'
  ).split(' '),
)

const SNIFF_BYTES = 8192

/** Binary: a known binary extension, or a NUL byte in the first 8 KiB of the content (when there is content). */
export function isBinary(path: string, content: Buffer | undefined): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1)
  const dot = base.lastIndexOf('.')
  if (dot > 0 && BINARY_EXTENSIONS.has(base.slice(dot + 1).toLowerCase())) return true
  if (!content) return false
  const nul = content.indexOf(0)
  return nul >= 0 && nul < SNIFF_BYTES
}

export interface LineCounts {
  /** Lines: each '\n' ends one, and a last line without one counts; an empty file has 0. */
  lines: number
  /** Lines that are empty or hold only spaces, tabs, '\r', '\v' or '\f'. */
  blank: number
}

/** Counts on bytes (any ASCII-compatible encoding; CRLF counts once; a lone '\r' does not end a line). */
export function countLines(content: Buffer): LineCounts {
  let lines = 0
  let blank = 0
  let start = 0
  const len = content.length
  while (start < len) {
    let end = content.indexOf(10, start)
    if (end < 0) end = len
    lines++
    let i = start
    while (i < end) {
      const b = content[i] as number
      if (b !== 0x20 && b !== 0x09 && b !== 0x0d && b !== 0x0b && b !== 0x0c) break
      i++
    }
    if (i === end) blank++
    start = end + 1
  }
  return { lines, blank }
}
