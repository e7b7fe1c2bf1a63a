// compintel's own packument cache: each packument's body with the validators its registry sent (ETag,
// Last-Modified), so that fetching it again costs a 304 when it has not changed. A bounded folder (../disk-store.ts:
// written through a temporary file and a rename, least recently used removed past the bound); each body
// (`<hash>.body`) has its validators beside it (`<hash>.meta`), removed with it.
import { createHash } from 'node:crypto'
import { readFile, stat, writeFile } from 'node:fs/promises'
import { DiskStore, type TrimReport } from '../../ingest/disk-store.ts'

/** A temporary file older than this belongs to no write still running (a packument is written in one call). */
const STALE_TMP_MS = 15 * 60_000

export interface Cached {
  etag: string | undefined
  lastModified: string | undefined
  /** Size of the stored body in bytes. */
  size: number
}

export class PackumentCache {
  private readonly disk: DiskStore

  constructor(dir: string, maxBytes: number) {
    this.disk = new DiskStore(dir, maxBytes, {
      staleTmpMs: STALE_TMP_MS,
      isEntry: (name) => name.endsWith('.body'),
      companions: (name) => [`${name.slice(0, -'.body'.length)}.meta`],
    })
  }

  private name(url: string, ext: 'body' | 'meta'): string {
    return `${createHash('sha256').update(url).digest('hex').slice(0, 40)}.${ext}`
  }

  /** The validators stored for `url`, if its body is there too. */
  async lookup(url: string): Promise<Cached | undefined> {
    try {
      const meta = JSON.parse(await readFile(this.disk.file(this.name(url, 'meta')), 'utf8')) as Partial<Cached> & {
        url?: string
      }
      if (meta.url !== url) return undefined
      const { size } = await stat(this.disk.file(this.name(url, 'body')))
      return { etag: meta.etag, lastModified: meta.lastModified, size }
    } catch {
      return undefined
    }
  }

  /** The stored body (the registry answered 304); marks the entry as recently used. */
  async body(url: string): Promise<Buffer> {
    const bytes = await this.disk.read(this.name(url, 'body'))
    if (!bytes) throw new Error(`the cached packument of ${url} is gone`)
    return bytes
  }

  async store(url: string, body: Buffer, etag: string | undefined, lastModified: string | undefined): Promise<void> {
    if (!etag && !lastModified) return // nothing to revalidate with
    if (!this.disk.fits(body.length)) return
    await this.disk.write(this.name(url, 'body'), body)
    await writeFile(this.disk.file(this.name(url, 'meta')), JSON.stringify({ url, etag, lastModified }))
  }

  /** Removes stale temporary files, then the least recently used entries while over the limit (down to 80%). */
  maintain(now = Date.now()): Promise<TrimReport> {
    return this.disk.trim(now)
  }
}
