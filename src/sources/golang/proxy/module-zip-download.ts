// A module zip downloaded from a proxy into a folder of its own (bounded while it streams: GOLANG_MAX_ZIP_MB, the
// go command's own limit being 500 MiB), then checked and hashed (module-zip.ts) and its h1 compared with the
// go.sum hashes the caller gave. On any failure (over the bound, a path outside `<module>@<version>/`, a damaged
// zip, a hash mismatch) the folder is removed: nothing is left behind.
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { UpstreamRefused } from '../../../ingest/failure.ts'
import { type GetOptions, guardedGet } from '../../../ingest/outbound/guarded-get.ts'
import { limited } from '../../../ingest/outbound/read-limited.ts'
import { PackageNotFound } from '../../npm/registry.ts'
import { checkSum } from './dirhash.ts'
import { checkModuleZip } from './module-zip.ts'

/** Why the checksum database was not asked about a module: GOSUMDB=off, GONOSUMDB/GOPRIVATE, or it cannot be reached. */
export type SumDbStatus = 'off' | 'private' | 'unreachable'

export interface ModuleZip {
  /** The zip, in a folder of its own; the caller calls remove() once done with it. */
  file: string
  /** The archive walk's stripComponents: the elements of `<module>@<version>/` (the module path's, as `@` joins the last). */
  stripComponents: number
  /** The zip's go.sum hash (`h1:…`). */
  h1: string
  /** A go.sum hash the caller gave matched (a mismatch is refused). */
  verified: boolean
  sumDb: SumDbStatus
  fileCount: number
  /** The files' uncompressed bytes. */
  bytes: number
  remove(): void
}

export interface ZipDownload {
  dir?: string | undefined
  expected?: readonly string[] | undefined
  sumDb: SumDbStatus
  maxZipBytes: number
  maxModBytes: number
  /** Calls `save` with each proxy's zip URL in the GOPROXY walk until one saves it. */
  download(save: (url: string, get: GetOptions) => Promise<void>): Promise<void>
}

export async function downloadModuleZip(module: string, version: string, o: ZipDownload): Promise<ModuleZip> {
  const dir = mkdtempSync(path.join(o.dir ?? tmpdir(), 'compintel-gomod-'))
  const remove = () => rmSync(dir, { recursive: true, force: true })
  const file = path.join(dir, 'module.zip')
  try {
    await o.download(async (url, get) => {
      const a = await guardedGet(url, { ...get, raw: true })
      if (a.status === 404 || a.status === 410) throw new PackageNotFound(`${module}@${version}`)
      if (a.status !== 200) throw new UpstreamRefused('protocol', `${get.what}: the proxy answered ${a.status}`)
      try {
        await pipeline(Readable.from(limited(a.body, get.max, get.what, a.stop)), createWriteStream(file))
      } finally {
        a.stop()
      }
    })
    const checked = await checkModuleZip(file, module, version, {
      maxUnpackedBytes: o.maxZipBytes,
      maxGoModBytes: o.maxModBytes,
    })
    const verified = checkSum(o.expected ?? [], checked.h1, `the module zip of ${module}@${version}`)
    return {
      file,
      stripComponents: module.split('/').length,
      h1: checked.h1,
      verified,
      sumDb: o.sumDb,
      fileCount: checked.fileCount,
      bytes: checked.bytes,
      remove,
    }
  } catch (err) {
    remove()
    throw err
  }
}
