// A deterministic .tar.gz: ustar entries in the order given, fixed modes (0755 directories, 0644 files), uid/gid 0,
// no owner names, one fixed mtime; gzip at level 9 with a header that carries no timestamp (MTIME 0) and a fixed OS
// byte. The same entries give the same bytes (with the same zlib; docs/cryptography-rulesets.md "Determinism").
// readTarGz reads such archives back (ustar, regular files and directories).
import { gunzipSync, gzipSync } from 'node:zlib'

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

export interface ReadEntry {
  path: string
  type: 'file' | 'directory'
  mode: number
  uid: number
  gid: number
  mtime: number
  content: Buffer
}

export function readTarGz(archive: Buffer): ReadEntry[] {
  const data = gunzipSync(archive)
  const out: ReadEntry[] = []
  const field = (h: Buffer, at: number, len: number) =>
    h
      .subarray(at, at + len)
      .toString('utf8')
      .replace(/\0.*$/s, '')
  for (let off = 0; off + 512 <= data.length; ) {
    const h = data.subarray(off, off + 512)
    if (h.every((b) => b === 0)) break
    const prefix = field(h, 345, 155)
    const name = field(h, 0, 100)
    const size = Number.parseInt(field(h, 124, 12), 8)
    out.push({
      path: prefix ? `${prefix}/${name}` : name,
      type: field(h, 156, 1) === '5' ? 'directory' : 'file',
      mode: Number.parseInt(field(h, 100, 8), 8),
      uid: Number.parseInt(field(h, 108, 8), 8),
      gid: Number.parseInt(field(h, 116, 8), 8),
      mtime: Number.parseInt(field(h, 136, 12), 8),
      content: data.subarray(off + 512, off + 512 + size),
    })
    off += 512 + Math.ceil(size / 512) * 512
  }
  return out
}
