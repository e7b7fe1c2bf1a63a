// The bytes of a file the KB knows by MD5, as the engine's `GET /file_contents/{md5}` serves them (docs/scanning.md
// "File contents"): from a bounded local store of files served before, else read on demand from a package version
// that holds it (the KB's file lists say which), checked against the MD5 before it is served or kept. One fetch per
// MD5 at a time: a request for an MD5 being fetched waits for that fetch.
import { createHash } from 'node:crypto'
import type { IndexedFile, ScanIndex } from './types.ts'

export const MD5_PATTERN = /^[0-9a-fA-F]{32}$/

/** A source stops reading a file whose size passes the limit and throws this (the engine answers 413). */
export class FileTooLarge extends Error {
  constructor(
    readonly size: number,
    readonly limit: number,
  ) {
    super(`the file is ${size} bytes, over the limit of ${limit} bytes`)
  }
}

/** One place a content sits at: a package version and the path inside it. */
export type FilePlace = Pick<IndexedFile, 'purl' | 'version' | 'path'>

/** Reads one file out of a package version's archive (npm: the registry's tarball). */
export interface PackageFileSource {
  /** Whether this source reads the packages of this purl (without version). */
  serves(purl: string): boolean
  /**
   * The bytes at `place.path` in the version's archive, or undefined when the upstream no longer has the version
   * or the archive lacks the path. Throws FileTooLarge past `maxBytes`; any other error is the upstream's failure.
   */
  read(place: FilePlace, maxBytes: number, signal: AbortSignal): Promise<Buffer | undefined>
  /** Ends every read under way (they fail) and what the source holds open: the server is stopping. */
  close(): Promise<void>
}

/** Files served before, by MD5, kept within a size bound (what it drops is fetched again when asked). */
export interface FileStore {
  get(md5: string): Promise<Buffer | undefined>
  put(md5: string, bytes: Buffer): Promise<void>
}

export type FileContentsAnswer =
  | { kind: 'found'; bytes: Buffer }
  | { kind: 'not-found'; message: string }
  | { kind: 'too-large'; size: number; limit: number }
  | { kind: 'upstream-failed'; message: string }
  | { kind: 'upstream-timeout'; message: string }

export interface FileContentsPort {
  /** The answer for a well-formed MD5 (MD5_PATTERN; either case). */
  get(md5: string): Promise<FileContentsAnswer>
  /** Ends the fetches under way (their requests are answered as upstream failures): the server is stopping. */
  close(): Promise<void>
}

export interface FileContentsOptions {
  /** Files larger than this are not served (the engine's SCANOSS_FILE_CONTENTS_LIMIT). */
  maxBytes: number
  /** One fetch, over every place it tries, gives up after this long. */
  timeoutMs: number
  /** Places (package versions) tried at most before giving up. */
  maxPlaces?: number
  /** Fetches from upstream at once (others wait their turn): bounds the memory and bandwidth files take. */
  concurrency?: number
}

const DEFAULT_MAX_PLACES = 3
const DEFAULT_CONCURRENCY = 4

export class FileContents implements FileContentsPort {
  private readonly running = new Map<string, Promise<FileContentsAnswer>>()
  private fetching = 0
  private readonly turns: (() => void)[] = []
  private readonly stopping = new AbortController()

  constructor(
    private readonly index: Pick<ScanIndex, 'filesByMd5'>,
    private readonly source: PackageFileSource,
    private readonly store: FileStore,
    private readonly opts: FileContentsOptions,
  ) {}

  async close(): Promise<void> {
    this.stopping.abort(new Error('the server is stopping'))
    for (const turn of this.turns.splice(0)) turn()
    await this.source.close()
  }

  get(md5: string): Promise<FileContentsAnswer> {
    const key = md5.toLowerCase()
    let answer = this.running.get(key)
    if (!answer) {
      answer = this.fetch(key).finally(() => this.running.delete(key))
      this.running.set(key, answer)
    }
    return answer
  }

  private async fetch(md5: string): Promise<FileContentsAnswer> {
    const { maxBytes } = this.opts
    const kept = await this.store.get(md5).catch(() => undefined)
    if (kept && md5Of(kept) === md5)
      return kept.length > maxBytes ? { kind: 'too-large', size: kept.length, limit: maxBytes } : found(kept)
    const places = await this.index.filesByMd5([md5])
    if (places.length === 0) return { kind: 'not-found', message: `No file with MD5 ${md5} is known` }
    const fetchable = distinct(places.filter((p) => this.source.serves(p.purl)))
    if (fetchable.length === 0)
      return {
        kind: 'not-found',
        message: `The file with MD5 ${md5} is held only by packages whose files compintel does not fetch (Debian)`,
      }
    const concurrency = this.opts.concurrency ?? DEFAULT_CONCURRENCY
    while (this.fetching >= concurrency) await new Promise<void>((turn) => this.turns.push(turn))
    this.fetching++
    try {
      return await this.download(md5, fetchable)
    } finally {
      this.fetching--
      this.turns.shift()?.()
    }
  }

  /** The first of these places that gives the file with this MD5, within the time bound. */
  private async download(md5: string, fetchable: FilePlace[]): Promise<FileContentsAnswer> {
    const { maxBytes } = this.opts
    const timeout = AbortSignal.timeout(this.opts.timeoutMs)
    const signal = AbortSignal.any([timeout, this.stopping.signal])
    const failures: string[] = []
    let absent = 0
    for (const place of fetchable.slice(0, this.opts.maxPlaces ?? DEFAULT_MAX_PLACES)) {
      const where = `${place.purl}@${place.version}`
      let bytes: Buffer | undefined
      try {
        bytes = await this.source.read(place, maxBytes, signal)
      } catch (err) {
        if (err instanceof FileTooLarge) return { kind: 'too-large', size: err.size, limit: err.limit }
        if (this.stopping.signal.aborted) return { kind: 'upstream-failed', message: 'The server is stopping' }
        if (timeout.aborted)
          return { kind: 'upstream-timeout', message: `Fetching the file took more than ${this.opts.timeoutMs} ms` }
        failures.push(`${where}: ${(err as Error).message}`)
        continue
      }
      if (!bytes) {
        absent++
        failures.push(`${where}: the registry no longer holds ${place.path}`)
      } else if (md5Of(bytes) !== md5) {
        failures.push(`${where}: ${place.path} is not the file with MD5 ${md5} (refused)`)
      } else {
        await this.store.put(md5, bytes).catch(() => {}) // keeping it is a saving, never a condition
        return found(bytes)
      }
    }
    const message = failures.join('; ')
    // every place is gone upstream: nothing to fetch it from (an upstream that failed or lied: a 502)
    return absent === failures.length ? { kind: 'not-found', message } : { kind: 'upstream-failed', message }
  }
}

function found(bytes: Buffer): FileContentsAnswer {
  return { kind: 'found', bytes }
}

function md5Of(bytes: Buffer): string {
  return createHash('md5').update(bytes).digest('hex')
}

/** One place per package version (a content at two paths of one version needs one download). */
function distinct(places: readonly IndexedFile[]): FilePlace[] {
  const seen = new Map<string, FilePlace>()
  for (const p of places) {
    const key = `${p.purl}@${p.version}`
    if (!seen.has(key)) seen.set(key, { purl: p.purl, version: p.version, path: p.path })
  }
  return [...seen.values()]
}
