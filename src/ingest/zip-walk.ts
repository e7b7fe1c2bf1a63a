// Walks one zip archive (a wheel, a zip sdist) through the analyzers and lists its files, as the tarball walk does a
// tar (tarball-walk.ts: the same WalkResult, paths, hashes and analyzer calls). The archive is a file on disk (a zip's
// directory is at its end); bounded before anything is inflated by its central directory — the number of entries, the
// sizes they declare in all, each large entry's ratio of declared to compressed size — and while inflating by the
// sizes declared (yauzl's check, and this walk's) and each entry's CRC-32. Only regular files reach the analyzers
// (no folders, no symbolic links); a zip naming an absolute or climbing (`..`) path is refused whole (yauzl).
import { createHash } from 'node:crypto'
import { crc32 } from 'node:zlib'
import type { Entry } from 'yauzl'
import { crc64Stream } from '../domain/folder-hash/crc64.ts'
import { packagePath } from './analyzers/file-list.ts'
import { type Analyzer, type FileEntry, type FileInfo, MAX_ANALYZED_BYTES } from './analyzers/types.ts'
import { TarballError } from './tar-input.ts'
import { analyzerError, finishWalk, type WalkOptions, type WalkResult } from './tarball-walk.ts'
import { entryStream, nextEntry, openZip } from './zip.ts'

const DEFAULT_MAX_UNPACKED = 2 * 1024 ** 3
const DEFAULT_MAX_ENTRIES = 500_000
/** An entry over 1 MiB inflating to more than this many times its compressed size (deflate peaks near 1032) is taken for a bomb. */
const MAX_RATIO = 500

/** Rejects with a TarballError (kind `size` over a bound, `format` for a damaged zip) or the analyzer's error. */
export async function walkZip(
  file: string,
  analyzers: readonly Analyzer<unknown>[],
  opts: WalkOptions = {},
): Promise<WalkResult> {
  const maxUnpacked = opts.maxUnpackedBytes ?? DEFAULT_MAX_UNPACKED
  const maxEntries = opts.maxEntries ?? DEFAULT_MAX_ENTRIES
  const zip = await openZip(file).catch((err: Error) => {
    throw new TarballError(`damaged zip: ${err.message}`)
  })
  try {
    if (zip.entryCount > maxEntries) throw new TarballError(`zip has more than ${maxEntries} entries`, 'size')
    const entries: { entry: Entry; path: string }[] = []
    let declared = 0
    for (let e = await next(zip); e; e = await next(zip)) {
      declared += e.uncompressedSize
      if (declared > maxUnpacked) throw new TarballError(`zip unpacks to more than ${maxUnpacked} bytes`, 'size')
      if (e.uncompressedSize > 1024 * 1024 && e.uncompressedSize > MAX_RATIO * Math.max(1, e.compressedSize))
        throw new TarballError(`zip entry ${e.fileName} inflates more than ${MAX_RATIO} times`, 'size')
      const path = isRegular(e) ? packagePath(e.fileName, opts.stripComponents ?? 0) : undefined
      if (path !== undefined) entries.push({ entry: e, path })
    }
    const runs = analyzers.map((a) => ({ analyzer: a, run: a.start() }))
    const files = new Map<string, FileInfo>()
    for (const { entry, path } of entries) {
      opts.signal?.throwIfAborted()
      const file = await readEntry(zip, entry, path)
      files.set(path, { path, size: file.size, md5: file.md5 })
      for (const { analyzer, run } of runs) {
        try {
          run.file(file)
        } catch (err) {
          throw analyzerError(analyzer, `on ${path}`, err)
        }
      }
    }
    return finishWalk(runs, files.values())
  } finally {
    zip.close()
  }
}

function next(zip: Awaited<ReturnType<typeof openZip>>): Promise<Entry | undefined> {
  return nextEntry(zip).catch((err: Error) => {
    throw new TarballError(`damaged zip: ${err.message}`)
  })
}

/** A file entry: not a folder, and not a symbolic link (its Unix mode in the upper half of the external attributes). */
function isRegular(e: Entry): boolean {
  if (e.fileName.endsWith('/')) return false
  const type = (e.externalFileAttributes >>> 16) & 0o170000
  return type === 0 || type === 0o100000
}

async function readEntry(zip: Awaited<ReturnType<typeof openZip>>, entry: Entry, path: string): Promise<FileEntry> {
  const size = entry.uncompressedSize
  const hash = createHash('md5')
  const crc = crc64Stream()
  const content = size <= MAX_ANALYZED_BYTES ? Buffer.allocUnsafe(size) : undefined
  let got = 0
  let crc32Of = 0
  try {
    for await (const chunk of await entryStream(zip, entry)) {
      const b = chunk as Buffer
      if (got + b.length > size) throw new Error(`more than the ${size} bytes declared`)
      hash.update(b)
      crc.update(b)
      crc32Of = crc32(b, crc32Of)
      if (content) b.copy(content, got)
      got += b.length
    }
  } catch (err) {
    throw new TarballError(`damaged zip: ${path}: ${(err as Error).message}`)
  }
  if (got !== size) throw new TarballError(`damaged zip: ${path} has ${got} of ${size} bytes`)
  if (crc32Of !== entry.crc32) throw new TarballError(`damaged zip: ${path} fails its CRC-32`)
  return { path, size, md5: hash.digest('hex'), crc64: crc.digest(), content }
}
