// Real npm tarballs for the benches, fetched once through compintel's own registry client (pacote with your npm
// configuration: registry, proxy, auth), checked against the packument's integrity while they stream, and kept in
// a cache folder under the system temp dir (the integrity beside each file, so a later run re-checks it offline).
import { createHash } from 'node:crypto'
import { createWriteStream, existsSync } from 'node:fs'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { RegistryClient } from '../src/sources/npm/registry-client.ts'

export const DEFAULT_TARBALL_CACHE = join(tmpdir(), 'compintel-bench-tarballs')

let registry: RegistryClient | undefined

/** name@version (scoped names too) → [name, version]; undefined for anything else. */
export function spec(arg: string): [string, string] | undefined {
  const m = /^((?:@[^/@\s]+\/)?[^@\s/]+)@(\d[^\s]*)$/.exec(arg)
  return m ? [m[1] as string, m[2] as string] : undefined
}

/** The path of name@version's tarball in the cache, fetched when missing or when it no longer matches. */
export async function cachedTarball(name: string, version: string, cache = DEFAULT_TARBALL_CACHE): Promise<string> {
  const file = join(cache, `${name.replace('/', '__')}-${version}.tgz`)
  const known = existsSync(`${file}.integrity`) ? (await readFile(`${file}.integrity`, 'utf8')).trim() : undefined
  if (known && existsSync(file) && sri(await readFile(file), known) === known) return file
  registry ??= new RegistryClient()
  const packument = await registry.packument(name)
  const integrity = packument.versions?.[version]?.dist?.integrity
  if (!integrity) throw new Error(`${name}@${version}: the registry lists no such version, or no integrity for it`)
  await mkdir(cache, { recursive: true })
  const partial = `${file}.${process.pid}.partial`
  try {
    const url = packument.versions?.[version]?.dist?.tarball
    await registry.withTarball({ name, version, integrity, url }, (s: Readable) =>
      pipeline(s, createWriteStream(partial)),
    )
    await rename(partial, file)
    await writeFile(`${file}.integrity`, `${integrity}\n`)
  } finally {
    await rm(partial, { force: true })
  }
  return file
}

/** The SRI string of `bytes` in the algorithm `like` uses (sha512 or sha1). */
function sri(bytes: Buffer, like: string): string {
  const algorithm = like.startsWith('sha1-') ? 'sha1' : 'sha512'
  return `${algorithm}-${createHash(algorithm).update(bytes).digest('base64')}`
}
