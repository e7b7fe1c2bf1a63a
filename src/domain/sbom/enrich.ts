// The KB's facts about each component of an SBOM (docs/sbom.md "Enrichment"): its licenses, its known
// vulnerabilities (with CVSS and EPSS), the algorithms its crypto analysis found and the registry's hashes, asked of the areas' own batch
// functions once per document, whatever its size. Each component keeps the outcome of each question, so an output can
// say which components could not be enriched and why, rather than dropping them.
import type { ComponentRef } from '../catalog/resolve-batch.ts'
import type { CatalogReader, IntegrityReader } from '../catalog/types.ts'
import type { AnalysisReader } from '../components/types.ts'
import { cryptoOfVersions } from '../cryptography/component-crypto.ts'
import type { Algorithm } from '../cryptography/types.ts'
import { componentLicenses, type LicenseResult } from '../licenses/component-licenses.ts'
import type { LicenseReader } from '../licenses/types.ts'
import { type Learnable, needOf } from '../on-demand/learn.ts'
import type { Outcome } from '../shared/outcome.ts'
import type { VexAnalysis } from '../vex/statement.ts'
import { componentVulnerabilities } from '../vulnerabilities/component-vulnerabilities.ts'
import type { Vulnerability } from '../vulnerabilities/merge.ts'
import type { Remediation } from '../vulnerabilities/remediation.ts'
import type { AdvisoryReader } from '../vulnerabilities/types.ts'
import { type Hash, versionHashes } from './hashes.ts'
import { type LicenseOrigin, licenseOrigins } from './license-origin.ts'
import type { SbomInput } from './read-input.ts'

export interface EnrichPorts {
  catalog: CatalogReader
  integrity: IntegrityReader
  licenses: LicenseReader
  advisories: AdvisoryReader
  analyses: AnalysisReader
}

export type AnalysedVulnerability = Vulnerability & { analysis?: VexAnalysis; analysisSource?: string }

export interface ComponentFacts {
  /** The input's reference of the component (bom-ref, SPDXID, lockfile path, list position). */
  ref: string
  purl: string
  /** The version the facts are of ('' when the KB could not resolve one). */
  version: string
  licenses: LicenseResult
  /** Which of those licenses were declared and which were found in the package's files. */
  licenseOrigin: LicenseOrigin
  /** The registry's hashes of the version (its integrity), where the KB has them. */
  hashes: Hash[]
  /** With the VEX analysis that applies to each, when one does (enrich-sbom.ts, domain/vex). */
  vulnerabilities: AnalysedVulnerability[]
  /** The nearest upgrades that fix them, as the vulnerabilities answers give them; absent when nothing is to fix. */
  remediation?: Remediation
  algorithms: Algorithm[]
  /** The protocols the crypto analysis found signs of (hint ids of category protocol: tls, ssh, jwt, …), sorted. */
  protocols: string[]
  /** Each question's outcome when it was not SUCCESS: why a part of the facts is missing. */
  problems: { question: 'licenses' | 'vulnerabilities' | 'cryptography'; outcome: Outcome }[]
}

/** Answers a batch, learning what the KB lacks on the way (the on-demand port, http/shared/learning.ts), or not. */
export type Learn = <T>(
  refs: readonly ComponentRef[],
  answer: (refs: readonly ComponentRef[]) => Promise<T[]>,
  learnable: Learnable<T>,
) => Promise<T[]>

const KB_ONLY: Learn = (refs, answer) => answer(refs)

export async function enrichComponents(
  input: SbomInput,
  ports: EnrichPorts,
  learn: Learn = KB_ONLY,
): Promise<ComponentFacts[]> {
  const refs = input.components.map((c) => ({ purl: c.purl }))
  if (refs.length === 0) return []
  const facts = await learn(refs, (r) => factsOf(r, ports), LEARNABLE)
  return input.components.map((c, i) => ({ ...(facts[i] as Facts), ref: c.ref }))
}

type Facts = Omit<ComponentFacts, 'ref'>

/** A fetch is asked for when a question did not find the component or version (metadata) or its analysis. */
const LEARNABLE: Learnable<Facts> = {
  need(f) {
    const needs = f.problems.map((p) => needOf(p.outcome))
    return needs.includes('metadata') ? 'metadata' : needs.includes('analysis') ? 'analysis' : undefined
  },
  note: (f, say) => ({ ...f, problems: f.problems.map((p) => ({ ...p, outcome: say(p.outcome) })) }),
}

async function factsOf(refs: readonly ComponentRef[], ports: EnrichPorts): Promise<Facts[]> {
  const licenses = await componentLicenses(refs, ports)
  const origins = await licenseOrigins(
    refs.map((r) => r.purl),
    licenses,
    ports,
  )
  const vulnerabilities = await componentVulnerabilities(refs, ports)
  const crypto = await cryptoOfVersions(refs, ports)
  const hashes = await versionHashes(refs, ports)
  return refs.map((ref, i) => {
    const l = licenses[i] as LicenseResult
    const v = vulnerabilities[i] as (typeof vulnerabilities)[number]
    const k = crypto[i] as (typeof crypto)[number]
    const problems: ComponentFacts['problems'] = []
    if (l.outcome.code !== 'SUCCESS') problems.push({ question: 'licenses', outcome: l.outcome })
    if (v.outcome.code !== 'SUCCESS') problems.push({ question: 'vulnerabilities', outcome: v.outcome })
    if (k.outcome.code !== 'SUCCESS') problems.push({ question: 'cryptography', outcome: k.outcome })
    const algorithms = new Map<string, Algorithm>()
    const protocols = new Set<string>()
    for (const { analysis } of k.analyses) {
      for (const a of analysis.algorithms) algorithms.set(a.algorithm, { algorithm: a.algorithm, strength: a.strength })
      for (const h of analysis.hints ?? []) if (h.category === 'protocol') protocols.add(h.id)
    }
    return {
      purl: ref.purl ?? '',
      version: v.version || l.version || k.version,
      licenses: l,
      licenseOrigin: origins[i] as LicenseOrigin,
      hashes: hashes[i] ?? [],
      vulnerabilities: v.vulnerabilities,
      ...(v.remediation ? { remediation: v.remediation } : {}),
      algorithms: [...algorithms.values()].sort((a, b) => (a.algorithm < b.algorithm ? -1 : 1)),
      protocols: [...protocols].sort(),
      problems,
    }
  })
}
