// The VEX part of the enriched CycloneDX BOM (docs/sbom.md "CycloneDX out"): one vulnerability per id however many
// components it affects, with its ratings (CVSS, or the advisory's own severity where it gives no vector), CWEs,
// affected components, fixes, aliases, EPSS and CISA's KEV entry in properties, malicious-package reports marked.
import type { Vulnerability } from '../vulnerabilities/merge.ts'
import type { ComponentFacts } from './enrich.ts'

type Json = Record<string, unknown>

const METHOD: Record<string, string> = { 'CVSS:3.0': 'CVSSv3', 'CVSS:3.1': 'CVSSv31', 'CVSS:4.0': 'CVSSv4' }

export function vulnerabilityList(facts: readonly ComponentFacts[]): Json[] {
  const byId = new Map<string, { v: Vulnerability; affects: Json[] }>()
  for (const f of facts)
    for (const v of f.vulnerabilities) {
      const entry = byId.get(v.id) ?? { v, affects: [] }
      entry.affects.push({ ref: f.ref, versions: [{ version: f.version, status: 'affected' }] })
      byId.set(v.id, entry)
    }
  return [...byId.values()].map(({ v, affects }) => ({
    'bom-ref': `vulnerability/${v.id}`,
    id: v.id,
    source: { name: v.sources[0] ?? 'osv', ...(v.url ? { url: v.url } : {}) },
    ratings: ratings(v),
    cwes: v.cweIds.flatMap((c) => (/^CWE-\d+$/.test(c) ? [Number(c.slice(4))] : [])),
    ...(v.summary ? { description: v.summary } : {}),
    ...(v.published ? { published: v.published } : {}),
    ...(v.modified ? { updated: v.modified } : {}),
    ...(v.fixedVersions.length > 0 ? { recommendation: `Upgrade to ${v.fixedVersions.join(' or ')}` } : {}),
    affects,
    properties: [
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
