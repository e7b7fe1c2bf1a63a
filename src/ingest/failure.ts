// How ingestion tells failures apart. A permanent one can never succeed by trying again: the upstream's answer is
// refused (wrong identity, over a limit, bad integrity, bad format, a protocol or address the operator's rules do
// not allow) or the unit itself is wrong (bad options, unknown source). It is not retried, and an on-demand unit
// that ends so is remembered for ON_DEMAND_NEGATIVE_TTL. Anything else is transient and backs off.

/** A unit that cannot succeed however often it is tried. */
export class PermanentError extends Error {
  override readonly name: string = 'PermanentError'
}

/** Why an upstream's answer was refused. */
export type RefusalKind = 'identity' | 'size' | 'integrity' | 'format' | 'protocol' | 'address'

/** An upstream (registry, archive, mirror) answered something compintel refuses to hold or write. */
export class UpstreamRefused extends PermanentError {
  override readonly name: string = 'UpstreamRefused'
  constructor(
    readonly kind: RefusalKind,
    message: string,
  ) {
    super(message)
  }
}

export function isPermanent(err: unknown): boolean {
  return err instanceof PermanentError
}

/** At most `max` characters of an upstream's text, control characters escaped: safe for logs and `last_error`. */
export function excerpt(text: string, max = 200): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text
  let out = ''
  for (const c of cut) {
    const code = c.codePointAt(0) ?? 0
    const control = code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029
    out += control ? `\\u${code.toString(16).padStart(4, '0')}` : c
  }
  return out
}
