// Bytes from outside are counted as they arrive and the reading stops at the limit: an announced length is a hint
// (refused at once when over the limit), the count is the rule.
import { UpstreamRefused } from '../failure.ts'

/** Refuses a Content-Length over `max` before any byte of the body is read. */
export function checkAnnouncedLength(header: string | null | undefined, max: number, what: string): void {
  const n = header ? Number(header) : Number.NaN
  if (Number.isFinite(n) && n > max) throw tooLarge(what, max, `announces ${n} bytes`)
}

/**
 * The stream's chunks, passed on as they come until their sum passes `max`; then `stop()` is called (it ends the
 * download) and the iteration throws an UpstreamRefused of kind 'size'. Nothing past the limit is held.
 */
export async function* limited(
  source: AsyncIterable<Buffer | string>,
  max: number,
  what: string,
  stop: () => void,
): AsyncGenerator<Buffer> {
  let seen = 0
  for await (const chunk of source) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    seen += buf.length
    if (seen > max) {
      stop()
      throw tooLarge(what, max, `sent more than ${max} bytes`)
    }
    yield buf
  }
}

/** The whole body, at most `max` bytes. */
export async function readLimited(
  source: AsyncIterable<Buffer | string>,
  max: number,
  what: string,
  stop: () => void,
): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of limited(source, max, what, stop)) chunks.push(chunk)
  return Buffer.concat(chunks)
}

function tooLarge(what: string, max: number, detail: string): UpstreamRefused {
  return new UpstreamRefused('size', `${what} is over the limit of ${max} bytes (${detail})`)
}
