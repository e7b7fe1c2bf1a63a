// A `.crate` from a registry (a gzip tar of `<crate>-<version>/`, as `cargo package` writes it) unpacked for the walk,
// as it streams from its verified download (sparse-client.ts withCrate): regular files and folders only, every entry
// under the crate's own root folder (else the crate is refused: identity), at most the unit's bytes and 50,000
// entries (else refused and the download stopped). Its Cargo.toml is then read from the folder (crate-manifest.ts:
// its name and version must be the crate's). The folder is the caller's to remove.
import { lstatSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { type ReadEntry, Unpack } from 'tar'
import { excerpt, UpstreamRefused } from '../../../ingest/failure.ts'
import { type CrateManifest, parseCrateManifest } from './crate-manifest.ts'
import { MAX_MANIFEST_BYTES } from './sparse-client.ts'

const MAX_ENTRIES = 50_000

/** What was unpacked: the crate's folder (`into/<crate>-<version>`), its regular files' count and bytes. */
export interface UnpackedCrate {
  dir: string
  fileCount: number
  bytes: number
}

/** Unpacks the crate's stream under `into`. */
export async function unpackCrate(
  stream: Readable,
  v: { name: string; version: string },
  into: string,
  maxBytes: number,
): Promise<UnpackedCrate> {
  const root = `${v.name}-${v.version}`
  const what = `the crate ${v.name} ${v.version}`
  const stop = new AbortController()
  let refused: UpstreamRefused | undefined
  let bytes = 0
  let entries = 0
  let fileCount = 0
  const refuse = (err: UpstreamRefused) => {
    refused ??= err
    stop.abort(err) // nothing more is read
    return false
  }
  const filter = (p: string, entry: ReadEntry | unknown) => {
    const e = entry as ReadEntry
    const rel = p.replace(/^\.\//, '')
    if (rel !== root && rel !== `${root}/` && !rel.startsWith(`${root}/`))
      return refuse(new UpstreamRefused('identity', `${what} holds "${excerpt(rel, 80)}", outside ${root}/`))
    if (e.type !== 'File' && e.type !== 'Directory') return false
    bytes += e.size ?? 0
    if (e.type === 'File') fileCount++
    if (++entries > MAX_ENTRIES || bytes > maxBytes)
      return refuse(
        new UpstreamRefused('size', `${what} unpacks to more than ${maxBytes} bytes or ${MAX_ENTRIES} entries`),
      )
    return refused === undefined
  }
  try {
    await pipeline(stream, new Unpack({ cwd: into, filter, strict: true, preserveOwner: false }), {
      signal: stop.signal,
    })
  } catch (err) {
    if (refused) throw refused
    if (err instanceof UpstreamRefused) throw err // the download's own refusal (its digest, its size)
    throw new UpstreamRefused('format', `${what} is damaged: ${excerpt((err as Error).message, 200)}`)
  }
  if (refused) throw refused
  return { dir: path.join(into, root), fileCount, bytes }
}

/** The Cargo.toml at the root of an unpacked crate, its identity checked. */
export function readCrateFolder(dir: string, v: { name: string; version: string }): CrateManifest {
  const file = path.join(dir, 'Cargo.toml')
  let size: number
  try {
    const st = lstatSync(file)
    size = st.isFile() ? st.size : -1
  } catch {
    size = -1
  }
  if (size < 0) throw new UpstreamRefused('format', `the crate ${v.name} ${v.version} holds no Cargo.toml`)
  if (size > MAX_MANIFEST_BYTES)
    throw new UpstreamRefused(
      'size',
      `the Cargo.toml of ${v.name} ${v.version} is larger than ${MAX_MANIFEST_BYTES} bytes`,
    )
  return parseCrateManifest(readFileSync(file, 'utf8'), v.name, v.version)
}
