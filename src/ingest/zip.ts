// The entries of a zip file, one at a time (yauzl reads the central directory and then each entry on demand), so
// an archive of any size is never held in memory: only the entries being read are (OSV's exports, feeds' zips, and
// through zip-walk.ts a wheel's files). The file is read with
// synchronous positioned reads: yauzl's own file reader makes every small read a thread-pool round trip, which
// made a zip of small OSV records about ten times slower to read than the same records as NDJSON.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import { Readable } from 'node:stream'
import yauzl, { type Entry, type ZipFile } from 'yauzl'
import type { ByteCounter } from './text-input.ts'

/** An OSV record file larger than this is reported and skipped, never buffered. */
const MAX_ENTRY_BYTES = 64 * 1024 * 1024
const AHEAD = 32
const CHUNK = 256 * 1024

export type ZipItem = { name: string; text: string } | { name: string; error: string }

export async function* zipEntries(
  file: string,
  accept: (name: string) => boolean,
  counter: ByteCounter,
): AsyncGenerator<ZipItem> {
  const zip = await openZip(file)
  // Up to AHEAD entries are read at once (each read is a few small file reads); they are yielded in zip order.
  const pending: Promise<ZipItem>[] = []
  let ended = false
  try {
    for (;;) {
      while (!ended && pending.length < AHEAD) {
        const entry = await nextEntry(zip)
        if (!entry) ended = true
        else if (!entry.fileName.endsWith('/') && accept(entry.fileName)) {
          counter.bytes += entry.compressedSize
          pending.push(readItem(zip, entry))
        }
      }
      const next = pending.shift()
      if (!next) return
      yield await next
    }
  } finally {
    zip.close()
  }
}

/** The zip at `file`, its central directory read (entries then read one at a time with nextEntry); close it. */
export async function openZip(file: string): Promise<ZipFile> {
  const fd = openSync(file, 'r')
  const reader = new SyncFileReader(fd)
  return await new Promise<ZipFile>((resolve, reject) =>
    yauzl.fromRandomAccessReader(reader, fstatSync(fd).size, { lazyEntries: true, autoClose: false }, (err, z) =>
      err ? reject(err) : resolve(z),
    ),
  ).catch((err) => {
    closeSync(fd)
    throw err
  })
}

/** An entry's text, or why it could not be read (never rejects: reads run ahead of their consumer). */
async function readItem(zip: ZipFile, entry: Entry): Promise<ZipItem> {
  const name = entry.fileName
  if (entry.uncompressedSize > MAX_ENTRY_BYTES) return { name, error: `entry larger than ${MAX_ENTRY_BYTES} bytes` }
  try {
    return { name, text: await readEntry(zip, entry) }
  } catch (err) {
    return { name, error: (err as Error).message }
  }
}

/** The next entry of the central directory, or undefined after the last. */
export function nextEntry(zip: ZipFile): Promise<Entry | undefined> {
  return new Promise((resolve, reject) => {
    const done = () => {
      zip.off('entry', onEntry)
      zip.off('end', onEnd)
      zip.off('error', onError)
    }
    const onEntry = (e: Entry) => {
      done()
      resolve(e)
    }
    const onEnd = () => {
      done()
      resolve(undefined)
    }
    const onError = (err: Error) => {
      done()
      reject(err)
    }
    zip.on('entry', onEntry)
    zip.on('end', onEnd)
    zip.on('error', onError)
    zip.readEntry()
  })
}

async function readEntry(zip: ZipFile, entry: Entry): Promise<string> {
  const parts: Buffer[] = []
  for await (const b of await entryStream(zip, entry)) parts.push(b as Buffer)
  return Buffer.concat(parts).toString('utf8')
}

/** An entry's uncompressed bytes (yauzl checks them against the sizes the directory declares, and the CRC). */
export function entryStream(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream)))
  })
}

/** yauzl's reader interface over synchronous positioned reads of an open file. */
class SyncFileReader extends yauzl.RandomAccessReader {
  constructor(private readonly fd: number) {
    super()
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const fd = this.fd
    let pos = start
    return new Readable({
      read() {
        if (pos >= end) return void this.push(null)
        const buf = Buffer.allocUnsafe(Math.min(CHUNK, end - pos))
        const got = readSync(fd, buf, 0, buf.length, pos)
        if (got === 0) return void this.destroy(new Error('unexpected end of the zip file'))
        pos += got
        this.push(buf.subarray(0, got))
      },
    })
  }

  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (err: Error | null) => void,
  ): void {
    let err: Error | null = null
    try {
      for (let done = 0; done < length; ) {
        const got = readSync(this.fd, buffer, offset + done, length - done, position + done)
        if (got === 0) throw new Error('unexpected end of the zip file')
        done += got
      }
    } catch (e) {
      err = e as Error
    }
    process.nextTick(callback, err)
  }

  override close(callback: (err: Error | null) => void): void {
    let err: Error | null = null
    try {
      closeSync(this.fd)
    } catch (e) {
      err = e as Error
    }
    process.nextTick(callback, err)
  }
}
