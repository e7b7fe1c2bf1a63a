// A policy verdict on an SBOM (docs/policy.md), the one way POST /v2/sbom/check and `compintel sbom check` take: the
// document read as enrichment reads it, the KB's facts of its components gathered in one batch per question
// (enrich.ts, and the lifecycle statuses), the VEX statements of the document and of the VEX documents sent beside it
// applied to the findings, then the policy's rules evaluated.
import type { CatalogReader } from '../catalog/types.ts'
import { componentStatuses } from '../components/status.ts'
import type { AnalysedVulnerability, ComponentFacts, EnrichPorts, Learn } from '../sbom/enrich.ts'
import { documentFacts, type SbomPorts } from '../sbom/enrich-sbom.ts'
import { isSuppressed } from '../vex/apply-vex.ts'
import type { AdvisoryReader } from '../vulnerabilities/types.ts'
import { evaluatePolicy, type PolicyComponent, type PolicyFinding, type Verdict } from './evaluate.ts'
import type { Policy } from './policy.ts'

export interface CheckPorts extends EnrichPorts, Pick<SbomPorts, 'cycloneDxSchemaErrors' | 'algorithmCatalogue'> {
  catalog: CatalogReader
  advisories: AdvisoryReader
}

export interface CheckOptions {
  learn?: Learn
  /** VEX documents sent beside the SBOM. */
  vex?: unknown[]
}

export async function checkSbom(parsed: unknown, policy: Policy, ports: CheckPorts, o: CheckOptions): Promise<Verdict> {
  const { input, facts } = await documentFacts(parsed, o.vex ?? [], ports, o.learn)
  const statuses = await componentStatuses(
    input.components.map((c) => ({ purl: c.purl })),
    ports,
  )
  const quantumLevel = new Map(ports.algorithmCatalogue().map((a) => [a.id, a.cbom?.nistQuantumSecurityLevel]))
  const components = facts.map((f, i): PolicyComponent => {
    const s = statuses[i]
    const status =
      s && 'status' in s.componentStatus ? (s.versionStatus?.status ?? s.componentStatus.status) : 'unknown'
    return {
      ref: f.ref,
      purl: f.purl,
      version: f.version,
      license: licenseExpression(f),
      status,
      algorithms: f.algorithms.map((a) => ({
        name: a.algorithm,
        weak: a.strength === 'Weak',
        quantumVulnerable: quantumLevel.get(a.algorithm) === 0,
      })),
      findings: f.vulnerabilities.map(finding),
    }
  })
  return evaluatePolicy(policy, components)
}

/** The declared SPDX expression, else every license the KB found (all apply at once), else none known. */
function licenseExpression(f: ComponentFacts): string | null {
  if (f.licenses.statement) return f.licenses.statement
  const ids = [...new Set(f.licenses.licenses.map((l) => l.id))]
  if (ids.length === 0) return null
  return ids.map((id) => (ids.length > 1 && /\s/.test(id) ? `(${id})` : id)).join(' AND ')
}

function finding(v: AnalysedVulnerability): PolicyFinding {
  const cvss = v.cvss.reduce<number | null>((m, c) => (m === null || c.score > m ? c.score : m), null)
  return {
    id: v.id,
    aliases: [...new Set([...v.advisoryIds, ...v.aliases])].filter((a) => a !== v.id),
    severity: v.severity,
    cvss,
    epss: v.epss?.probability ?? null,
    malicious: v.advisoryIds.some((id) => id.startsWith('MAL-')),
    kevDateAdded: v.kev?.dateAdded ?? null,
    suppressedBy: isSuppressed(v) ? (v.analysis?.state ?? null) : null,
  }
}
