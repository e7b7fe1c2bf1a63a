// The facts an SBOM enrichment gathers (domain/sbom/enrich.ts) from a KB of FIXTURE packages ingested through the
// real analyzers (fixture-crypto, fixture-scan with a FIXTURE advisory): licenses, vulnerabilities and algorithms
// per component in input order, and why a component could not be enriched.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { enrichedCycloneDx } from '../src/domain/sbom/cyclonedx.ts'
import { enrichComponents } from '../src/domain/sbom/enrich.ts'
import { readSbom } from '../src/domain/sbom/read-input.ts'
import { advisoryFromOsv } from '../src/domain/vulnerabilities/osv-record.ts'
import { loadFixtureAdvisories } from './helpers/advisory-fixture.ts'
import { cycloneDxErrors } from './helpers/cyclonedx-schema.ts'
import { type IngestedFixtures, ingestedFixtures } from './helpers/ingested-fixtures.ts'

let f: IngestedFixtures
before(async () => {
  f = await ingestedFixtures(['fixture-crypto', 'fixture-scan', 'fixture-hfh'])
  const osv = {
    id: 'x_FX-SCAN-1',
    modified: '2026-02-01T00:00:00Z',
    aliases: ['CVE-2099-0042'],
    summary: 'Out-of-bounds write in fixture-scan ring buffers',
    severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }],
    affected: [
      {
        package: { ecosystem: 'npm', name: 'fixture-scan' },
        ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '1.1.0' }] }],
      },
    ],
  }
  await loadFixtureAdvisories(f.storage, [advisoryFromOsv(osv, 'osv:fixture')])
})
after(() => f.close())

test('licenses, vulnerabilities and algorithms of each component, in input order; problems named', async () => {
  const bom = {
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    components: [
      { 'bom-ref': 'scan', type: 'library', name: 'fixture-scan', purl: 'pkg:npm/fixture-scan@1.0.0' },
      { 'bom-ref': 'crypto', type: 'library', name: 'fixture-crypto', purl: 'pkg:npm/fixture-crypto@1.1.0' },
      { 'bom-ref': 'gone', type: 'library', name: 'fx-nowhere', purl: 'pkg:npm/fx-nowhere@1.0.0' },
    ],
  }
  const [scan, crypto, gone] = await enrichComponents(readSbom(JSON.stringify(bom)), f.t.services)
  assert.deepEqual([scan?.ref, scan?.version, scan?.licenses.statement], ['scan', '1.0.0', 'MIT'])
  assert.deepEqual(
    scan?.vulnerabilities.map((v) => [v.id, v.cvss[0]?.score, v.fixedVersions]),
    [['CVE-2099-0042', 9.8, ['1.1.0']]],
  )
  assert.deepEqual(scan?.algorithms, [{ algorithm: 'sha1', strength: 'Weak' }])
  assert.deepEqual(scan?.problems, [])
  assert.deepEqual(
    crypto?.algorithms.map((a) => a.algorithm),
    ['aes', 'gcm', 'sha2'],
  )
  assert.equal(gone?.version, '')
  assert.deepEqual(
    gone?.problems.map((p) => [p.question, p.outcome.code]),
    [
      ['licenses', 'COMPONENT_NOT_FOUND'],
      ['vulnerabilities', 'COMPONENT_NOT_FOUND'],
      ['cryptography', 'COMPONENT_NOT_FOUND'],
    ],
  )
})

test('the enriched CycloneDX BOM (1.6 and 1.7) validates against the official schema, with VEX and CBOM', async () => {
  const bom = {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    metadata: { component: { type: 'application', name: 'fx-app', 'bom-ref': 'app' } },
    components: [
      { 'bom-ref': 'scan', type: 'library', name: 'fixture-scan', purl: 'pkg:npm/fixture-scan@1.0.0' },
      { type: 'library', name: 'fixture-crypto', purl: 'pkg:npm/fixture-crypto@1.1.0' },
      { 'bom-ref': 'gone', type: 'library', name: 'fx-nowhere', purl: 'pkg:npm/fx-nowhere@1.0.0' },
      { type: 'file', name: 'notes.txt' },
    ],
    dependencies: [{ ref: 'app', dependsOn: ['scan'] }],
  }
  const input = readSbom(JSON.stringify(bom))
  const facts = await enrichComponents(input, f.t.services)
  for (const specVersion of ['1.6', '1.7'] as const) {
    const out = enrichedCycloneDx(input, bom, facts, {
      specVersion,
      toolVersion: '0.1.0-test',
      sources: [{ name: 'osv:fixture', asOf: '2026-02-01' }],
      serialNumber: 'urn:uuid:3e671687-395b-41f5-a30f-a58921a69b79',
      timestamp: '2026-11-26T00:00:00Z',
    })
    assert.deepEqual(cycloneDxErrors(out), [], specVersion)
    assert.notDeepEqual(
      cycloneDxErrors({ ...out, components: [{ type: 'bogus', name: 'x' }] }),
      [],
      'the check can fail',
    )
    const components = out.components as { 'bom-ref'?: string; type: string; name: string; licenses?: unknown }[]
    assert.deepEqual(
      components.filter((c) => c.type === 'cryptographic-asset').map((c) => c.name),
      ['sha1', 'aes', 'gcm', 'sha2'],
    )
    assert.deepEqual(out.dependencies, [
      { ref: 'app', dependsOn: ['scan'] },
      { ref: 'scan', provides: ['crypto/algorithm/sha1'] },
      { ref: 'component 2', provides: ['crypto/algorithm/aes', 'crypto/algorithm/gcm', 'crypto/algorithm/sha2'] },
    ])
    const [vuln] = out.vulnerabilities as {
      id: string
      affects: unknown
      ratings: { method: string; score: number }[]
    }[]
    assert.equal(vuln?.id, 'CVE-2099-0042')
    assert.deepEqual(vuln?.affects, [{ ref: 'scan', versions: [{ version: '1.0.0', status: 'affected' }] }])
    assert.deepEqual(
      vuln?.ratings.map((r) => [r.method, r.score]),
      [['CVSSv31', 9.8]],
    )
    assert.deepEqual(components[0]?.licenses, [{ expression: 'MIT' }])
    assert.ok(JSON.stringify(components[2]).includes('compintel:not-enriched:licenses'))
  }
})
