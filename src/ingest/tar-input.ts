// The plain tar inside an archive stream (docs/analyzers.md "The walk"): gzip or zstd is undone here with node:zlib,
// its output read only as fast as it is consumed, so a few chunks are in memory whatever the compression ratio, and
// every byte that comes out (or of a plain tar, every byte) is counted against the unpacked-size limit.
import type { Readable } from 'node:stream'
import { constants, createGunzip, createZstdDecompress, type Gunzip, type ZstdDecompress } from 'node:zlib'
import { type RefusalKind, UpstreamRefused } from './failure.ts'

/** The archive is not a readable tarball: corrupt, truncated, not tar/gzip, or over a limit. Not transient. */
export class TarballError extends UpstreamRefused {
  readonly code = 'ETARBALL'
  override readonly name = 'TarballError'
  constructor(message: string, kind: RefusalKind = 'format') {
    super(kind, message)
  }
}

/** The largest piece of plain tar handed on at once (and the decompressors' output chunk). */
export const PIECE_BYTES = 64 * 1024
/** zstd's own default cap on a frame's window (2^27 = 128 MiB), set here so that it stays the bound. */
const ZSTD_WINDOW_LOG_MAX = 27
const GZIP = Buffer.from([0x1f, 0x8b])
const ZSTD = Buffer.from([0x28, 0xb5, 0x2f, 0xfd])

type Compression = 'gzip' | 'zstd' | undefined

function compressionOf(head: Buffer): Compression {
  if (head.subarray(0, GZIP.length).equals(GZIP)) return 'gzip'
  if (head.subarray(0, ZSTD.length).equals(ZSTD)) return 'zstd'
  return undefined
}

/**
 * The plain tar of `source` (gzip, zstd or plain tar, told by its first bytes) in pieces of at most PIECE_BYTES.
 * Throws a TarballError of kind 'size' as soon as more than `maxUnpackedBytes` bytes have come out, one of kind
 * 'format' for damaged compression or a tar compressed twice, and the source's own error as it is. Reads the source
 * to its end unless the consumer stops first (which destroys the source).
 */
export async function* plainTar(
  source: NodeJS.ReadableStream | Readable,
  maxUnpackedBytes: number,
): AsyncGenerator<Buffer, void, undefined> {
  let unpacked = 0
  const count = (bytes: number) => {
    unpacked += bytes
    if (unpacked > maxUnpackedBytes)
      throw new TarballError(`tarball unpacks to more than ${maxUnpackedBytes} bytes`, 'size')
  }
  const counted = (chunk: Buffer): Buffer => {
    count(chunk.length)
    return chunk
  }
  let ended = false
  try {
    const { head, rest } = await lead(buffers(source))
    const compression = compressionOf(head)
    if (!compression) {
      for await (const chunk of rest) yield* pieces(counted(chunk))
    } else {
      // node-tar's Parser would undo a second gzip or zstd layer itself, unbounded: such a tarball is refused
      const inflated = inflate(compression, rest, count)
      try {
        const { head: inner, rest: out } = await lead(inflated)
        if (compressionOf(inner)) throw damaged(`a ${compression} tarball compressed twice`)
        for await (const chunk of out) yield* pieces(counted(chunk))
      } finally {
        await inflated.return() // stops the decompression (when it has not ended)
      }
    }
    ended = true
  } finally {
    // stopped early (a limit, damage, the consumer's choice): the source is not read further
    if (!ended) (source as Partial<Readable>).destroy?.()
  }
}

/** The source's chunks as Buffers. */
async function* buffers(source: NodeJS.ReadableStream | Readable): AsyncGenerator<Buffer, void, undefined> {
  for await (const chunk of source) yield typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer)
}

/** The first (at least 4) bytes of `chunks` and all of `chunks` again, those bytes included. */
async function lead(chunks: AsyncGenerator<Buffer, void, undefined>): Promise<{
  head: Buffer
  rest: AsyncGenerator<Buffer, void, undefined>
}> {
  const seen: Buffer[] = []
  let length = 0
  while (length < ZSTD.length) {
    const next = await chunks.next()
    if (next.done) break
    seen.push(next.value)
    length += next.value.length
  }
  const head = Buffer.concat(seen)
  async function* rest(): AsyncGenerator<Buffer, void, undefined> {
    if (head.length > 0) yield head
    yield* chunks
  }
  return { head, rest: rest() }
}

