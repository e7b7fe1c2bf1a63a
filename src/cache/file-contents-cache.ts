// The files `GET /file_contents/{md5}` served, kept on disk by MD5 (docs/configuration.md FILE_CONTENTS_CACHE_*):
// each written through a temporary file and a rename, marked when read, and the least recently used removed once
// the folder passes its bound (down to 80% of it). The reader checks the MD5 of what it gets (domain/scanning/
// file-contents.ts), so a damaged entry is fetched again, never served.
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { FileStore } from '../domain/scanning/file-contents.ts'

const NAME = /^[0-9a-f]{32}$/

export class FileContentsCache implements FileStore {
  /** Bytes written since the folder was last trimmed. */
  private written = 0
  private trimming: Promise<void> | undefined

  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
  ) {}

  async get(md5: string): Promise<Buffer | undefined> {
    if (!NAME.test(md5)) return undefined
    const file = path.join(this.dir, md5)
    try {
      const bytes = await readFile(file)
      const now = new Date()
      await utimes(file, now, now).catch(() => {})
      return bytes
    } catch {
      return undefined
    }
  }

  async put(md5: string, bytes: Buffer): Promise<void> {
    if (!NAME.test(md5) || bytes.length > this.maxBytes / 4) return // one file never crowds out the rest
    await mkdir(this.dir, { recursive: true })
    const tmp = path.join(this.dir, `${md5}.${process.pid}.${Date.now()}.tmp`)
    await writeFile(tmp, bytes)
    await rename(tmp, path.join(this.dir, md5))
    this.written += bytes.length
    if (this.written > this.maxBytes / 8) {
      this.written = 0
      this.trimming ??= this.trim().finally(() => {
        this.trimming = undefined
      })
      await this.trimming
    }
  }

  /** Removes the least recently used entries (and temporary files) while the folder holds more than its bound. */
  async trim(): Promise<void> {
    const entries: { file: string; size: number; used: number }[] = []
    for (const name of await readdir(this.dir).catch(() => [] as string[])) {
      const file = path.join(this.dir, name)
      const s = await stat(file).catch(() => undefined)
      if (!s?.isFile()) continue
      // a temporary file older than a minute belongs to no write still running
      if (!NAME.test(name)) {
        if (Date.now() - s.mtimeMs > 60_000) await rm(file, { force: true })
        continue
      }
      entries.push({ file, size: s.size, used: s.mtimeMs })
    }
    let total = entries.reduce((n, e) => n + e.size, 0)
    if (total <= this.maxBytes) return
    entries.sort((a, b) => a.used - b.used)
    for (const e of entries) {
      if (total <= this.maxBytes * 0.8) break
      await rm(e.file, { force: true })
      total -= e.size
    }
  }
}
