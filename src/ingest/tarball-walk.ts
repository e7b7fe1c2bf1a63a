// Streams one tarball once (decompression, then tar, in memory, nothing on disk) through the analyzers and lists its
// files: npm tarballs, a .deb's data archive, Debian upstream sources. docs/analyzers.md "The walk" has its limits.
import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'
import { Parser, type ReadEntry } from 'tar'
import { crc64Stream } from '../domain/folder-hash/crc64.ts'
import { packagePath, sortedFileList } from './analyzers/file-list.ts'
import { type Analyzer, type FileEntry, type FileInfo, MAX_ANALYZED_BYTES } from './analyzers/types.ts'
import { plainTar, TarballError } from './tar-input.ts'

export interface WalkResult {
  /** Each analyzer's finish() output, by analyzer name. */
  outputs: Record<string, unknown>
  /** Every regular file (the last one of a duplicated path), sorted by path. */
  files: FileInfo[]
  /** Total unpacked bytes: the sum of the sizes in `files`. */
  bytes: number
}

export interface WalkOptions {
  /**
   * Reject (TarballError 'size') once the tar unpacks to more than this many bytes (default 2 GiB): every byte the
   * decompression gives counts (headers, padding, every entry's body whatever its type, data after the end of the
   * archive), and so does every entry's declared size, so that one too large is refused before it is read.
   */
  maxUnpackedBytes?: number
  /** Reject (TarballError 'size') at the entry past this many: files, folders, links, pax and long-name headers. */
  maxEntries?: number
  /** Stops the walk between chunks once aborted; it rejects with the signal's reason. */
  signal?: AbortSignal
  /** Leading path components dropped from every entry (default 1: npm's `package/`; 0 for a .deb's `./usr/…`). */
  stripComponents?: number
}

const REGULAR_TYPES = new Set(['File', 'OldFile', 'ContiguousFile'])
/** node-tar warnings that mean the archive is damaged; any of them rejects the walk. */
const FATAL_WARNINGS = new Set(['TAR_BAD_ARCHIVE', 'TAR_ENTRY_INVALID', 'TAR_ABORT'])
const DEFAULT_MAX_UNPACKED = 2 * 1024 ** 3
/** Far above the largest real trees (a Linux kernel source holds about 90,000 files). */
const DEFAULT_MAX_ENTRIES = 500_000
const BLOCK = 512

/**
 * Reads the whole stream (so an integrity check done by the producer as it streams still runs), undoing gzip (or
 * zstd, or none) and parsing the tar on the fly; what follows the tar's end-of-archive blocks is read and counted,
 * not parsed. Only regular files reach the analyzers: directories, symlinks, hard links, devices and FIFOs are
 * skipped without being followed. Rejects with a TarballError for a damaged archive or one over a limit, with the
 * source's own error if the stream fails, and with an Error naming the analyzer if one throws.
 */
