// Binary packages (.deb) fetched straight from the mirror that listed them (docs/debian.md "Reaching the archive"):
// the index's Filename under the mirror's URI, checked against the index's SHA-256 (apt verified the index's
// signature when it fetched it), written where `apt-get download` would write it. No apt-get process per unit: each
// one's start reads apt's package cache, half a second of CPU whatever it downloads. What cannot be had this way (no
// Filename, as an installed version's record; a mirror that refuses; a checksum that differs) is left to apt-get.
import { createHash } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

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

/** Downloads at once at most. */
const PARALLEL = 4
/** A .deb larger than this is left to apt-get (which streams it to disk). */
const MAX_BYTES = 256 * 1024 * 1024

/** The file apt-get download writes for a version (its name, the version with `:` escaped, the architecture). */
function debFileName(d: Pick<DebLocation, 'name' | 'version' | 'arch'>): string {
  return `${d.name}_${d.version.replace(/:/g, '%3a')}_${d.arch}.deb`
}

/** Fetches the .deb files into `into`; the ones written, by `name=version` (failures are absent). */
export async function fetchDebs(wanted: readonly DebLocation[], into: string): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  const todo = wanted.filter((w) => safeFilename(w.filename) && /^[0-9a-f]{64}$/.test(w.sha256) && w.mirror)
  const next = async (): Promise<void> => {
    for (let w = todo.shift(); w; w = todo.shift()) {
      const body = await fetchOne(w).catch(() => undefined)
      if (!body || createHash('sha256').update(body).digest('hex') !== w.sha256) continue
      const file = path.join(into, debFileName(w))
      await writeFile(file, body)
      out.set(`${w.name}=${w.version}`, file)
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, next))
  return out
}

async function fetchOne(w: DebLocation): Promise<Buffer | undefined> {
  const url = `${w.mirror.replace(/\/+$/, '')}/${w.filename}`
  if (url.startsWith('file:')) return readFile(fileURLToPath(url.replace(/^file:(?!\/\/)/, 'file://')))
  const res = await fetch(url, { signal: AbortSignal.timeout(120_000) })
  const size = Number(res.headers.get('content-length') ?? '0')
  if (!res.ok || size > MAX_BYTES) {
    await res.body?.cancel()
    return undefined
  }
  return Buffer.from(await res.arrayBuffer())
}

/** A pool path with no way out of the mirror (no `..`, no absolute path, no scheme). */
function safeFilename(f: string): boolean {
  return /^pool\/[A-Za-z0-9+.~_/%-]+\.deb$/.test(f) && !f.split('/').includes('..')
}
