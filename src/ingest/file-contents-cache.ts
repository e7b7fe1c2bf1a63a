// The files `GET /file_contents/{md5}` served, kept on disk by MD5 (docs/configuration.md FILE_CONTENTS_CACHE_*) in a
// bounded folder (disk-store.ts: least recently used removed past the bound). The reader checks the MD5 of what it
// gets (domain/scanning/file-contents.ts), so a damaged entry is fetched again, never served.
import type { FileStore } from '../domain/scanning/file-contents.ts'
import { DiskStore } from './disk-store.ts'

const NAME = /^[0-9a-f]{32}$/

export class FileContentsCache implements FileStore {
  private readonly store: DiskStore

  constructor(dir: string, maxBytes: number) {
    this.store = new DiskStore(dir, maxBytes, { staleTmpMs: 60_000, isEntry: (name) => NAME.test(name) })
  }

  async get(md5: string): Promise<Buffer | undefined> {
    return NAME.test(md5) ? this.store.read(md5) : undefined
  }

  async put(md5: string, bytes: Buffer): Promise<void> {
    if (NAME.test(md5) && this.store.fits(bytes.length)) await this.store.write(md5, bytes)
  }
}
