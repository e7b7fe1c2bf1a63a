// A bounded folder of cached files, shared by the packument cache (npm/packument-cache.ts) and the cache of files
// GET /file_contents serves (file-contents-cache.ts): each entry written through a temporary file and a rename (a
// killed process leaves at most a stale `.tmp`, removed by the next trim), marked when read, and, once the bytes
// written since the last trim pass an eighth of the bound, the least recently used entries removed until the folder
// holds at most 80% of it. An entry may have companion files (a packument's validators) that go with it.
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'

export interface DiskStoreOptions {
  /** A temporary file older than this belongs to no write still running. */
  staleTmpMs: number
  /** Whether a file of the folder is an entry (counted and evicted); other files are companions or strangers. */
  isEntry(name: string): boolean
  /** The companion files of an entry, removed with it. */
  companions?(name: string): string[]
}

export interface TrimReport {
  tmpRemoved: number
  evicted: number
  bytes: number
}

export class DiskStore {
  /** Bytes written since the last trim: a long-running process trims as the folder grows, not only at start. */
  private written = 0
  private trimming: Promise<TrimReport> | undefined

  constructor(
    readonly dir: string,
    private readonly maxBytes: number,
    private readonly opts: DiskStoreOptions,
  ) {}

  /** One entry never crowds out the rest: at most a quarter of the bound. */
  fits(size: number): boolean {
    return size <= this.maxBytes / 4
  }

  file(name: string): string {
    return path.join(this.dir, name)
  }

  /** The entry's bytes, marked as recently used; undefined when absent. */
  async read(name: string): Promise<Buffer | undefined> {
    const file = this.file(name)
    try {
      const bytes = await readFile(file)
      const now = new Date()
      await utimes(file, now, now).catch(() => {})
      return bytes
    } catch {
      return undefined
    }
  }

  /** Writes the entry whole or not at all (callers check fits() first); trims once enough has been written. */
  async write(name: string, bytes: Buffer): Promise<void> {
    await mkdir(this.dir, { recursive: true })
    const tmp = this.file(`${name}.${process.pid}.${Date.now()}.tmp`)
    await writeFile(tmp, bytes)
    await rename(tmp, this.file(name))
    this.written += bytes.length
    if (this.written > this.maxBytes / 8) await this.trim()
  }

  /** Removes stale temporary files, then the least recently used entries while over the bound (down to 80%). */
  trim(now = Date.now()): Promise<TrimReport> {
    this.written = 0
    this.trimming ??= this.sweep(now).finally(() => {
      this.trimming = undefined
    })
    return this.trimming
  }

  private async sweep(now: number): Promise<TrimReport> {
    const names = await readdir(this.dir).catch(() => [] as string[])
    let tmpRemoved = 0
    const entries: { name: string; size: number; used: number }[] = []
    for (const name of names) {
      const s = await stat(this.file(name)).catch(() => undefined)
      if (!s?.isFile()) continue
      if (name.endsWith('.tmp')) {
        if (now - s.mtimeMs >= this.opts.staleTmpMs) {
          await rm(this.file(name), { force: true })
          tmpRemoved++
        }
      } else if (this.opts.isEntry(name)) entries.push({ name, size: s.size, used: s.mtimeMs })
    }
    let bytes = entries.reduce((n, e) => n + e.size, 0)
    let evicted = 0
    if (bytes > this.maxBytes) {
      entries.sort((a, b) => a.used - b.used)
      for (const e of entries) {
        if (bytes <= this.maxBytes * 0.8) break
        for (const c of this.opts.companions?.(e.name) ?? []) await rm(this.file(c), { force: true })
        await rm(this.file(e.name), { force: true })
        bytes -= e.size
        evicted++
      }
    }
    return { tmpRemoved, evicted, bytes }
  }
}
