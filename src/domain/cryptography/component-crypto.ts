// Cryptography of component versions (docs/api-behaviour.md "Cryptography"): algorithms and hints of the resolved
// version, and across the versions a range requirement admits. Per batch: one catalog resolution and one read of the
// crypto analyzer's outputs. Outcomes: INVALID_PURL, INVALID_SEMVER, COMPONENT_NOT_FOUND, VERSION_NOT_FOUND, and
// NO_INFO when no version asked about was analyzed (docs/cryptography.md).
import { type ComponentRef, type Resolved, resolveBatch } from '../catalog/resolve-batch.ts'
import { type AnalysisPorts, analysisOutputs, resolvedAnalyses } from '../catalog/resolved-analyses.ts'
import type { KnownVersion } from '../catalog/types.ts'
import { type Outcome, SUCCESS } from '../shared/outcome.ts'
import { admitted, tryParseRequirement } from '../shared/requirement.ts'
import { schemeFor } from '../shared/versions/index.ts'
import { CRYPTO_ANALYZER, type CryptoAnalysis } from './types.ts'

export type CryptoPorts = AnalysisPorts

/** One component asked about, with the analyzed versions the question covers (ascending version order). */
export interface CryptoSubject {
  purl: string
  requirement: string
  /** The resolved version (single forms); '' for range forms and when unresolved. */
  version: string
  /** In range forms, every known version in range, ascending; in single forms, the resolved version. */
  versions: string[]
  analyses: { version: string; analysis: CryptoAnalysis }[]
  outcome: Outcome
}

const NO_INFO = (what: string): Outcome => ({ code: 'NO_INFO', message: `No cryptographic information for ${what}` })

/** The resolved version of each reference and its crypto analysis. */
export async function cryptoOfVersions(refs: readonly ComponentRef[], ports: CryptoPorts): Promise<CryptoSubject[]> {
  const items = await resolvedAnalyses<CryptoAnalysis>(refs, ports, CRYPTO_ANALYZER)
  return items.map(({ resolved: r, analysis }) => {
    const base = { ...r.sent, version: r.version, versions: [] as string[] } // purl and requirement as sent
    if (!r.chosen) return { ...base, analyses: [], outcome: r.outcome }
    return {
      ...base,
      versions: [r.version],
      analyses: analysis ? [{ version: r.version, analysis }] : [],
      outcome: analysis ? SUCCESS : NO_INFO(`${r.purl}@${r.version}`),
    }
  })
}

/** Every known version a range requirement admits, and the crypto analyses of those that were analyzed. */
export async function cryptoInRange(refs: readonly ComponentRef[], ports: CryptoPorts): Promise<CryptoSubject[]> {
  const resolved = await resolveBatch(refs, ports.catalog)
  const inRange = resolved.map((r) => versionsInRange(r))
  const outputs = await analysisOutputs<CryptoAnalysis>(
    inRange.flatMap((v) => ('versions' in v ? v.versions : [])),
    ports,
    CRYPTO_ANALYZER,
  )
  return resolved.map((r, i) => {
    const range = inRange[i] as ReturnType<typeof versionsInRange>
    const base = { ...r.sent, version: '' }
    if (!('versions' in range)) return { ...base, versions: [], analyses: [], outcome: range.outcome }
    const analyses = range.versions.flatMap((v) => {
      const analysis = outputs.get(v.id)
      return analysis ? [{ version: v.version, analysis }] : []
    })
    return {
      ...base,
      versions: range.versions.map((v) => v.version),
      analyses,
      outcome: analyses.length > 0 ? SUCCESS : NO_INFO(`${r.purl} in range ${r.requirement}`),
    }
  })
}

/** The versions a range question covers, ascending; or why there are none. */
function versionsInRange(r: Resolved): { versions: KnownVersion[] } | { outcome: Outcome } {
  if (!r.parsed) return { outcome: r.outcome }
  const scheme = schemeFor(r.parsed.type)
  const req = r.requirement.trim()
  if (req === '') return { outcome: { code: 'INVALID_SEMVER', message: 'Empty requirement: a range is required' } }
  if (req === '*' || /^v\*?$/i.test(req))
    return { outcome: { code: 'INVALID_SEMVER', message: `Invalid range requirement '${req}'` } }
  const parsed = tryParseRequirement(req, scheme)
  if (!parsed) return { outcome: { code: 'INVALID_SEMVER', message: `Invalid semver ${req}` } }
  if (!r.component) return { outcome: r.outcome }
  const versions = admitted(parsed, r.component.versions, scheme).sort((a, b) => scheme.compare(a.version, b.version))
  if (versions.length === 0)
    return { outcome: { code: 'VERSION_NOT_FOUND', message: `No version of ${r.purl} in range ${req}` } }
  return { versions }
}
