// A data file read as a stream of lines, gzip or not (told by its magic bytes, not its name), counting the bytes
// read from disk; nothing is held in memory beyond the current line.
import { closeSync, createReadStream, openSync, readSync } from 'node:fs'
import { createInterface } from 'node:readline'
import type { Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'

export interface ByteCounter {
  bytes: number
}

export function isGzip(file: string): boolean {
  const fd = openSync(file, 'r')
  try {
    const head = Buffer.alloc(2)
    return readSync(fd, head, 0, 2, 0) === 2 && head[0] === 0x1f && head[1] === 0x8b
  } finally {
    closeSync(fd)
  }
}

/** The file's content, gunzipped when it is gzip; `counter.bytes` grows by the bytes read from disk. */
export function openText(file: string, counter: ByteCounter): Readable {
  const raw = createReadStream(file)
  raw.on('data', (chunk) => {
    counter.bytes += chunk.length
  })
  if (!isGzip(file)) return raw
  const gunzip = createGunzip()
  raw.on('error', (err) => gunzip.destroy(err))
  return raw.pipe(gunzip)
}

/** The file's lines (without line endings). */
export function readLines(file: string, counter: ByteCounter): AsyncIterable<string> {
  return createInterface({ input: openText(file, counter), crlfDelay: Number.POSITIVE_INFINITY })
}
