// The VEX part of the enriched CycloneDX BOM (docs/sbom.md "CycloneDX out"): one vulnerability per id however many
// components it affects, with its ratings (CVSS, or the advisory's own severity where it gives no vector), CWEs,
// affected components, fixes, aliases and EPSS in properties, malicious-package reports marked, and the VEX analysis
// that applies (domain/vex): CycloneDX gives a vulnerability one analysis, so components with different analyses of
// the same vulnerability get one entry each (`vulnerability/<id>`, then `vulnerability/<id>#2`, …).
import type { Vulnerability } from '../vulnerabilities/merge.ts'
import type { AnalysedVulnerability, ComponentFacts } from './enrich.ts'

type Json = Record<string, unknown>

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
      ...(v.analysisSource ? [{ name: 'compintel:vex:source', value: v.analysisSource }] : []),
      // an OSV malicious-package report (MAL-…): the package itself is malware, not a flaw in it
      ...(v.advisoryIds.some((id) => id.startsWith('MAL-')) ? [{ name: 'compintel:malicious', value: 'true' }] : []),
      ...v.aliases.filter((a) => a !== v.id).map((a) => ({ name: 'compintel:alias', value: a })),
      ...(v.epss
        ? [
            { name: 'compintel:epss:probability', value: String(v.epss.probability) },
            { name: 'compintel:epss:percentile', value: String(v.epss.percentile) },
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

function ratings(v: Vulnerability): Json[] {
  if (v.cvss.length > 0)
    return v.cvss.map((c) => ({
      method: METHOD[c.vector.slice(0, 8)] ?? 'CVSSv2',
      vector: c.vector,
      score: c.score,
      severity: c.severity.toLowerCase(),
    }))
  // no source gives a vector: the advisory database's own severity, as it states it
  const severity = SEVERITY[v.severity.toUpperCase()]
  return severity ? [{ source: { name: v.sources[0] ?? 'osv' }, severity, method: 'other' }] : []
}
