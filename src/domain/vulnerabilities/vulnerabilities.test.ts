// Vulnerability answers over in-memory ports (FIXTURE advisories): version choice, merging by alias, outcomes.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { knownComponent, knownVersion, memoryCatalog } from '../catalog/memory-catalog.test-helper.ts'
import { keyOf } from '../catalog/types.ts'
import { componentVulnerabilities } from './component-vulnerabilities.ts'
import type { Advisory, AdvisoryReader, EpssScore, KevEntry, PackageAdvisory } from './types.ts'

const versions = ['4.17.15', '4.17.20', '4.17.21'].map((version, i) => knownVersion(i + 1, version))
const catalog = memoryCatalog([knownComponent('fx-lodash', versions)], { exact: false })

const advisory = (id: string, source: string, extra: Partial<Advisory>): Advisory => ({
  id,
  source,
  aliases: [],
  summary: `summary of ${id}`,
  details: '',
  published: '2020-01-01T00:00:00Z',
  modified: '2021-01-01T00:00:00Z',
  withdrawn: null,
  severity: [],
  databaseSeverity: null,
  cweIds: [],
  references: [],
  affected: [],
  ...extra,
})

const pkg = (name: string, events: Record<string, string>[], versions: string[] = []) => ({
  ecosystem: 'npm',
  purlType: 'npm',
  purlName: name,
  ranges: [{ type: 'SEMVER', events }],
  versions,
})

const ADVISORIES: PackageAdvisory[] = [
  {
    advisory: advisory('x_A-1', 'osv:a', {
      aliases: ['CVE-2020-8203', 'GHSA-p6mc-m468-83gw'],
      severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:H/A:H' }],
      cweIds: ['CWE-1321'],
    }),
    affected: pkg('fx-lodash', [{ introduced: '0' }, { fixed: '4.17.20' }]),
  },
  {
    advisory: advisory('x_B-7', 'osv:b', {
      aliases: ['GHSA-p6mc-m468-83gw'],
      databaseSeverity: 'HIGH',
      published: '2019-06-01T00:00:00Z',
      references: [{ type: 'ADVISORY', url: 'https://example.invalid/b-7' }],
    }),
    affected: pkg('fx-lodash', [{ introduced: '4.0.0' }, { last_affected: '4.17.19' }]),
  },
  {
    advisory: advisory('x_C-2', 'osv:a', { aliases: ['CVE-2021-23337'] }),
    affected: pkg('fx-lodash', [{ introduced: '0' }, { fixed: '4.17.21' }]),
  },
  { advisory: advisory('MAL-2099-1', 'osv:mal', {}), affected: pkg('fx-evil', [{ introduced: '0' }]) },
  {
    advisory: advisory('x_D-1', 'osv:a', {}),
    affected: pkg('fx-unindexed', [{ introduced: '1.0.0' }, { fixed: '2.0.0' }]),
  },
]

const reader: AdvisoryReader = {
  byId: async () => [],
  async forPackages(keys) {
    const out = new Map<string, PackageAdvisory[]>()
    for (const a of ADVISORIES) {
      const k = keyOf({ type: a.affected.purlType, purlName: a.affected.purlName })
      if (keys.some((x) => keyOf(x) === k)) out.set(k, [...(out.get(k) ?? []), a])
    }
    return out
  },
  async epss(cves) {
    const score: EpssScore = {
      cve: 'CVE-2020-8203',
      probability: 0.02,
      percentile: 0.8,
      scoreDate: null,
      modelVersion: null,
    }
    return new Map(cves.includes(score.cve) ? [[score.cve, score]] : [])
  },
  async kev(cves) {
    // FIXTURE: a made-up KEV entry of CVE-2021-23337, which only x_C-2 names (as an alias)
    const entry: KevEntry = {
      cve: 'CVE-2021-23337',
      vendorProject: 'FIXTURE',
      product: 'fx-lodash',
      vulnerabilityName: 'FIXTURE command injection',
      dateAdded: '2099-01-02',
      shortDescription: 'FIXTURE',
      requiredAction: 'FIXTURE: apply updates',
      dueDate: '2099-01-23',
      knownRansomwareCampaignUse: 'Unknown',
    }
    kevAsked.push([...cves])
    return new Map(cves.includes(entry.cve) ? [[entry.cve, entry]] : [])
  },
  async cpeProducts() {
    return new Map()
  },
}
const kevAsked: string[][] = []

const run = (refs: { purl: string; requirement?: string }[]) =>
  componentVulnerabilities(refs, { catalog, advisories: reader })

