// FIXTURE makers for the tarball walk's limit tests: tar headers of any type, and gzip or zstd streams that inflate
// to gigabytes of zeros, generated chunk by chunk as they are read (nothing of that size is ever held or committed).
import { PassThrough, Readable } from 'node:stream'
import { constants, createZstdCompress, deflateRawSync } from 'node:zlib'

const BLOCK = 512

/** One ustar header block: `type` is the type flag ('0' file, '2' symlink, 'x' pax, …); `size` up to 8 GiB - 1. */
export function header(name: string, type: string, size: number, linkname = ''): Buffer {
  const b = Buffer.alloc(BLOCK)
  const octal = (at: number, width: number, n: number) => b.write(`${n.toString(8).padStart(width - 1, '0')}\0`, at)
  b.write(name, 0, 100)
  octal(100, 8, 0o644)
  octal(108, 8, 0)
  octal(116, 8, 0)
  octal(124, 12, size)
  octal(136, 12, 0)
  b.fill(' ', 148, 156)
  b.write(type, 156)
  b.write(linkname, 157, 100)
  b.write('ustar\u000000', 257)
  let sum = 0
  for (const x of b) sum += x
  b.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148)
  return b
}

/** An entry of any type: its header, its body and the padding to the next block. */
export function entry(name: string, type: string, body: Buffer, linkname = ''): Buffer {
  const pad = (BLOCK - (body.length % BLOCK)) % BLOCK
  return Buffer.concat([header(name, type, body.length, linkname), body, Buffer.alloc(pad)])
}

/** A regular file's entry. */
export const fileEntry = (name: string, body: Buffer) => entry(name, '0', body)

/** The two zero blocks that end a tar. */
export const END_OF_ARCHIVE = Buffer.alloc(2 * BLOCK)

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])
const MiB = 1024 * 1024
const ZEROS = Buffer.alloc(MiB)
/** Raw deflate of `data`, ended by a full flush: blocks made so can follow one another in any number. */
const deflated = (data: Buffer) => deflateRawSync(data, { finishFlush: constants.Z_FULL_FLUSH })

/** What a bomb's reader saw: the compressed bytes it pulled, and the highest RSS sampled at each pull. */
export interface Pulled {
  bytes: number
  peakRss: number
}

/**
 * `prefix` (plain tar), then `unit` (default: 1 MiB of zeros) `times` times, gzipped (or zstd-compressed), as a stream
 * made as it is read. The gzip stream has no trailer: a reader that gets to its end fails on it.
 */
export function bomb(
  prefix: Buffer,
  times: number,
  opts: { unit?: Buffer; zstd?: boolean; pulled?: Pulled } = {},
): Readable {
  const pulled = opts.pulled
  const record = (b: Buffer) => {
    if (pulled) {
      pulled.bytes += b.length
      pulled.peakRss = Math.max(pulled.peakRss, process.memoryUsage.rss())
    }
    return b
  }
  const unit = opts.unit ?? ZEROS
  if (opts.zstd) {
    // one zstd frame (node's zstd stream reads one): compressed as it is read
    const plain = Readable.from(repeated(prefix, unit, times), { objectMode: false })
    return plain.pipe(createZstdCompress()).pipe(new PassThrough({ transform: (c, _, done) => done(null, record(c)) }))
  }
  // deflate blocks ended by a full flush can follow one another: the unit is compressed once, then repeated
  const head = Buffer.concat([GZIP_HEADER, deflated(prefix)])
  const packed = deflated(unit)
  const perChunk = Math.max(1, Math.floor((16 * 1024) / packed.length))
  async function* chunks(): AsyncGenerator<Buffer> {
    yield record(head)
    for (let left = times; left > 0; left -= perChunk)
      yield record(Buffer.concat(Array.from({ length: Math.min(perChunk, left) }, () => packed)))
  }
  return Readable.from(chunks(), { objectMode: false })
}

function* repeated(prefix: Buffer, unit: Buffer, times: number): Generator<Buffer> {
  yield prefix
  for (let i = 0; i < times; i++) yield unit
}
