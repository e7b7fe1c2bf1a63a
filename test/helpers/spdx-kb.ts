// Test helper for the SPDX writer's tests: a KB of FIXTURE packages (fixture-crypto, fixture-scan, fixture-hfh,
// fixture-alpha) with a FIXTURE advisory against fixture-scan 1.0.0 that has its own page, and the enriched SPDX
// document of any input over it (domain/sbom/spdx.ts), with the shapes the tests read.
import { enrichComponents } from '../../src/domain/sbom/enrich.ts'
import { readSbom } from '../../src/domain/sbom/read-input.ts'
import { enrichedSpdx, type SpdxOptions } from '../../src/domain/sbom/spdx.ts'
import { advisoryFromOsv } from '../../src/domain/vulnerabilities/osv-record.ts'
import { loadFixtureAdvisories } from './advisory-fixture.ts'
import { type IngestedFixtures, ingestedFixtures } from './ingested-fixtures.ts'

export type Json = Record<string, unknown>
export interface Pkg {
  SPDXID: string
  name: string
  licenseConcluded?: string
  licenseDeclared?: string
  downloadLocation: string
  homepage?: string
  licenseComments?: string
  checksums?: { algorithm: string; checksumValue: string }[]
  externalRefs?: { referenceCategory: string; referenceType: string; referenceLocator: string; comment?: string }[]
  annotations?: { annotationType: string; annotator: string; comment: string }[]
}
interface Relationship {
  spdxElementId: string
  relationshipType: string
  relatedSpdxElement: string
}
export type SpdxDocument = Json & { packages: Pkg[]; relationships: Relationship[] }

export const OPTIONS: SpdxOptions = {
  toolVersion: '0.1.0-test',
  sources: [{ name: 'osv:fixture', asOf: '2026-02-01' }],
  timestamp: '2026-11-27T10:20:30.456Z',
  documentNamespace: 'https://spdx.org/spdxdocs/compintel-3e671687-395b-41f5-a30f-a58921a69b79',
}
export const TOOL = 'Tool: compintel-0.1.0-test'
export const ADVISORY_PAGE = 'https://advisories.example.test/GHSA-fx00-scan-0042'

export interface SpdxKb {
  f: IngestedFixtures
  /** The enriched SPDX of a document (an object, or text as sent). */
  enriched(document: unknown): Promise<SpdxDocument>
}

export async function spdxKb(): Promise<SpdxKb> {
  const f = await ingestedFixtures(['fixture-crypto', 'fixture-scan', 'fixture-hfh', 'fixture-alpha'])
  const range = { type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '1.1.0' }] }
  const osv = {
    id: 'GHSA-fx00-scan-0042',
    aliases: ['CVE-2099-0042'],
    modified: '2026-02-01T00:00:00Z',
    summary: 'FIXTURE: out-of-bounds write in fixture-scan ring buffers',
    references: [{ type: 'ADVISORY', url: ADVISORY_PAGE }],
    severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }],
    affected: [{ package: { ecosystem: 'npm', name: 'fixture-scan' }, ranges: [range] }],
  }
  await loadFixtureAdvisories(f.storage, [advisoryFromOsv(osv, 'osv:fixture')])
  return {
    f,
    async enriched(document) {
      const input = readSbom(typeof document === 'string' ? document : JSON.stringify(document))
      const facts = await enrichComponents(input, f.t.services)
      return enrichedSpdx(input, document, facts, OPTIONS) as SpdxDocument
    },
  }
}

export const byPurl = (packages: Pkg[], purl: string) =>
  packages.find((p) => p.externalRefs?.some((r) => r.referenceLocator === purl)) as Pkg
export const comments = (p: { annotations?: unknown } | undefined) =>
  ((p?.annotations ?? []) as { comment: string }[]).map((a) => a.comment)