/**
 * `chunks` decompressed, its output read as it is consumed (the inflater waits while its output is unread). Once the
 * compressed stream ends (gzip: its last member), the rest of the source is read and `count`ed, never decompressed,
 * and must be zeros (padding), as node's gunzip requires of what follows a member.
 */
async function* inflate(
  compression: 'gzip' | 'zstd',
  chunks: AsyncGenerator<Buffer, void, undefined>,
  count: (bytes: number) => void,
): AsyncGenerator<Buffer, void, undefined> {
  const inflater: Gunzip | ZstdDecompress =
    compression === 'gzip'
      ? createGunzip({ chunkSize: PIECE_BYTES })
      : createZstdDecompress({
          chunkSize: PIECE_BYTES,
          params: { [constants.ZSTD_d_windowLogMax]: ZSTD_WINDOW_LOG_MAX },
        })
  let written = 0
  /** The chunks written whose bytes the inflater may not all have taken yet (its input buffer, a few chunks). */
  const pending: Buffer[] = []
  let taken = 0 // the bytes of the chunks before `pending`
  let ended = false
  let stopped = false
  let feedError: unknown // the source's own, or a limit or damage found in what follows the compressed stream
  let inflateError: unknown
  // kept for its whole life: an error after its output ended (more input than it takes) must not go unheard
  inflater.on('error', (err) => {
    inflateError ??= err
  })
  inflater.once('end', () => {
    ended = true
  })
  const after = (bytes: Buffer) => {
    if (!allZeros(bytes)) throw damaged(`data after the end of the ${compression} stream`)
  }
  const feeding = (async () => {
    try {
      for await (const chunk of chunks) {
        if (stopped) break // leaving the loop destroys the source stream
        if (ended) {
          count(chunk.length)
          after(chunk)
          continue
        }
        while (pending[0] && taken + pending[0].length <= inflater.bytesWritten) taken += pending.shift()?.length ?? 0
        pending.push(chunk)
        written += chunk.length
        if (!inflater.write(chunk)) await drained(inflater)
      }
      if (!ended) inflater.end()
    } catch (err) {
      feedError = err
      inflater.destroy(err instanceof Error ? err : new Error(String(err)))
    }
  })()
  try {
    try {
      for await (const out of inflater) yield out as Buffer
    } catch (err) {
      if (feedError === undefined) throw damaged(messageOf(err))
    }
    await feeding
    if (feedError !== undefined) throw feedError
    if (inflateError !== undefined) throw damaged(messageOf(inflateError))
    // what the inflater did not take once its stream ended (node's gunzip ignores what follows a zero byte there,
    // its zstd stream all that follows a frame ending inside a chunk): counted, and zeros only
    const left = written - inflater.bytesWritten
    if (left > 0) {
      count(left)
      after(Buffer.concat(pending).subarray(-left))
    }
  } finally {
    stopped = true
    inflater.destroy()
  }
}

const ZEROS = Buffer.alloc(PIECE_BYTES)
function allZeros(bytes: Buffer): boolean {
  for (let at = 0; at < bytes.length; at += PIECE_BYTES) {
    const piece = bytes.subarray(at, at + PIECE_BYTES)
    if (!piece.equals(ZEROS.subarray(0, piece.length))) return false
  }
  return true
}

function damaged(why: string): TarballError {
  return new TarballError(`damaged tarball: ${why}`)
}

function messageOf(x: unknown): string {
  return x instanceof Error ? x.message : String(x)
}

/** Resolves on 'drain', or once the inflater is closed (destroyed or failed: its reader sees why). */
function drained(inflater: Gunzip | ZstdDecompress): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      inflater.off('drain', done)
      inflater.off('close', done)
      resolve()
    }
    inflater.on('drain', done)
    inflater.on('close', done)
  })
}

function* pieces(chunk: Buffer): Generator<Buffer, void, undefined> {
  for (let at = 0; at < chunk.length; at += PIECE_BYTES) yield chunk.subarray(at, at + PIECE_BYTES)
}
