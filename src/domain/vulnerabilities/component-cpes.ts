// CPEs of component versions (docs/api-behaviour.md "CPEs"): the CPE products mapped to the package (purl2cpe),
// each with the resolved version filled in; `*` when no version could be resolved.
import { type ComponentRef, exactVersionOf, resolveBatch } from '../catalog/resolve-batch.ts'
import { type CatalogReader, keyOf } from '../catalog/types.ts'
import { type Outcome, SUCCESS } from '../shared/outcome.ts'
import { purlName } from '../shared/purl.ts'
import { withVersion } from './cpe.ts'
import type { AdvisoryReader } from './types.ts'

export interface CpeResult {
  purl: string
  requirement: string
  version: string
  cpes: string[]
  outcome: Outcome
}

export async function componentCpes(
  refs: readonly ComponentRef[],
  ports: { catalog: CatalogReader; advisories: AdvisoryReader },
): Promise<CpeResult[]> {
  const resolved = await resolveBatch(refs, ports.catalog)
  const keys = resolved.flatMap((r) => (r.parsed ? [{ type: r.parsed.type, purlName: purlName(r.parsed) }] : []))
  const products = keys.length > 0 ? await ports.advisories.cpeProducts(keys) : new Map<string, string[]>()
  return resolved.map((r, i) => {
    const base = { ...r.sent, version: r.version, cpes: [] as string[] } // purl and requirement as sent
    if (!r.parsed || r.outcome.code === 'INVALID_SEMVER') return { ...base, outcome: r.outcome }
    const mapped = products.get(keyOf({ type: r.parsed.type, purlName: purlName(r.parsed) })) ?? []
    if (mapped.length === 0)
      return {
        ...base,
        outcome:
          r.outcome.code === 'SUCCESS' ? { code: 'NO_INFO', message: `No CPE is mapped to ${r.purl}` } : r.outcome,
      }
    // a package the KB does not know can still have CPEs: with the version given exactly, or `*`
    const version =
      r.outcome.code === 'SUCCESS' ? r.version : (exactVersionOf(refs[i] as ComponentRef, r.parsed.type) ?? '')
    return {
      ...base,
      version,
      cpes: [...new Set(mapped.map((p) => (version ? withVersion(p, version) : p)))],
      outcome: r.outcome.code === 'SUCCESS' || r.outcome.code === 'COMPONENT_NOT_FOUND' ? SUCCESS : r.outcome,
    }
  })
}