test('a version before the fixes: advisories sharing an alias are one vulnerability naming both sources', async () => {
  const [r] = await run([{ purl: 'pkg:npm/fx-lodash@4.17.15' }])
  assert.equal(r?.outcome.code, 'SUCCESS')
  assert.deepEqual(
    r?.vulnerabilities.map((v) => v.id),
    ['CVE-2020-8203', 'CVE-2021-23337'],
  )
  const v = r?.vulnerabilities[0]
  assert.deepEqual(v?.sources, ['osv:a', 'osv:b'])
  assert.deepEqual(v?.advisoryIds, ['x_A-1', 'x_B-7'])
  assert.deepEqual(v?.aliases, ['CVE-2020-8203', 'GHSA-p6mc-m468-83gw'])
  assert.equal(v?.cve, 'CVE-2020-8203')
  assert.equal(v?.published, '2019-06-01T00:00:00Z')
  assert.equal(v?.severity, 'High') // the CVSS vector's band (7.4)
  assert.deepEqual(v?.cvss, [{ vector: 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:H/A:H', score: 7.4, severity: 'High' }])
  assert.deepEqual(v?.epss, { probability: 0.02, percentile: 0.8, scoreDate: null })
  assert.deepEqual(v?.cweIds, ['CWE-1321'])
  assert.deepEqual(v?.fixedVersions, ['4.17.20'])
  assert.equal(v?.url, 'https://nvd.nist.gov/vuln/detail/CVE-2020-8203')
})

test('the fixed version is clean; a range resolves to the highest version and says which', async () => {
  const [fixed, ranged] = await run([
    { purl: 'pkg:npm/fx-lodash@4.17.21' },
    { purl: 'pkg:npm/fx-lodash', requirement: '<4.17.21' },
  ])
  assert.deepEqual(fixed?.vulnerabilities, [])
  assert.equal(ranged?.version, '4.17.20')
  assert.deepEqual(
    ranged?.vulnerabilities.map((v) => v.id),
    ['CVE-2021-23337'],
  )
})

test('packages the KB does not know: exact versions are evaluated, malware shows without a version', async () => {
  const [exact, evil, ranged, nothing] = await run([
    { purl: 'pkg:npm/fx-unindexed', requirement: '1.5.0' },
    { purl: 'pkg:npm/fx-evil' },
    { purl: 'pkg:npm/fx-unindexed', requirement: '^1.0.0' },
    { purl: 'pkg:npm/fx-nobody@1.0.0' },
  ])
  assert.equal(exact?.version, '1.5.0')
  assert.deepEqual(
    exact?.vulnerabilities.map((v) => v.id),
    ['x_D-1'],
  )
  assert.equal(evil?.outcome.code, 'SUCCESS')
  assert.deepEqual(
    evil?.vulnerabilities.map((v) => [v.id, v.url]),
    [['MAL-2099-1', 'https://osv.dev/vulnerability/MAL-2099-1']],
  )
  assert.equal(ranged?.outcome.code, 'VERSION_NOT_FOUND')
  assert.deepEqual(ranged?.vulnerabilities, [])
  assert.equal(nothing?.outcome.code, 'COMPONENT_NOT_FOUND')
})

test('malformed input keeps its outcome and request order', async () => {
  const r = await run([
    { purl: 'nope' },
    { purl: 'pkg:npm/fx-lodash', requirement: '>>1' },
    { purl: 'pkg:npm/fx-lodash@9.9.9' },
  ])
  assert.deepEqual(
    r.map((x) => x.outcome.code),
    ['INVALID_PURL', 'INVALID_SEMVER', 'SUCCESS'],
  )
  assert.deepEqual(r[2]?.vulnerabilities, [])
  assert.equal(r[2]?.version, '9.9.9')
})

test('KEV is joined by alias too, in one query per batch: only the vulnerability whose CVE is listed carries it', async () => {
  kevAsked.length = 0
  const [old, evil] = await run([{ purl: 'pkg:npm/fx-lodash@4.17.15' }, { purl: 'pkg:npm/fx-evil@1.0.0' }])
  assert.equal(kevAsked.length, 1, 'one KEV read for the whole batch')
  assert.deepEqual(kevAsked[0]?.toSorted(), ['CVE-2020-8203', 'CVE-2021-23337'])
  const listed = old?.vulnerabilities.find((v) => v.id === 'CVE-2021-23337')
  assert.deepEqual(listed?.advisoryIds, ['x_C-2'], 'named only as an alias of x_C-2')
  assert.deepEqual(listed?.kev, {
    cve: 'CVE-2021-23337',
    vendorProject: 'FIXTURE',
    product: 'fx-lodash',
    vulnerabilityName: 'FIXTURE command injection',
    dateAdded: '2099-01-02',
    requiredAction: 'FIXTURE: apply updates',
    dueDate: '2099-01-23',
    knownRansomwareCampaignUse: 'Unknown',
  })
  assert.equal(old?.vulnerabilities.find((v) => v.id === 'CVE-2020-8203')?.kev, undefined)
  assert.ok(evil?.vulnerabilities.every((v) => v.kev === undefined))
})
