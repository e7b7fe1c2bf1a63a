// The cryptography bill of materials of an enriched CycloneDX BOM (docs/sbom.md "CycloneDX out"): one
// cryptographic-asset component per algorithm the components use, named and described from the algorithm catalogue,
// and for each component using algorithms a `dependencies` entry whose `provides` lists them.
import type { CatalogueAlgorithm } from '../cryptography/types.ts'
import { algorithmProperties } from './crypto-asset-facts.ts'
import type { ComponentFacts } from './enrich.ts'

type Json = Record<string, unknown>

const assetRef = (algorithm: string) => `crypto/algorithm/${algorithm}`

export function cryptoAssets(
  facts: readonly ComponentFacts[],
  catalogue: readonly CatalogueAlgorithm[],
  specVersion: '1.6' | '1.7',
) {
  const byId = new Map(catalogue.map((a) => [a.id, a]))
  const all = new Map<string, Json>()
  const provided: { ref: string; provides: string[] }[] = []
  for (const f of facts) {
    if (f.algorithms.length === 0) continue
    for (const a of f.algorithms)
      if (!all.has(a.algorithm))
        all.set(a.algorithm, asset(a.algorithm, a.strength, byId.get(a.algorithm), specVersion))
    provided.push({ ref: f.ref, provides: f.algorithms.map((a) => assetRef(a.algorithm)) })
  }
  return { components: [...all.values()], provided }
}

function asset(id: string, strength: string, a: CatalogueAlgorithm | undefined, specVersion: '1.6' | '1.7'): Json {
  const details = a ? algorithmProperties(a, specVersion) : {}
  return {
    type: 'cryptographic-asset',
    'bom-ref': assetRef(id),
    // an id the catalogue no longer lists (an analysis older than the catalogue) is named by the id alone
    name: a?.name || id,
    cryptoProperties: {
      assetType: 'algorithm',
      ...(Object.keys(details).length > 0 ? { algorithmProperties: details } : {}),
    },
    properties: [
      { name: 'compintel:algorithm-id', value: id },
      ...(a?.category ? [{ name: 'compintel:algorithm-category', value: a.category }] : []),
      { name: 'compintel:strength', value: strength },
      ...(a?.strengthBits ? [{ name: 'compintel:catalogue-strength-bits', value: a.strengthBits }] : []),
    ],
  }
}
