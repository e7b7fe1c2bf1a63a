// Binary packages (.deb) fetched by apt's own downloader (docs/debian.md "Reaching the archive"): `apt-helper
// download-file`, apt's acquire system with the private folder's options (proxies, TLS, the sandbox user), takes each
// version's .deb by its index's Filename from the mirror that listed it and checks it against the index's SHA-256
// (apt verified the index's signature when it fetched it); a batch is one process, and none reads the package cache
// that every `apt-get download` start reads (half a second of CPU each). Each file is written where `apt-get download`
// would write it. What cannot be had this way (no Filename, as an installed version's record; a mirror that refuses;
// a checksum that differs) is left to apt-get by the caller.
import { existsSync } from 'node:fs'
import path from 'node:path'

/** Where one version's .deb is: its index's record. */
export interface DebLocation {
  name: string
  version: string
  arch: string
  /** The index's Filename (pool/main/…); '' when the record has none. */
  filename: string
  /** Hex SHA-256 of the .deb. */
  sha256: string
  /** The mirror's URI (http(s): or file:). */
  mirror: string
}

/** Files per apt-helper call: a failure of one sends its batch to apt-get, so batches stay small. */
const BATCH = 8

/** Runs `apt-helper <args>` with the archive's options, ended by the unit's signal (apt.ts). */
export type AptHelper = (args: string[]) => Promise<void>

/** The file apt-get download writes for a version (its name, the version with `:` escaped, the architecture). */
function debFileName(d: Pick<DebLocation, 'name' | 'version' | 'arch'>): string {
  return `${d.name}_${d.version.replace(/:/g, '%3a')}_${d.arch}.deb`
}

/** Fetches the .deb files into `into`; the ones written, by `name=version` (failures are absent). */
export async function fetchDebs(
  wanted: readonly DebLocation[],
  into: string,
  helper: AptHelper,
): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  const todo = wanted.filter((w) => safeFilename(w.filename) && /^[0-9a-f]{64}$/.test(w.sha256) && safeMirror(w.mirror))
  for (let i = 0; i < todo.length; i += BATCH) {
    const batch = todo.slice(i, i + BATCH)
    const args = batch.flatMap((w) => [
      `${w.mirror.replace(/\/+$/, '')}/${w.filename}`,
      path.join(into, debFileName(w)),
      `SHA256:${w.sha256}`,
    ])
    // a batch with one failure fails as a whole; what it did write was checked, and is kept
    await helper(['download-file', ...args]).catch(() => {})
    for (const w of batch) {
      const file = path.join(into, debFileName(w))
      if (existsSync(file)) out.set(`${w.name}=${w.version}`, file)
    }
  }
  return out
}

/** A pool path with no way out of the mirror (no `..`, no absolute path, no scheme). */
function safeFilename(f: string): boolean {
  return /^pool\/[A-Za-z0-9+.~_/%-]+\.deb$/.test(f) && !f.split('/').includes('..')
}

/** The mirror's URI as apt reads it: http(s) or a local file: repository. */
function safeMirror(m: string): boolean {
  return /^(https?:\/\/|file:)/.test(m)
}
