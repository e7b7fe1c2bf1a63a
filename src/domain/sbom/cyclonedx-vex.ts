// The VEX part of the enriched CycloneDX BOM (docs/sbom.md "CycloneDX out"): one vulnerability per id however many
// components it affects, with its ratings (CVSS, or the advisory's own severity where it gives no vector), CWEs,
// affected components, fixes, aliases, EPSS and CISA's KEV entry in properties, malicious-package reports marked, and the VEX analysis
// that applies (domain/vex): CycloneDX gives a vulnerability one analysis, so components with different analyses of
// the same vulnerability get one entry each (`vulnerability/<id>`, then `vulnerability/<id>#2`, …).
import { applyVex } from '../vex/apply-vex.ts'
import type { VexAnalysis, VexStatement } from '../vex/statement.ts'
import { kevLine } from '../vulnerabilities/kev.ts'
import type { Vulnerability } from '../vulnerabilities/merge.ts'
import type { AnalysedVulnerability, ComponentFacts } from './enrich.ts'

type Json = Record<string, unknown>

const VEX_SOURCE = 'compintel:vex:source'
const METHOD: Record<string, string> = { 'CVSS:3.0': 'CVSSv3', 'CVSS:3.1': 'CVSSv31', 'CVSS:4.0': 'CVSSv4' }

export function vulnerabilityList(facts: readonly ComponentFacts[]): Json[] {
  const byId = new Map<string, { v: AnalysedVulnerability; affects: Json[]; ref: string }>()
  const entries = new Map<string, number>()
  for (const f of facts)
    for (const v of f.vulnerabilities) {
      const key = `${v.id}\u0000${JSON.stringify(v.analysis ?? null)}\u0000${v.analysisSource ?? ''}`
      let entry = byId.get(key)
      if (!entry) {
        const n = (entries.get(v.id) ?? 0) + 1
        entries.set(v.id, n)
        entry = { v, affects: [], ref: n === 1 ? `vulnerability/${v.id}` : `vulnerability/${v.id}#${n}` }
        byId.set(key, entry)
      }
      entry.affects.push({ ref: f.ref, versions: [{ version: f.version, status: 'affected' }] })
    }
  return [...byId.values()].map(({ v, affects, ref }) => ({
    'bom-ref': ref,
    id: v.id,
    source: { name: v.sources[0] ?? 'osv', ...(v.url ? { url: v.url } : {}) },
    ratings: ratings(v),
    cwes: v.cweIds.flatMap((c) => (/^CWE-\d+$/.test(c) ? [Number(c.slice(4))] : [])),
    ...(v.summary ? { description: v.summary } : {}),
    ...(v.published ? { published: v.published } : {}),
    ...(v.modified ? { updated: v.modified } : {}),
    ...(v.fixedVersions.length > 0 ? { recommendation: `Upgrade to ${v.fixedVersions.join(' or ')}` } : {}),
    ...(v.analysis ? { analysis: v.analysis } : {}),
    affects,
    properties: [
      ...(v.analysisSource ? [{ name: VEX_SOURCE, value: v.analysisSource }] : []),
      // an OSV malicious-package report (MAL-…): the package itself is malware, not a flaw in it
      ...(v.advisoryIds.some((id) => id.startsWith('MAL-')) ? [{ name: 'compintel:malicious', value: 'true' }] : []),
      ...v.aliases.filter((a) => a !== v.id).map((a) => ({ name: 'compintel:alias', value: a })),
      ...(v.epss
        ? [
            { name: 'compintel:epss:probability', value: String(v.epss.probability) },
            { name: 'compintel:epss:percentile', value: String(v.epss.percentile) },
          ]
        : []),
      // CISA lists it as known exploited (docs/vulnerabilities.md "Known exploited")
      ...(v.kev
        ? [
            { name: 'compintel:kev', value: 'true' },
            { name: 'compintel:kev:cve', value: v.kev.cve },
            { name: 'compintel:kev:date_added', value: v.kev.dateAdded },
            { name: 'compintel:kev:due_date', value: v.kev.dueDate },
            { name: 'compintel:kev:known_ransomware_campaign_use', value: v.kev.knownRansomwareCampaignUse },
            { name: 'compintel:kev:required_action', value: v.kev.requiredAction },
          ]
        : []),
    ],
  }))
}

/** CycloneDX's severities by the names advisories use (GitHub's MODERATE is medium). */
const SEVERITY: Record<string, string> = {
  CRITICAL: 'critical',
  HIGH: 'high',
  MODERATE: 'medium',
  MEDIUM: 'medium',
  LOW: 'low',
  NONE: 'none',
}

/** Its ratings; a known-exploited one says so in each rating's justification (CISA's KEV entry). */
function ratings(v: Vulnerability): Json[] {
  const justification = v.kev ? { justification: kevLine(v.kev) } : {}
  if (v.cvss.length > 0)
    return v.cvss.map((c) => ({
      method: METHOD[c.vector.slice(0, 8)] ?? 'CVSSv2',
      vector: c.vector,
      score: c.score,
      severity: c.severity.toLowerCase(),
      ...justification,
    }))
  // no source gives a vector: the advisory database's own severity, as it states it
  const severity = SEVERITY[v.severity.toUpperCase()]
  if (severity) return [{ source: { name: v.sources[0] ?? 'osv' }, severity, method: 'other', ...justification }]
  // unrated, but known exploited: a rating that only says so
  return v.kev ? [{ method: 'other', ...justification }] : []
}

/**
 * The input's own vulnerabilities the KB does not list, each with the analysis the VEX documents sent beside it give
 * its components where one outranks its own (domain/vex/apply-vex.ts); split once per analysis, as the KB's are.
 */
export function inputVulnerabilities(
  listed: readonly Json[],
  facts: readonly ComponentFacts[],
  statements: readonly VexStatement[],
): Json[] {
  if (!statements.some((s) => s.source !== 'sbom')) return [...listed]
  const byRef = new Map(facts.map((f) => [f.ref, f]))
  return listed.flatMap((v) => {
    const references = Array.isArray(v.references) ? (v.references as Json[]) : []
    const names = [v.id, ...references.map((r) => r.id)].filter((n): n is string => typeof n === 'string')
    const groups = new Map<string, { affects: Json[]; analysis?: VexAnalysis; source?: string }>()
    for (const a of Array.isArray(v.affects) ? (v.affects as Json[]) : []) {
      const f = typeof a.ref === 'string' ? byRef.get(a.ref) : undefined
      const finding = { id: names[0] ?? '', aliases: names.slice(1), purl: f?.purl ?? '', version: f?.version }
      const [r] = f && names.length > 0 ? applyVex([finding], statements) : []
      const given = r?.analysis && r.analysisSource !== 'sbom' ? r : undefined
      const key = given ? JSON.stringify([given.analysis, given.analysisSource]) : ''
      const group = groups.get(key) ?? { affects: [], analysis: given?.analysis, source: given?.analysisSource }
      group.affects.push(a)
      groups.set(key, group)
    }
    if (groups.size === 0 || (groups.size === 1 && groups.has(''))) return [v]
    return [...groups.values()].map((g, i) => ({
      ...v,
      ...(i > 0 && typeof v['bom-ref'] === 'string' ? { 'bom-ref': `${v['bom-ref']}#${i + 1}` } : {}),
      affects: g.affects,
      ...(g.analysis
        ? {
            analysis: g.analysis,
            properties: [
              ...(Array.isArray(v.properties) ? (v.properties as Json[]) : []).filter((p) => p.name !== VEX_SOURCE),
              { name: VEX_SOURCE, value: g.source },
            ],
          }
        : {}),
    }))
  })
}
