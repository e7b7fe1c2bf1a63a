// The same vulnerability from several sources (advisories sharing an id or alias: CVE, GHSA, …) becomes one answer
// naming every source; its fields come from the members in a fixed order, so answers are stable.
import { type CvssEntry, cvssEntry, severityWord } from './cvss.ts'
import { isCve, type KevFact, listedKev } from './kev.ts'
import { fixedVersions } from './osv-match.ts'
import type { EpssScore, KevEntry, PackageAdvisory } from './types.ts'

export interface Vulnerability {
  /** The CVE when there is one (as the reference does), otherwise the advisory id. */
  id: string
  cve: string
  url: string
  summary: string
  severity: string
  published: string
  modified: string
  sources: string[]
  advisoryIds: string[]
  aliases: string[]
  cweIds: string[]
  fixedVersions: string[]
  cvss: CvssEntry[]
  epss?: { probability: number; percentile: number; scoreDate: string | null }
  /** CISA lists one of its CVEs as known exploited (KEV); absent when the catalogue lists none. */
  kev?: KevFact
}

/** What vulnerability answers join by CVE, each read in one query per batch. */
export interface CveFacts {
  epss: Map<string, EpssScore>
  kev: Map<string, KevEntry>
}

/** Groups matched advisories that share an id or alias, then builds one vulnerability per group. */
export function mergeAdvisories(matched: readonly PackageAdvisory[], facts: CveFacts): Vulnerability[] {
  // union-find over names: every advisory joins the set of its id and each of its aliases
  const parent = new Map<string, string>()
  const find = (n: string): string => {
    const p = parent.get(n) ?? n
    if (p === n) return n
    const root = find(p)
    parent.set(n, root)
    return root
  }
  for (const m of matched) for (const alias of m.advisory.aliases) parent.set(find(alias), find(m.advisory.id))
  const groups = new Map<string, PackageAdvisory[]>()
  for (const m of matched) {
    const root = find(m.advisory.id)
    groups.set(root, [...(groups.get(root) ?? []), m])
  }
  return [...groups.values()]
    .map((g) => toVulnerability(g, facts))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

/** CVE ids named by these advisories, as ids or aliases (for the EPSS and KEV lookups). */
export function cvesOf(matched: readonly PackageAdvisory[]): string[] {
  return [...new Set(matched.flatMap((m) => [m.advisory.id, ...m.advisory.aliases].filter(isCve)))]
}

function toVulnerability(group: PackageAdvisory[], facts: CveFacts): Vulnerability {
  const members = [...group].sort((a, b) => (a.advisory.id < b.advisory.id ? -1 : 1))
  const first = members[0] as PackageAdvisory
  const names = [...new Set(members.flatMap((m) => [m.advisory.id, ...m.advisory.aliases]))]
  const cve = names.filter(isCve).sort()[0] ?? ''
  const cvss = dedupe(members.flatMap((m) => m.advisory.severity.map((s) => cvssEntry(s.score))))
  const worst = cvss.reduce<CvssEntry | undefined>((w, c) => (!w || c.score > w.score ? c : w), undefined)
  const words = members.map((m) => severityWord(m.advisory.databaseSeverity)).filter((w) => w !== undefined)
  const score = cve ? facts.epss.get(cve) : undefined
  const kev = listedKev(names, facts.kev)
  const ids = members.map((m) => m.advisory.id)
  return {
    id: cve || first.advisory.id,
    cve,
    url: urlOf(first, cve),
    summary: members.map((m) => m.advisory.summary).find((s) => s) ?? '',
    severity: worst?.severity ?? words[0] ?? '',
    published: earliest(members.map((m) => m.advisory.published)),
    modified: latest(members.map((m) => m.advisory.modified)),
    sources: [...new Set(members.flatMap((m) => [m.advisory.source, ...(m.advisory.otherSources ?? [])]))],
    advisoryIds: ids,
    aliases: names.filter((n) => !ids.includes(n)).sort(),
    cweIds: [...new Set(members.flatMap((m) => m.advisory.cweIds))].sort(),
    fixedVersions: [...new Set(members.flatMap((m) => fixedVersions(m.affected)))],
    cvss,
    ...(score
      ? { epss: { probability: score.probability, percentile: score.percentile, scoreDate: score.scoreDate } }
      : {}),
    ...(kev ? { kev } : {}),
  }
}

/** The advisory's own page when it names one; else the CVE's NVD page; else its first reference. */
function urlOf(a: PackageAdvisory, cve: string): string {
  const refs = a.advisory.references
  const advisory = refs.find((r) => r.type === 'ADVISORY')?.url
  if (advisory) return advisory
  if (cve) return `https://nvd.nist.gov/vuln/detail/${cve}`
  if (/^(MAL|PYSEC|GO|RUSTSEC|GHSA)-/.test(a.advisory.id)) return `https://osv.dev/vulnerability/${a.advisory.id}`
  return refs[0]?.url ?? ''
}

function dedupe(list: (CvssEntry | undefined)[]): CvssEntry[] {
  const seen = new Map<string, CvssEntry>()
  for (const c of list) if (c && !seen.has(c.vector)) seen.set(c.vector, c)
  return [...seen.values()]
}

function earliest(dates: (string | null)[]): string {
  return dates.filter((d): d is string => !!d).sort()[0] ?? ''
}

function latest(dates: (string | null)[]): string {
  return (
    dates
      .filter((d): d is string => !!d)
      .sort()
      .at(-1) ?? ''
  )
}
