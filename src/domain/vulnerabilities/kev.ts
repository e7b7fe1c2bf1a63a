// A vulnerability's KEV entry (CISA's catalogue of known exploited vulnerabilities) as every answer writes it: the
// vulnerabilities endpoints, the scan's vulnerabilities block and the enriched SBOMs (docs/vulnerabilities.md
// "Known exploited").
import type { KevEntry } from './types.ts'

/** The KEV entry of a vulnerability: which of its CVEs the catalogue lists, and what it says. */
export type KevFact = Omit<KevEntry, 'shortDescription'>

export function isCve(s: string): boolean {
  return /^CVE-\d{4}-\d+$/.test(s)
}

/** The entry of the first CVE (in order) among these names (ids and aliases) that the catalogue lists. */
export function listedKev(names: readonly string[], kev: ReadonlyMap<string, KevEntry>): KevFact | undefined {
  const entry = names
    .filter(isCve)
    .sort()
    .map((c) => kev.get(c))
    .find((k) => k !== undefined)
  if (!entry) return undefined
  const { shortDescription: _, ...fact } = entry
  return fact
}

/** The wire object (snake_case), the same in every answer that carries it. */
export function kevFields(k: KevFact) {
  return {
    cve: k.cve,
    date_added: k.dateAdded,
    due_date: k.dueDate,
    known_ransomware_campaign_use: k.knownRansomwareCampaignUse,
    vendor_project: k.vendorProject,
    product: k.product,
    vulnerability_name: k.vulnerabilityName,
    required_action: k.requiredAction,
  }
}

/** One line for a document's text (SPDX comments, CycloneDX justifications). */
export function kevLine(k: KevFact): string {
  const ransomware = k.knownRansomwareCampaignUse === 'Known' ? '; known ransomware campaign use' : ''
  return `Known exploited: ${k.cve} in CISA's KEV catalogue since ${k.dateAdded} (action due ${k.dueDate}${ransomware})`
}
