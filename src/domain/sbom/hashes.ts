// The hashes an SBOM can state of a package: the registry's integrity string (SRI, `sha512-<base64>`) as hex digests,
// from a lockfile entry or from the KB (the integrity of the version an enrichment resolved, one read per document).
import { type ComponentRef, resolveBatch } from '../catalog/resolve-batch.ts'
import type { CatalogReader, IntegrityReader } from '../catalog/types.ts'

/** A digest under CycloneDX's algorithm name (SPDX spells it without the dash). */
export interface Hash {
  alg: 'SHA-1' | 'SHA-256' | 'SHA-384' | 'SHA-512'
  content: string
}

const ALGORITHMS: Record<string, Hash['alg']> = {
  sha1: 'SHA-1',
  sha256: 'SHA-256',
  sha384: 'SHA-384',
  sha512: 'SHA-512',
}

/** The digests of an SRI string (several may be listed, space-separated); none when it is not one. */
export function sriHashes(integrity: unknown): Hash[] {
  if (typeof integrity !== 'string') return []
  return integrity.split(/\s+/).flatMap((sri) => {
    const dash = sri.indexOf('-')
    const alg = ALGORITHMS[sri.slice(0, dash)]
    const content = Buffer.from(sri.slice(dash + 1), 'base64').toString('hex')
    return alg && content !== '' ? [{ alg, content }] : []
  })
}

/** The KB's hashes of the version each reference resolves to, in order (none where it has no integrity). */
export async function versionHashes(
  refs: readonly ComponentRef[],
  ports: { catalog: CatalogReader; integrity: IntegrityReader },
): Promise<Hash[][]> {
  const resolved = await resolveBatch(refs, ports.catalog)
  const ids = [...new Set(resolved.flatMap((r) => (r.chosen ? [r.chosen.id] : [])))]
  const integrity = ids.length > 0 ? await ports.integrity.integrityOf(ids) : new Map<number, string>()
  return resolved.map((r) => (r.chosen ? sriHashes(integrity.get(r.chosen.id)) : []))
}
