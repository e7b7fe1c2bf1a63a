// A module zip checked as the go command checks it before use (golang.org/x/mod/zip CheckZip and Unzip; the Go
// modules reference, "Module zip files"), and its go.sum hash computed (dirhash HashZip) in the same single read:
// every entry under `<module>@<version>/`, each file path one the go command accepts (module-path.ts), no two names
// equal but for letter case nor a name both a file and a folder, go.mod only at the root and spelled so, at most the
// given bytes in all (Go: 500 MiB) and for go.mod (Go: 16 MiB), LICENSE at most 16 MiB; each entry's bytes checked
// against its declared size and CRC-32. Any failure refuses the whole zip. Names are read as UTF-8 (a non-ASCII name
// without the zip's UTF-8 flag is refused: its bytes could not be hashed as Go hashes them).
import { createHash } from 'node:crypto'
import path from 'node:path'
import { crc32 } from 'node:zlib'
import type { Entry } from 'yauzl'
import { excerpt, UpstreamRefused } from '../../../ingest/failure.ts'
import { entryStream, nextEntry, openZip } from '../../../ingest/zip.ts'
import { type HashedFile, hash1 } from './dirhash.ts'
import { filePathProblem } from './module-path.ts'

const MAX_LICENSE_BYTES = 16 * 1024 * 1024
const MAX_ENTRIES = 200_000
const UTF8_FLAG = 0x800

export interface ZipBounds {
  /** All entries' uncompressed bytes together. */
  maxUnpackedBytes: number
  /** The root go.mod's bytes. */
  maxGoModBytes: number
}

export interface CheckedZip {
  /** The go.sum hash of the zip (`h1:…`). */
  h1: string
  /** Its regular files and their uncompressed bytes. */
  fileCount: number
  bytes: number
}

export async function checkModuleZip(file: string, module: string, version: string, b: ZipBounds): Promise<CheckedZip> {
  const prefix = `${module}@${version}/`
  const what = `the module zip of ${module}@${version}`
  const refuse = (kind: 'identity' | 'format' | 'size', name: string, why: string) =>
    new UpstreamRefused(kind, `${what}: "${excerpt(name, 120)}": ${why}`)
  const zip = await openZip(file).catch((err: Error) => {
    throw new UpstreamRefused('format', `${what} is not a zip: ${excerpt(err.message)}`)
  })
  try {
    if (zip.entryCount > MAX_ENTRIES) throw new UpstreamRefused('size', `${what} has more than ${MAX_ENTRIES} entries`)
    const seen = new Map<string, { path: string; isDir: boolean }>()
    const hashed: HashedFile[] = []
    let bytes = 0
    let fileCount = 0
    for (;;) {
      const e = await nextEntry(zip).catch((err: Error) => {
        throw new UpstreamRefused('format', `${what} is damaged: ${excerpt(err.message)}`)
      })
      if (!e) break
      const raw = e.fileName
      if (/[^\p{ASCII}]/u.test(raw) && !(e.generalPurposeBitFlag & UTF8_FLAG))
        throw refuse('format', raw, 'a non-ASCII name not marked UTF-8')
      if (!raw.startsWith(prefix)) throw refuse('identity', raw, `outside ${prefix}`)
      let name = raw.slice(prefix.length)
      if (raw.endsWith('/') && e.uncompressedSize !== 0) throw refuse('format', raw, 'a folder with bytes')
      if (name === '') {
        hashed.push({ name: raw, sha256: await entryHash(zip, e, what) })
        continue
      }
      const isDir = name.endsWith('/')
      if (isDir) name = name.slice(0, -1)
      if (path.posix.normalize(name) !== name) throw refuse('identity', raw, 'not a clean path')
      const problem = filePathProblem(name)
      if (problem) throw refuse('format', raw, problem)
      const collision = collide(seen, name, isDir)
      if (collision) throw refuse('format', raw, collision)
      if (!isDir) {
        const base = path.posix.basename(name)
        if (base.toLowerCase() === 'go.mod' && name !== 'go.mod')
          throw refuse(
            'format',
            raw,
            base === 'go.mod' ? 'go.mod file not in module root directory' : 'go.mod misspelled',
          )
        bytes += e.uncompressedSize
        if (bytes > b.maxUnpackedBytes)
          throw new UpstreamRefused('size', `${what} unpacks to more than ${b.maxUnpackedBytes} bytes`)
        if (name === 'go.mod' && e.uncompressedSize > b.maxGoModBytes)
          throw refuse('size', raw, `over ${b.maxGoModBytes} bytes`)
        if (name === 'LICENSE' && e.uncompressedSize > MAX_LICENSE_BYTES)
          throw refuse('size', raw, `over ${MAX_LICENSE_BYTES} bytes`)
        fileCount++
      }
      hashed.push({ name: raw, sha256: await entryHash(zip, e, what) })
    }
    return { h1: hash1(hashed), fileCount, bytes }
  } finally {
    zip.close()
  }
}

/** Go's collision check (zip.collisionChecker): the name and each of its folders, letter case folded. */
function collide(seen: Map<string, { path: string; isDir: boolean }>, p: string, isDir: boolean): string | undefined {
  for (let cur = p, dir = isDir; cur !== '.'; cur = path.posix.dirname(cur), dir = true) {
    const fold = cur.toLowerCase()
    const other = seen.get(fold)
    if (!other) seen.set(fold, { path: cur, isDir: dir })
    else if (other.path !== cur) return `case-insensitive file name collision with "${excerpt(other.path, 120)}"`
    else if (other.isDir !== dir) return 'both a file and a directory'
    else if (!dir) return 'more than one entry for this file'
  }
  return undefined
}

/** The entry's SHA-256 (hex), its bytes checked against the declared size and CRC-32 (a folder's: of no bytes). */
async function entryHash(zip: Awaited<ReturnType<typeof openZip>>, e: Entry, what: string): Promise<string> {
  const hash = createHash('sha256')
  let got = 0
  let crc = 0
  try {
    for await (const chunk of await entryStream(zip, e)) {
      const b = chunk as Buffer
      got += b.length
      if (got > e.uncompressedSize) throw new Error(`more than the ${e.uncompressedSize} bytes declared`)
      hash.update(b)
      crc = crc32(b, crc)
    }
  } catch (err) {
    throw new UpstreamRefused(
      'format',
      `${what} is damaged at "${excerpt(e.fileName, 120)}": ${excerpt((err as Error).message)}`,
    )
  }
  if (got !== e.uncompressedSize || crc !== e.crc32)
    throw new UpstreamRefused(
      'format',
      `${what} is damaged at "${excerpt(e.fileName, 120)}": its size or CRC-32 is wrong`,
    )
  return hash.digest('hex')
}
