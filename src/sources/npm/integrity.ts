// Subresource-integrity checking as the bytes stream (npm's dist.integrity, or its sha1 shasum as `sha1-…`): the
// strongest algorithm the string names is hashed and compared once the download has ended.
import { createHash, type Hash } from 'node:crypto'
import { IntegrityError } from './registry.ts'

const STRENGTH = ['sha512', 'sha384', 'sha256', 'sha1']

export interface IntegrityCheck {
  update(chunk: Buffer): void
  /** Throws an IntegrityError unless the bytes seen match. */
  verify(): void
}

export function integrityCheck(sri: string | undefined, what: string): IntegrityCheck | undefined {
  if (!sri) return undefined
  const wanted = new Map<string, Set<string>>()
  for (const part of sri.trim().split(/\s+/)) {
    const m = /^(sha512|sha384|sha256|sha1)-([A-Za-z0-9+/=]+)(\?.*)?$/.exec(part)
    if (m) wanted.set(m[1] as string, (wanted.get(m[1] as string) ?? new Set()).add(m[2] as string))
  }
  const algorithm = STRENGTH.find((a) => wanted.has(a))
  if (!algorithm) throw new IntegrityError(`${what}: no integrity algorithm compintel knows in its metadata`)
  const hash: Hash = createHash(algorithm)
  return {
    update: (chunk) => void hash.update(chunk),
    verify: () => {
      if (!wanted.get(algorithm)?.has(hash.digest('base64')))
        throw new IntegrityError(`integrity check failed for ${what}`)
    },
  }
}
