// FIXTURE DATA, for tests only (never shipped): made-up OSV records for the fixture KB's packages and a few
// packages it does not hold, written through the real OSV mapping. Ids use the local-database prefix x_FX-.

import { advisoryFromOsv } from '../../src/domain/vulnerabilities/osv-record.ts'
import type { Advisory } from '../../src/domain/vulnerabilities/types.ts'
import { advisoryRow, packageRows } from '../../src/storage/advisory-records.ts'
import type { Storage } from '../../src/storage/database.ts'

const semver = (name: string, events: Record<string, string>[], ecosystem = 'npm') => ({
  package: { ecosystem, name },
  ranges: [{ type: 'SEMVER', events }],
})

export const FIXTURE_OSV = [
  {
    id: 'x_FX-1',
    modified: '2024-02-01T00:00:00Z',
    published: '2024-01-01T00:00:00Z',
    aliases: ['CVE-2099-0001', 'GHSA-fxfx-fxfx-0001'],
    summary: 'Prototype pollution in fx-lib',
    severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }],
    database_specific: { cwe_ids: ['CWE-1321'] },
    affected: [semver('fx-lib', [{ introduced: '0' }, { fixed: '1.3.0' }])],
  },
  {
    id: 'x_FX-OTHER-9',
    modified: '2024-03-01T00:00:00Z',
    published: '2023-12-01T00:00:00Z',
    aliases: ['GHSA-fxfx-fxfx-0001'],
    summary: '',
    database_specific: { severity: 'HIGH' },
    references: [{ type: 'ADVISORY', url: 'https://example.invalid/advisories/9' }],
    affected: [semver('fx-lib', [{ introduced: '1.0.0' }, { last_affected: '1.2.0' }])],
  },
  {
    id: 'x_FX-2',
    modified: '2024-02-01T00:00:00Z',
    aliases: ['CVE-2099-0002'],
    summary: 'ReDoS in fx-util',
    affected: [semver('fx-util', [{ introduced: '2.1.0' }, { fixed: '2.1.5' }])],
  },
  {
    id: 'x_FX-3',
    modified: '2024-02-01T00:00:00Z',
    withdrawn: '2024-05-01T00:00:00Z',
    summary: 'withdrawn: never reported',
    affected: [semver('fx-util', [{ introduced: '0' }])],
  },
  {
    id: 'MAL-2099-7',
    modified: '2024-02-01T00:00:00Z',
    published: '2024-01-15T00:00:00Z',
    summary: 'Malicious code in fx-evil (npm)',
    affected: [semver('fx-evil', [{ introduced: '0' }])],
  },
  {
    id: 'PYSEC-2099-1',
    modified: '2024-02-01T00:00:00Z',
    aliases: ['CVE-2099-0003'],
    summary: 'A PyPI package',
    affected: [
      {
        package: { ecosystem: 'PyPI', name: 'Fx_Py' },
        ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '2.10' }] }],
      },
    ],
  },
]

export const FIXTURE_ADVISORIES: Advisory[] = FIXTURE_OSV.map((r) => advisoryFromOsv(r, 'osv:fixture'))

/**
 * Writes the fixture advisories (or these), an EPSS score and a CPE product straight into a migrated KB, the
 * advisories through the writer's own row mapping (storage/advisory-records.ts), their record hash their id.
 */
export async function loadFixtureAdvisories(storage: Storage, advisories = FIXTURE_ADVISORIES): Promise<void> {
  await storage.db.transaction().execute(async (trx) => {
    const rows = advisories.map((a) => advisoryRow(a, a.id, '2026-01-01T00:00:00Z', []))
    if (rows.length > 0) await trx.insertInto('advisories').values(rows).execute()
    const packages = advisories.flatMap(packageRows)
    if (packages.length > 0) await trx.insertInto('advisory_packages').values(packages).execute()
    await trx
      .insertInto('epss_scores')
      .values({
        cve: 'CVE-2099-0001',
        probability: 0.5,
        percentile: 0.97,
        score_date: '2026-08-16',
        model_version: null,
        source: 'epss',
        as_of: '2026-01-01T00:00:00Z',
      })
      .execute()
    await trx
      .insertInto('cpe_products')
      .values({
        purl_type: 'npm',
        purl_name: 'fx-lib',
        cpe: 'cpe:2.3:a:fx:fx-lib:*:*:*:*:*:node.js:*:*',
        versions: 3,
        source: 'purl2cpe',
        as_of: '2026-01-01T00:00:00Z',
      })
      .execute()
  })
}

/** FIXTURE: a CVE with a CVSS 3.1 vector on fixture-scan before 1.1.0, for the SBOM suites. */
export const FIXTURE_SCAN_CVE = advisoryFromOsv(
  {
    id: 'x_FX-SCAN-1',
    modified: '2026-02-01T00:00:00Z',
    aliases: ['CVE-2099-0042'],
    summary: 'Out-of-bounds write in fixture-scan ring buffers',
    severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }],
    affected: [semver('fixture-scan', [{ introduced: '0' }, { fixed: '1.1.0' }])],
  },
  'osv:fixture',
)
