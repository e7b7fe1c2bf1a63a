// compintel's own packument cache: each packument's body with the validators its registry sent (ETag,
// Last-Modified), so that fetching it again costs a 304 when it has not changed. Written through a temporary file
// and a rename (a killed process leaves at most a stale temporary file, removed by maintain()), and kept under its
// size limit by removing the least recently used entries.
import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** A temporary file older than this belongs to no write still running (a packument is written in one call). */
const STALE_TMP_MS = 15 * 60_000

export interface Cached {
  etag: string | undefined
  lastModified: string | undefined
  /** Size of the stored body in bytes. */
  size: number
}

export interface CacheReport {
  tmpRemoved: number
  evicted: number
  bytes: number
}

export class PackumentCache {
  /** Bytes stored since the last maintain(): a long-running process trims the cache as it grows, not only at start. */
  private written = 0

  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
  ) {}

  private file(url: string, ext: 'body' | 'meta'): string {
    return path.join(this.dir, `${createHash('sha256').update(url).digest('hex').slice(0, 40)}.${ext}`)
  }

  /** The validators stored for `url`, if its body is there too. */
  async lookup(url: string): Promise<Cached | undefined> {
    try {
      const meta = JSON.parse(await readFile(this.file(url, 'meta'), 'utf8')) as Partial<Cached> & { url?: string }
      if (meta.url !== url) return undefined
      const { size } = await stat(this.file(url, 'body'))
      return { etag: meta.etag, lastModified: meta.lastModified, size }
    } catch {
      return undefined
    }
  }

  /** The stored body (the registry answered 304); marks the entry as recently used. */
  async body(url: string): Promise<Buffer> {
    const file = this.file(url, 'body')
    const now = new Date()
    await utimes(file, now, now).catch(() => {})
    return readFile(file)
  }

  async store(url: string, body: Buffer, etag: string | undefined, lastModified: string | undefined): Promise<void> {
    if (!etag && !lastModified) return // nothing to revalidate with
    if (body.length > this.maxBytes / 4) return // one entry never crowds out the rest
    await mkdir(this.dir, { recursive: true })
    const tmp = `${this.file(url, 'body')}.${process.pid}.${Date.now()}.tmp`
    await writeFile(tmp, body)
    await rename(tmp, this.file(url, 'body'))
    await writeFile(this.file(url, 'meta'), JSON.stringify({ url, etag, lastModified }))
    this.written += body.length
    if (this.written > this.maxBytes / 8) await this.maintain()
  }

  /** Removes stale temporary files, then the least recently used entries while over the limit (down to 80%). */
  async maintain(now = Date.now()): Promise<CacheReport> {
    this.written = 0
    let names: string[]
    try {
      names = await readdir(this.dir)
    } catch {
      return { tmpRemoved: 0, evicted: 0, bytes: 0 }
    }
    let tmpRemoved = 0
    const bodies: { name: string; size: number; used: number }[] = []
    for (const name of names) {
      const s = await stat(path.join(this.dir, name)).catch(() => undefined)
      if (!s) continue
      if (name.endsWith('.tmp')) {
        if (now - s.mtimeMs >= STALE_TMP_MS) {
          await rm(path.join(this.dir, name), { force: true })
          tmpRemoved++
        }
      } else if (name.endsWith('.body')) bodies.push({ name, size: s.size, used: s.mtimeMs })
    }
    let bytes = bodies.reduce((n, b) => n + b.size, 0)
    let evicted = 0
    if (bytes > this.maxBytes) {
      bodies.sort((a, b) => a.used - b.used)
      for (const b of bodies) {
        if (bytes <= this.maxBytes * 0.8) break
        const stem = path.join(this.dir, b.name.slice(0, -'.body'.length))
        await rm(`${stem}.meta`, { force: true })
        await rm(`${stem}.body`, { force: true })
        bytes -= b.size
        evicted++
      }
    }
    return { tmpRemoved, evicted, bytes }
  }
}
