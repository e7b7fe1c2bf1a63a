// An artifact (a wheel, an sdist, a .crate) streamed to its consumer while its sha256 is computed, within its size
// bound; the consumer's result is given only once the whole artifact matched the digest its index published, and a
// consumer that stops early gets an integrity refusal (an unverified artifact's analysis is not kept).
import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { UpstreamRefused } from '../failure.ts'
import { type GetOptions, guardedGet } from './guarded-get.ts'
import { limited } from './read-limited.ts'

/** The artifact at `url`, checked against `sha256` (hex); 404 and 410 answer undefined (it is gone). */
export async function withVerifiedDownload<T>(
  url: string,
  sha256: string,
  consume: (s: Readable) => Promise<T>,
  o: Omit<GetOptions, 'cached' | 'accept' | 'raw'>,
): Promise<{ result: T } | undefined> {
  if (!/^[0-9a-f]{64}$/i.test(sha256))
    throw new UpstreamRefused('integrity', `${o.what}: no sha256 to check it against`)
  const a = await guardedGet(url, { ...o, raw: true })
  if (a.status === 404 || a.status === 410) return undefined
  if (a.status !== 200) throw new UpstreamRefused('protocol', `${o.what}: the index answered ${a.status}`)
  const hash = createHash('sha256')
  let verified = false
  async function* checked() {
    for await (const chunk of limited(a.body, o.max, o.what, a.stop)) {
      hash.update(chunk)
      yield chunk
    }
    if (hash.digest('hex') !== sha256.toLowerCase())
      throw new UpstreamRefused('integrity', `${o.what}: its sha256 is not the one its index published`)
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
