// Domain results of the vulnerabilities area → their snake_case wire objects.
import type { CpeResult } from '../../../domain/vulnerabilities/component-cpes.ts'
import type { VulnerabilityResult } from '../../../domain/vulnerabilities/component-vulnerabilities.ts'
import type { Vulnerability } from '../../../domain/vulnerabilities/merge.ts'
import { errorFields } from '../../shared/batch.ts'

function vulnerability(v: Vulnerability) {
  return {
    id: v.id,
    cve: v.cve,
    url: v.url,
    summary: v.summary,
    severity: v.severity,
    published: v.published,
    modified: v.modified,
    source: v.sources.join(', '),
    cvss: v.cvss.map((c) => ({ cvss: c.vector, cvss_score: c.score, cvss_severity: c.severity })),
    ...(v.epss
      ? { epss: { probability: v.epss.probability, percentile: v.epss.percentile, score_date: v.epss.scoreDate ?? '' } }
      : {}),
    sources: v.sources,
    advisory_ids: v.advisoryIds,
    aliases: v.aliases,
    cwe_ids: v.cweIds,
    fixed_versions: v.fixedVersions,
  }
}

export function vulnerabilityResult(r: VulnerabilityResult) {
  return {
    purl: r.purl,
    requirement: r.requirement,
    version: r.version,
    vulnerabilities: r.vulnerabilities.map(vulnerability),
    ...errorFields(r.outcome),
  }
}

export function cpeResult(r: CpeResult) {
  return { purl: r.purl, requirement: r.requirement, version: r.version, cpes: r.cpes, ...errorFields(r.outcome) }
}
