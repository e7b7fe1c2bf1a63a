// A Maven repository's checksum files: `<file>.sha512`, `.sha256`, `.sha1`, `.md5` beside each file, asked in that
// order (the strongest first; Maven's resolver checks SHA-512, SHA-256, SHA-1, MD5 the same way), the first one
// published being the one checked. Each holds the hex digest, possibly followed by the file's name (as `sha1sum`
// writes it) — anything else refuses the file. A file with none is taken only where the repository's
// checksumPolicy is not `fail`, and says it was not verified.
import { createHash } from 'node:crypto'
import { UpstreamRefused } from '../../../ingest/failure.ts'
import { type GetOptions, guardedGet } from '../../../ingest/outbound/guarded-get.ts'
import { readLimited } from '../../../ingest/outbound/read-limited.ts'
import { DIGEST_HEX_LENGTH, type DigestAlgorithm } from '../../../ingest/outbound/verified-download.ts'

export interface Checksum {
  algorithm: DigestAlgorithm
  hex: string
}

/** What a checksum request needs of its file's request (repository-get.ts). */
export interface RepositoryGet {
  what: string
  options(what: string): GetOptions
  denied(what: string, status: number): UpstreamRefused
}

const ORDER: DigestAlgorithm[] = ['sha512', 'sha256', 'sha1', 'md5']
/** A checksum file holds a digest and a file name: a few hundred bytes. */
const MAX_CHECKSUM_BYTES = 4096

/** The first checksum published for `url`, or undefined when none is. */
export async function publishedChecksum(url: string, get: RepositoryGet): Promise<Checksum | undefined> {
  for (const algorithm of ORDER) {
    const what = `${get.what} (its .${algorithm})`
    const a = await guardedGet(`${url}.${algorithm}`, { ...get.options(what), max: MAX_CHECKSUM_BYTES })
    if (a.status === 404 || a.status === 410) continue
    if (a.status !== 200) throw get.denied(what, a.status)
    const text = (await readLimited(a.body, MAX_CHECKSUM_BYTES, what, a.stop)).toString('latin1')
    const hex = /^\s*([0-9a-fA-F]+)(\s|$)/.exec(text)?.[1]
    if (hex?.length !== DIGEST_HEX_LENGTH[algorithm])
      throw new UpstreamRefused('format', `${what} holds no ${algorithm} digest`)
    return { algorithm, hex: hex.toLowerCase() }
  }
  return undefined
}

/** Refuses `body` unless it matches `checksum`. */
export function checkDigest(body: Buffer, checksum: Checksum, what: string): void {
  if (createHash(checksum.algorithm).update(body).digest('hex') !== checksum.hex)
    throw new UpstreamRefused('integrity', `${what}: its ${checksum.algorithm} is not the one the repository published`)
}

/** A file without a checksum: refused under `fail`, else taken unverified. */
export function unverified(policy: 'fail' | 'warn' | 'ignore', what: string): undefined {
  if (policy === 'fail')
    throw new UpstreamRefused('integrity', `${what}: the repository publishes no checksum (its checksumPolicy is fail)`)
  return undefined
}
