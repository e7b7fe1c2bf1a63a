// Downloads one data feed for `compintel update`: a conditional GET (If-None-Match / If-Modified-Since from the last
// download), streamed to a temporary file under a size limit, then checked whole before anything reads it: the
// length the server announced, and the archive itself (a gzip's CRC and length, a zip's directory and entries). A
// feed that fails any check is never ingested.

import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import type { Validators } from '../domain/kb/types.ts'
import { zipEntries } from '../ingest/zip.ts'

export type Download =
  | { status: 'not-modified' }
  | { status: 'downloaded'; file: string; bytes: number; validators: Validators; cleanup(): void }

export interface DownloadOptions {
  maxBytes: number
  /** Gives up a download that takes longer (default 30 minutes). */
  timeoutMs?: number
}

class FeedError extends Error {}

export async function downloadFeed(url: string, previous: Validators, opts: DownloadOptions): Promise<Download> {
  const headers: Record<string, string> = { 'user-agent': 'compintel-update' }
  if (previous.etag) headers['if-none-match'] = previous.etag
  if (previous.lastModified) headers['if-modified-since'] = previous.lastModified
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(opts.timeoutMs ?? 30 * 60_000) }).catch(
    (err: Error) => {
      throw new FeedError(`${url}: ${describe(err)}`)
    },
  )
  if (res.status === 304) return { status: 'not-modified' }
  if (!res.ok || !res.body) throw new FeedError(`${url}: HTTP ${res.status}`)
  const announced = Number(res.headers.get('content-length') ?? Number.NaN)
  if (announced > opts.maxBytes) throw new FeedError(`${url}: ${announced} bytes, over the limit of ${opts.maxBytes}`)
  const dir = mkdtempSync(path.join(tmpdir(), 'compintel-feed-'))
  const cleanup = () => rmSync(dir, { recursive: true, force: true })
  const file = path.join(dir, path.basename(new URL(url).pathname) || 'feed')
  try {
    let bytes = 0
    const limit = new Transform({
      transform(chunk: Buffer, _enc, done) {
        bytes += chunk.length
        done(bytes > opts.maxBytes ? new FeedError(`${url}: over the limit of ${opts.maxBytes} bytes`) : null, chunk)
      },
    })
    await pipeline(
      Readable.fromWeb(res.body as import('node:stream/web').ReadableStream),
      limit,
      createWriteStream(file),
    )
    if (Number.isFinite(announced) && bytes !== announced)
      throw new FeedError(`${url}: truncated, ${bytes} of ${announced} bytes`)
    await checkArchive(file)
    const validators = { etag: res.headers.get('etag'), lastModified: res.headers.get('last-modified') }
    return { status: 'downloaded', file, bytes, validators, cleanup }
  } catch (err) {
    cleanup()
    if (err instanceof FeedError) throw err
    throw new FeedError(`${url}: ${describe(err as Error)}`)
  }
}

/** fetch's own errors say "fetch failed" or "terminated"; their cause says why (the connection closed, …). */
function describe(err: Error): string {
  const cause = err.cause instanceof Error ? err.cause.message : undefined
  return cause ? `${err.message} (${cause})` : err.message
}

/** A gzip must decompress to its end (CRC and length verified); a zip must list and inflate every entry. */
async function checkArchive(file: string): Promise<void> {
  if (file.endsWith('.gz')) {
    await pipeline(createReadStream(file), createGunzip(), async (source: AsyncIterable<Buffer>) => {
      for await (const _ of source);
    })
  } else if (file.endsWith('.zip')) {
    for await (const e of zipEntries(file, () => true, { bytes: 0 }))
      if ('error' in e) throw new FeedError(`damaged zip entry ${e.name}: ${e.error}`)
  }
}