export async function walkTarball(
  stream: NodeJS.ReadableStream | Readable,
  analyzers: readonly Analyzer<unknown>[],
  opts: WalkOptions = {},
): Promise<WalkResult> {
  const maxUnpacked = opts.maxUnpackedBytes ?? DEFAULT_MAX_UNPACKED
  const maxEntries = opts.maxEntries ?? DEFAULT_MAX_ENTRIES
  const runs = analyzers.map((a) => ({ analyzer: a, run: a.start() }))
  const files = new Map<string, FileInfo>()
  let entries = 0
  let declared = 0 // the header and body blocks of the entries so far, as their headers declare them
  let endOfArchive = false
  let failure: Error | undefined
  let settle: () => void = () => {}
  const settled = new Promise<void>((resolve) => {
    settle = resolve
  })
  const parser = new Parser()
  const fail = (err: Error) => {
    if (failure) return
    failure = err
    settle()
    parser.abort(err) // stops parsing; its own 'error' is then ignored
  }
  /** Counts an entry (with its declared size, when it has an entry object); false once over a limit. */
  const admit = (entry?: ReadEntry): boolean => {
    entries++
    if (entry) declared += BLOCK + Math.ceil(entry.size / BLOCK) * BLOCK
    if (entries > maxEntries) fail(new TarballError(`tarball has more than ${maxEntries} entries`, 'size'))
    else if (declared > maxUnpacked) fail(new TarballError(`tarball unpacks to more than ${maxUnpacked} bytes`, 'size'))
    return !failure
  }

  parser.on('warn', (code: string, message: string | Error) => {
    if (FATAL_WARNINGS.has(code)) fail(new TarballError(`damaged tarball: ${messageOf(message)}`))
  })
  parser.on('error', (err: unknown) => fail(new TarballError(`damaged tarball: ${messageOf(err)}`)))
  parser.on('end', () => settle())
  parser.on('eof', () => {
    endOfArchive = true
  })
  parser.on('meta', () => admit()) // a pax or GNU long-name header, read whole (node-tar caps it at 1 MiB)
  parser.on('ignoredEntry', (entry: ReadEntry) => admit(entry)) // an unknown type or a larger meta: node-tar skips it
  parser.on('entry', (entry: ReadEntry) => {
    const path = REGULAR_TYPES.has(entry.type) ? packagePath(entry.path, opts.stripComponents ?? 1) : undefined
    if (!admit(entry) || path === undefined) {
      entry.resume()
      return
    }
    readFile(entry, path)
  })

  /** Hashes one regular file as it streams and hands it to the analyzers. */
  const readFile = (entry: ReadEntry, path: string) => {
    const size = entry.size
    const hash = createHash('md5')
    const crc = crc64Stream()
    const content = size <= MAX_ANALYZED_BYTES ? Buffer.allocUnsafe(size) : undefined
    let got = 0
    entry.on('data', (chunk: Buffer) => {
      hash.update(chunk)
      crc.update(chunk)
      if (content) chunk.copy(content, got)
      got += chunk.length
    })
    entry.on('end', () => {
      if (failure) return
      if (got !== size) return fail(new TarballError(`damaged tarball: ${path} has ${got} of ${size} bytes`))
      const file: FileEntry = { path, size, md5: hash.digest('hex'), crc64: crc.digest(), content }
      files.set(path, { path, size, md5: file.md5 })
      for (const { analyzer, run } of runs) {
        try {
          run.file(file)
        } catch (err) {
          return fail(analyzerError(analyzer, `on ${path}`, err))
        }
      }
    })
  }

  try {
    for await (const piece of plainTar(stream, maxUnpacked)) {
      if (opts.signal?.aborted) fail(opts.signal.reason as Error)
      if (failure) break // leaving the loop stops the decompression and destroys the source stream
      // Parsing is synchronous and every entry is consumed as it arrives, so the parser has nothing left queued
      // when write() returns: its return value needs no waiting on. After the end-of-archive blocks, the rest of
      // the stream is only read and counted (node-tar would keep it all, copying it again at every chunk).
      if (!endOfArchive) parser.write(piece)
    }
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err))
    if (!failure) fail(error)
    // a limit or damage (a TarballError), or the source's own error (an integrity failure, a network error),
    // unwrapped for the caller's retry rules
    throw failure ?? error
  }
  if (!failure) parser.end()
  await settled
  if (failure) throw failure

  return finishWalk(runs, files.values())
}

/** Each analyzer's finish() output and the files walked, sorted: a walk's result (the zip walk's too). */
export function finishWalk(
  runs: readonly { analyzer: Analyzer<unknown>; run: ReturnType<Analyzer<unknown>['start']> }[],
  files: Iterable<FileInfo>,
): WalkResult {
  const outputs: Record<string, unknown> = {}
  for (const { analyzer, run } of runs) {
    try {
      outputs[analyzer.name] = run.finish()
    } catch (err) {
      throw analyzerError(analyzer, 'in finish()', err)
    }
  }
  const list = sortedFileList(files)
  return { outputs, files: list, bytes: list.reduce((n, f) => n + f.size, 0) }
}

export function analyzerError(a: Analyzer<unknown>, where: string, err: unknown): Error {
  return new Error(`analyzer ${a.name}@${a.version} failed ${where}: ${messageOf(err)}`, { cause: err })
}

function messageOf(x: unknown): string {
  return x instanceof Error ? x.message : String(x)
}
