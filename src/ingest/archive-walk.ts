// A downloaded archive on disk walked through the analyzers: a zip (a wheel, a zip sdist) by the zip walk, a gzip tar
// (an sdist) by the tarball walk; `stripComponents` drops a top folder (an sdist's `<name>-<version>/`). The server's
// runners walk through the artifact threads (jobs/thread/pool.ts `archives`), so no analyzer runs on the API's event
// loop; elsewhere in the calling thread (`walkArchiveHere`).
import { createReadStream } from 'node:fs'
import type { Analyzer } from './analyzers/types.ts'
import { type WalkResult, walkTarball } from './tarball-walk.ts'
import { walkZip } from './zip-walk.ts'

export interface ArchiveWalk {
  file: string
  format: 'zip' | 'tar.gz'
  stripComponents?: number
  maxUnpackedBytes?: number
}

export type ArchiveWalker = (
  walk: ArchiveWalk,
  analyzers: readonly Analyzer<unknown>[],
  signal?: AbortSignal,
) => Promise<WalkResult>

export const walkArchiveHere: ArchiveWalker = (w, analyzers, signal) => {
  const opts = {
    ...(w.stripComponents ? { stripComponents: w.stripComponents } : {}),
    ...(w.maxUnpackedBytes ? { maxUnpackedBytes: w.maxUnpackedBytes } : {}),
    ...(signal ? { signal } : {}),
  }
  return w.format === 'zip' ? walkZip(w.file, analyzers, opts) : walkTarball(createReadStream(w.file), analyzers, opts)
}
