// Response schemas of the vulnerabilities area (docs/api-behaviour.md "Vulnerabilities" and "CPEs").
import { Type } from 'typebox'
import { OutcomeFields } from './components.ts'

/** CISA's KEV entry of a vulnerability (domain/vulnerabilities/kev.ts kevFields). */
export const KevSchema = Type.Object(
  {
    cve: Type.String({ description: "the CVE the catalogue lists (the vulnerability's id or an alias)" }),
    date_added: Type.String({ description: 'YYYY-MM-DD: when CISA added it to the catalogue' }),
    due_date: Type.String({ description: 'YYYY-MM-DD: when the required action is due' }),
    known_ransomware_campaign_use: Type.String({ description: 'Known or Unknown' }),
    vendor_project: Type.String(),
    product: Type.String(),
    vulnerability_name: Type.String(),
    required_action: Type.String(),
  },
  {
    description:
      "CISA's catalogue of known exploited vulnerabilities lists it (absent when it does not; docs/vulnerabilities.md)",
  },
)

const VulnerabilitySchema = Type.Object({
  id: Type.String({ description: 'the CVE when there is one, otherwise the advisory id' }),
  cve: Type.String(),
  url: Type.String(),
  summary: Type.String(),
  severity: Type.String({ description: 'None, Low, Medium, High or Critical ("" when no source rates it)' }),
  published: Type.String({ description: 'ISO 8601' }),
  modified: Type.String({ description: 'ISO 8601' }),
  source: Type.String({ description: 'every source that reports it, comma-separated (e.g. osv:retirejs)' }),
  cvss: Type.Array(
    Type.Object({
      cvss: Type.String({ description: 'vector' }),
      cvss_score: Type.Number(),
      cvss_severity: Type.String(),
    }),
  ),
  epss: Type.Optional(
    Type.Object({ probability: Type.Number(), percentile: Type.Number(), score_date: Type.String() }),
  ),
  kev: Type.Optional(KevSchema),
  sources: Type.Array(Type.String()),
  advisory_ids: Type.Array(Type.String({ description: 'the advisories merged into this answer' })),
  aliases: Type.Array(Type.String()),
  cwe_ids: Type.Array(Type.String()),
  fixed_versions: Type.Array(Type.String()),
})

const upgrade = (description: string) =>
  Type.Union(
    [
      Type.Object({
        version: Type.String(),
        same_major: Type.Boolean({ description: "whether it has the evaluated version's major" }),
      }),
      Type.Null(),
    ],
    { description },
  )

export const VulnerabilityResultSchema = Type.Object({
  purl: Type.String(),
  requirement: Type.String(),
  version: Type.String({ description: 'the version evaluated ("" when none could be determined)' }),
  vulnerabilities: Type.Array(VulnerabilitySchema),
  remediation: Type.Optional(
    Type.Object(
      {
        fixes_all: upgrade('the nearest later version no known advisory of the package affects; null when none is'),
        fixes_severe: Type.Optional(
          upgrade('the nearest later version no Critical or High vulnerability affects; only when a finding is one'),
        ),
      },
      { description: 'compintel: the nearest upgrades that fix the findings; absent when there is none' },
    ),
  ),
  ...OutcomeFields,
})

export const CpeResultSchema = Type.Object({
  purl: Type.String(),
  requirement: Type.String(),
  version: Type.String(),
  cpes: Type.Array(Type.String({ description: 'CPE 2.3 formatted string' })),
  ...OutcomeFields,
})
