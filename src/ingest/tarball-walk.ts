// Streams one npm tarball once (gunzip + untar in memory, nothing on disk) through the analyzers and lists its files.
import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'
import { Parser, type ReadEntry } from 'tar'
import { crc64Stream } from '../domain/folder-hash/crc64.ts'
import { packagePath, sortedFileList } from './analyzers/file-list.ts'
import { type Analyzer, type FileEntry, type FileInfo, MAX_ANALYZED_BYTES } from './analyzers/types.ts'
import { type RefusalKind, UpstreamRefused } from './failure.ts'

/** The archive is not a readable tarball: corrupt, truncated, not tar/gzip, or over a limit. Not transient. */
export class TarballError extends UpstreamRefused {
  readonly code = 'ETARBALL'
  override readonly name = 'TarballError'
  constructor(message: string, kind: RefusalKind = 'format') {
    super(kind, message)
  }
}

export interface WalkResult {
  /** Each analyzer's finish() output, by analyzer name. */
  outputs: Record<string, unknown>
  /** Every regular file (the last one of a duplicated path), sorted by path. */
  files: FileInfo[]
  /** Total unpacked bytes: the sum of the sizes in `files`. */
  bytes: number
}

export interface WalkOptions {
  /** Reject once the regular files' sizes add up to more than this (default 2 GiB). */
  maxUnpackedBytes?: number
  /** Stops the walk between chunks once aborted; it rejects with the signal's reason. */
  signal?: AbortSignal
  /** Leading path components dropped from every entry (default 1: npm's `package/`; 0 for a .deb's `./usr/…`). */
  stripComponents?: number
}

const REGULAR_TYPES = new Set(['File', 'OldFile', 'ContiguousFile'])
/** node-tar warnings that mean the archive is damaged; any of them rejects the walk. */
const FATAL_WARNINGS = new Set(['TAR_BAD_ARCHIVE', 'TAR_ENTRY_INVALID', 'TAR_ABORT'])
const DEFAULT_MAX_UNPACKED = 2 * 1024 ** 3

/**
 * Reads the whole stream (so an integrity check done by the producer as it streams still runs), parsing gzip
 * (or zstd, or plain tar) and tar on the fly. Only regular files reach the analyzers: directories, symlinks, hard
 * links, devices and FIFOs are skipped without being followed. Rejects with a TarballError for a damaged archive,
 * with the source's own error if the stream fails, and with an Error naming the analyzer if one throws.
 */
export async function walkTarball(
  stream: NodeJS.ReadableStream | Readable,
  analyzers: readonly Analyzer<unknown>[],
  opts: WalkOptions = {},
): Promise<WalkResult> {
  const maxUnpacked = opts.maxUnpackedBytes ?? DEFAULT_MAX_UNPACKED
  const runs = analyzers.map((a) => ({ analyzer: a, run: a.start() }))
  const files = new Map<string, FileInfo>()
  let seenBytes = 0
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
    parser.abort(err) // stops decompression and parsing; its own 'error' is then ignored
  }

  parser.on('warn', (code: string, message: string | Error) => {
    if (FATAL_WARNINGS.has(code)) fail(new TarballError(`damaged tarball: ${messageOf(message)}`))
  })
  parser.on('error', (err: unknown) => fail(new TarballError(`damaged tarball: ${messageOf(err)}`)))
  parser.on('end', () => settle())
  parser.on('entry', (entry: ReadEntry) => {
    const path = REGULAR_TYPES.has(entry.type) ? packagePath(entry.path, opts.stripComponents ?? 1) : undefined
    if (path === undefined || failure) {
      entry.resume()
      return
    }
    const size = entry.size
    seenBytes += size
    if (seenBytes > maxUnpacked) {
      entry.resume()
      fail(new TarballError(`tarball unpacks to more than ${maxUnpacked} bytes`, 'size'))
      return
    }
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
  })

  try {
    for await (const chunk of stream) {
      if (opts.signal?.aborted) fail(opts.signal.reason as Error)
      if (failure) break // leaving the loop destroys the source stream
      // Decompression and parsing are synchronous and every entry is consumed as it arrives, so the parser has
      // nothing left queued when write() returns: its return value needs no waiting on.
      parser.write(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
    }
  } catch (err) {
    if (failure) throw failure
    parser.abort(err instanceof Error ? err : new Error(String(err)))
    throw err // the source's own error (an integrity failure, a network error), unwrapped for the caller's retry rules
  }
  if (!failure) parser.end()
  await settled
  if (failure) throw failure

  const outputs: Record<string, unknown> = {}
  for (const { analyzer, run } of runs) {
    try {
      outputs[analyzer.name] = run.finish()
    } catch (err) {
      throw analyzerError(analyzer, 'in finish()', err)
    }
  }
  const list = sortedFileList(files.values())
  return { outputs, files: list, bytes: list.reduce((n, f) => n + f.size, 0) }
}

function analyzerError(a: Analyzer<unknown>, where: string, err: unknown): Error {
  return new Error(`analyzer ${a.name}@${a.version} failed ${where}: ${messageOf(err)}`, { cause: err })
}

function messageOf(x: unknown): string {
  return x instanceof Error ? x.message : String(x)
}
