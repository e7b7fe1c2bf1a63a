// A data file read as a stream of lines, or whole as one (bounded) text, gzip or not (told by its magic bytes, not its
// name), counting the bytes read from disk; read as lines, nothing is held in memory beyond the current line.
import { closeSync, createReadStream, openSync, readSync } from 'node:fs'
import { createInterface } from 'node:readline'
import type { Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'

export interface ByteCounter {
  bytes: number
}

/** Whether the file's first bytes are `magic` (gzip's 1f 8b, a zip's `PK\x03\x04`). */
export function startsWith(file: string, magic: readonly number[]): boolean {
  const fd = openSync(file, 'r')
  try {
    const head = Buffer.alloc(magic.length)
    return readSync(fd, head, 0, magic.length, 0) === magic.length && magic.every((b, i) => head[i] === b)
  } finally {
    closeSync(fd)
  }
}

function isGzip(file: string): boolean {
  return startsWith(file, [0x1f, 0x8b])
}

/** The file's content, gunzipped when it is gzip; `counter.bytes` grows by the bytes read from disk. */
function openText(file: string, counter: ByteCounter): Readable {
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

/**
 * The file's whole text. With a `limit`, refused past `limit.bytes` of text before it is all held: an error
 * `<limit.refusal>: <file> holds more than <N> MB of text`.
 */
export async function readText(
  file: string,
  counter: ByteCounter,
  limit?: { bytes: number; refusal: string },
): Promise<string> {
  const chunks: Buffer[] = []
  let held = 0
  const input = openText(file, counter)
  for await (const chunk of input as AsyncIterable<Buffer>) {
    held += chunk.length
    if (limit && held > limit.bytes) {
      input.destroy()
      throw new Error(`${limit.refusal}: ${file} holds more than ${limit.bytes / 1024 / 1024} MB of text`)
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}
