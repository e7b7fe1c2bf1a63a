// A vulnerability's KEV entry (CISA's catalogue of known exploited vulnerabilities) as every answer writes it: the
// vulnerabilities endpoints, the scan's vulnerabilities block and the enriched SBOMs (docs/vulnerabilities.md
// "Known exploited").
import type { KevFact } from './merge.ts'

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
