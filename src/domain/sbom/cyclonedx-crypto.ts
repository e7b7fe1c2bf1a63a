// The cryptography bill of materials of an enriched CycloneDX BOM (docs/sbom.md "The cryptography bill of
// materials"): one cryptographic-asset component per algorithm the components use, named and described from the
// CBOM table (data/crypto-cbom) — a block cipher once per mode its component's analysis found (AES with mode cbc),
// a mode never an asset of its own — one protocol asset per protocol the analysis saw (TLS, SSH), and for each
// component using any a `dependencies` entry whose `provides` lists them.
import type { Algorithm, CatalogueAlgorithm } from '../cryptography/types.ts'
import { algorithmProperties } from './crypto-asset-facts.ts'
import type { ComponentFacts } from './enrich.ts'

type Json = Record<string, unknown>
type Found = { algorithm: Algorithm; known: CatalogueAlgorithm | undefined }

/** The bom-refs compintel gives its assets (an earlier enrichment's are recognised by them). */
export const ASSET_REF_PREFIX = 'crypto/'

/** The crypto analysis' protocol hints (data/crypto-hints) that are CycloneDX protocol types, with their names. */
const PROTOCOLS: Record<string, { type: string; name: string }> = {
  tls: { type: 'tls', name: 'TLS' },
  ssh: { type: 'ssh', name: 'SSH' },
}

export function cryptoAssets(
  facts: readonly ComponentFacts[],
  catalogue: readonly CatalogueAlgorithm[],
  specVersion: '1.6' | '1.7',
) {
  const byId = new Map(catalogue.map((a) => [a.id, a]))
  const all = new Map<string, Json>()
  const provided: { ref: string; provides: string[] }[] = []
  /** The modes of components whose analysis found no block cipher to run them: kept on the component. */
  const modesWithoutCipher = new Map<string, string[]>()
  for (const f of facts) {
    const found = f.algorithms.map((algorithm) => ({ algorithm, known: byId.get(algorithm.algorithm) }))
    const modes = found.filter((a) => a.known?.cbom?.mode)
    const ciphers = found.filter((a) => a.known?.cbom?.primitive === 'block-cipher')
    const refs: string[] = []
    for (const a of found) {
      if (modes.includes(a)) continue
      for (const m of ciphers.includes(a) && modes.length > 0 ? modes : [undefined]) {
        const asset = algorithmAsset(a, m, specVersion)
        if (!all.has(asset['bom-ref'])) all.set(asset['bom-ref'], asset)
        refs.push(asset['bom-ref'])
      }
    }
    if (ciphers.length === 0 && modes.length > 0)
      modesWithoutCipher.set(
        f.ref,
        modes.map((m) => m.algorithm.algorithm),
      )
    for (const id of f.protocols) {
      const p = PROTOCOLS[id]
      if (!p) continue
      const ref = `${ASSET_REF_PREFIX}protocol/${id}`
      if (!all.has(ref)) all.set(ref, protocolAsset(ref, id, p))
      refs.push(ref)
    }
    if (refs.length > 0) provided.push({ ref: f.ref, provides: refs })
  }
  return { components: [...all.values()], provided, modesWithoutCipher }
}

function algorithmAsset(a: Found, mode: Found | undefined, specVersion: '1.6' | '1.7'): Json & { 'bom-ref': string } {
  const id = a.algorithm.algorithm
  const f = a.known?.cbom
  const details = algorithmProperties(f, specVersion, mode?.known?.cbom)
  const weak = a.algorithm.strength === 'Weak' || mode?.algorithm.strength === 'Weak'
  // an id the catalogue no longer lists (an analysis older than the catalogue) is named by the id alone
  const name = f?.name || a.known?.name || id
  const modeId = mode?.algorithm.algorithm
  return {
    type: 'cryptographic-asset',
    'bom-ref': `${ASSET_REF_PREFIX}algorithm/${id}${modeId ? `/${modeId}` : ''}`,
    name: mode ? `${name}-${mode.known?.cbom?.name ?? modeId}` : name,
    cryptoProperties: {
      assetType: 'algorithm',
      ...(Object.keys(details).length > 0 ? { algorithmProperties: details } : {}),
      ...(f?.oid ? { oid: f.oid } : {}),
    },
    properties: [
      { name: 'compintel:algorithm-id', value: id },
      ...(modeId ? [{ name: 'compintel:mode-id', value: modeId }] : []),
      ...(a.known?.category ? [{ name: 'compintel:algorithm-category', value: a.known.category }] : []),
      { name: 'compintel:strength', value: weak ? 'Weak' : 'Strong' },
      ...(a.known?.strengthBits ? [{ name: 'compintel:catalogue-strength-bits', value: a.known.strengthBits }] : []),
      ...(f?.levelsAreLowest ? [{ name: 'compintel:security-levels', value: LOWEST }] : []),
    ],
  }
}

const LOWEST = 'the lowest of the family’s parameter sets: the analysis does not see which one is used'

function protocolAsset(ref: string, id: string, p: { type: string; name: string }): Json {
  return {
    type: 'cryptographic-asset',
    'bom-ref': ref,
    name: p.name,
    cryptoProperties: { assetType: 'protocol', protocolProperties: { type: p.type } },
    properties: [{ name: 'compintel:hint-id', value: id }],
  }
}
