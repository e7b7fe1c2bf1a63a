// Test helper: the entries of a .tar.gz (ustar), enough to check the layout of ruleset archives.
import { gunzipSync } from 'node:zlib'

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
