// One file out of a package archive, for `GET /file_contents/{md5}` (docs/scanning.md "File contents"): the archive
// is read to its end (so that a producer's integrity check still runs) through the bounded decompression of
// tar-input.ts, and only the wanted regular file's bytes are kept, at most `maxFileBytes` of them.
import type { Readable } from 'node:stream'
import { Parser, type ReadEntry } from 'tar'
import { FileTooLarge } from '../domain/scanning/file-contents.ts'
import { packagePath } from './analyzers/file-list.ts'
import { plainTar, TarballError } from './tar-input.ts'

export interface ExtractOptions {
  /** The file is refused (FileTooLarge) when its header declares more bytes than this. */
  maxFileBytes: number
  /** The archive is refused (TarballError 'size') once it unpacks to more than this. */
  maxUnpackedBytes: number
  /** Leading path components dropped from every entry (1: npm's `package/`), as the file lists store paths. */
  stripComponents?: number
  /** Stops the read between chunks once aborted; it rejects with the signal's reason. */
  signal?: AbortSignal
}

const REGULAR = new Set(['File', 'OldFile', 'ContiguousFile'])
const FATAL = new Set(['TAR_BAD_ARCHIVE', 'TAR_ENTRY_INVALID', 'TAR_ABORT'])

/** The bytes of the regular file at `wanted` (the last one, when the archive holds the path twice), or undefined. */
export async function extractFile(
  stream: NodeJS.ReadableStream | Readable,
  wanted: string,
  opts: ExtractOptions,
): Promise<Buffer | undefined> {
  const parser = new Parser()
  let kept: Buffer | undefined
  let failure: Error | undefined
  let done = false
  let finished: () => void = () => {}
  const parsed = new Promise<void>((resolve) => {
    finished = resolve
  })
  const fail = (err: Error) => {
    failure ??= err
    finished()
  }
  parser.on('warn', (code: string, message: string | Error) => {
    if (FATAL.has(code)) fail(new TarballError(`damaged tarball: ${String(message)}`))
  })
  parser.on('error', (err: Error) => fail(new TarballError(`damaged tarball: ${err.message}`)))
  parser.on('end', () => finished())
  parser.on('eof', () => {
    done = true
  })
  parser.on('entry', (entry: ReadEntry) => {
    const path = REGULAR.has(entry.type) ? packagePath(entry.path, opts.stripComponents ?? 1) : undefined
    if (path !== wanted) return void entry.resume()
    if (entry.size > opts.maxFileBytes) return fail(new FileTooLarge(entry.size, opts.maxFileBytes))
    const chunks: Buffer[] = []
    entry.on('data', (chunk: Buffer) => chunks.push(chunk))
    entry.on('end', () => {
      const bytes = Buffer.concat(chunks)
      if (bytes.length !== entry.size) fail(new TarballError(`damaged tarball: ${path} is cut short`))
      else kept = bytes
    })
  })
  for await (const piece of plainTar(stream, opts.maxUnpackedBytes)) {
    if (opts.signal?.aborted) throw opts.signal.reason
    if (failure) throw failure // leaving the loop stops the decompression and the download
    if (!done) parser.write(piece) // after the end-of-archive blocks the rest is only counted
  }
  parser.end()
  await parsed
  if (failure) throw failure
  return kept
}
