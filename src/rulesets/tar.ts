// A deterministic .tar.gz: ustar entries in the order given, fixed modes (0755 directories, 0644 files), uid/gid 0,
// no owner names, one fixed mtime; gzip at level 9 with a header that carries no timestamp (MTIME 0) and a fixed OS
// byte. The same entries give the same bytes (with the same zlib; docs/cryptography-rulesets.md "Determinism").
import { gzipSync } from 'node:zlib'

export interface TarEntry {
  /** Path inside the archive; directories end with `/`. */
  path: string
  content?: Buffer
}

const BLOCK = 512

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`
}

function header(entry: TarEntry, mtime: number): Buffer {
  const h = Buffer.alloc(BLOCK)
  const dir = entry.path.endsWith('/')
  const size = dir ? 0 : (entry.content?.length ?? 0)
  let name = entry.path
  let prefix = ''
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', name.length - 2)
    prefix = name.slice(0, cut)
    name = name.slice(cut + 1)
    if (cut < 0 || Buffer.byteLength(name) > 100 || Buffer.byteLength(prefix) > 155)
      throw new Error(`path too long for ustar: ${entry.path}`)
  }
  h.write(name, 0, 100, 'utf8')
  h.write(octal(dir ? 0o755 : 0o644, 8), 100, 'ascii')
  h.write(octal(0, 8), 108, 'ascii')
  h.write(octal(0, 8), 116, 'ascii')
  h.write(octal(size, 12), 124, 'ascii')
  h.write(octal(mtime, 12), 136, 'ascii')
  h.write('        ', 148, 'ascii')
  h.write(dir ? '5' : '0', 156, 'ascii')
  h.write('ustar\u000000', 257, 'ascii')
  h.write(octal(0, 8), 329, 'ascii')
  h.write(octal(0, 8), 337, 'ascii')
  h.write(prefix, 345, 155, 'utf8')
  let sum = 0
  for (const b of h) sum += b
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii')
  return h
}

export function tar(entries: readonly TarEntry[], mtime: number): Buffer {
  const parts: Buffer[] = []
  for (const e of entries) {
    parts.push(header(e, mtime))
    if (!e.path.endsWith('/') && e.content && e.content.length > 0) {
      parts.push(e.content)
      const pad = (BLOCK - (e.content.length % BLOCK)) % BLOCK
      if (pad) parts.push(Buffer.alloc(pad))
    }
  }
  parts.push(Buffer.alloc(BLOCK * 2))
  return Buffer.concat(parts)
}

const OS_UNIX = 3

export function gzipDeterministic(data: Buffer): Buffer {
  const gz = gzipSync(data, { level: 9 })
  gz.writeUInt32LE(0, 4) // MTIME: none
  gz[9] = OS_UNIX
  return gz
}
