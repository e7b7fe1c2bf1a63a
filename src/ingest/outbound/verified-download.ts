// An artifact (a wheel, an sdist, a .crate, a jar) streamed to its consumer while its digest is computed, within its size
// bound; the consumer's result is given only once the whole artifact matched the digest its index published, and a
// consumer that stops early gets an integrity refusal (an unverified artifact's analysis is not kept).
import { createHash } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { Readable } from 'node:stream'
import { UpstreamRefused } from '../failure.ts'
import { type GetOptions, guardedGet } from './guarded-get.ts'
import { limited } from './read-limited.ts'

/** The digests an index may publish, by their hex length. */
export const DIGEST_HEX_LENGTH = { sha512: 128, sha256: 64, sha1: 40, md5: 32 } as const
export type DigestAlgorithm = keyof typeof DIGEST_HEX_LENGTH

/**
 * The artifact at `url`, checked against `digest` (hex; a sha256 unless `algorithm` names another, as a Maven
 * repository's checksum files do); 404 and 410 answer undefined (it is gone).
 */
export async function withVerifiedDownload<T>(
  url: string,
  digest: string,
  consume: (s: Readable) => Promise<T>,
  o: Omit<GetOptions, 'cached' | 'accept' | 'raw'> & {
    algorithm?: DigestAlgorithm
    /** Given the answer's headers before its body is read (a Maven repository's Last-Modified). */
    onAnswer?: (headers: IncomingHttpHeaders) => void
  },
): Promise<{ result: T } | undefined> {
  const algorithm = o.algorithm ?? 'sha256'
  if (digest.length !== DIGEST_HEX_LENGTH[algorithm] || !/^[0-9a-f]+$/i.test(digest))
    throw new UpstreamRefused('integrity', `${o.what}: no ${algorithm} to check it against`)
  const a = await guardedGet(url, { ...o, raw: true })
  if (a.status === 404 || a.status === 410) return undefined
  if (a.status !== 200) throw new UpstreamRefused('protocol', `${o.what}: the index answered ${a.status}`)
  o.onAnswer?.(a.headers)
  const hash = createHash(algorithm)
  let verified = false
  async function* checked() {
    for await (const chunk of limited(a.body, o.max, o.what, a.stop)) {
      hash.update(chunk)
      yield chunk
    }
    if (hash.digest('hex') !== digest.toLowerCase())
      throw new UpstreamRefused('integrity', `${o.what}: its ${algorithm} is not the one its index published`)
    verified = true
  }
  try {
    const result = await consume(Readable.from(checked()))
    if (!verified) throw new UpstreamRefused('integrity', `${o.what} was not read to its end, so it is not verified`)
    return { result }
  } finally {
    a.stop()
  }
}
