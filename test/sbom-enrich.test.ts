// The facts an SBOM enrichment gathers (domain/sbom/enrich.ts) from a KB of FIXTURE packages ingested through the
// real analyzers (fixture-crypto with a FIXTURE malicious-package report, fixture-scan with a FIXTURE advisory,
// fixture-alpha with a LICENSE file): licenses and where they come from, vulnerabilities and algorithms per component in
// input order, and why a component could not be enriched; and the CycloneDX BOM written from them.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { enrichedCycloneDx } from '../src/domain/sbom/cyclonedx.ts'
import { enrichComponents } from '../src/domain/sbom/enrich.ts'
import { readSbom } from '../src/domain/sbom/read-input.ts'
import { advisoryFromOsv } from '../src/domain/vulnerabilities/osv-record.ts'
import { loadCatalogue } from '../src/ingest/crypto/catalogue.ts'
import { loadFixtureAdvisories } from './helpers/advisory-fixture.ts'
import { cycloneDxErrors } from './helpers/cyclonedx-schema.ts'
import { type IngestedFixtures, ingestedFixtures } from './helpers/ingested-fixtures.ts'

let f: IngestedFixtures
before(async () => {
  f = await ingestedFixtures(['fixture-crypto', 'fixture-scan', 'fixture-hfh', 'fixture-alpha'])
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
  // FIXTURE: a malicious-package report as OSV's malicious-packages feed writes them (MAL- id, every version)
  const mal = {
    id: 'MAL-2099-0007',
    modified: '2026-02-02T00:00:00Z',
    summary: 'Malicious code in fixture-crypto (npm)',
    affected: [{ package: { ecosystem: 'npm', name: 'fixture-crypto' }, versions: ['1.0.0', '1.1.0', '2.0.0'] }],
  }
  await loadFixtureAdvisories(f.storage, [advisoryFromOsv(osv, 'osv:fixture'), advisoryFromOsv(mal, 'osv:mal')])
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
      { 'bom-ref': 'alpha', type: 'library', name: 'fixture-alpha', purl: 'pkg:npm/fixture-alpha@1.1.0' },
    ],
  }
  const [scan, crypto, gone, alpha] = await enrichComponents(readSbom(JSON.stringify(bom)), f.t.services)
  assert.deepEqual([scan?.ref, scan?.version, scan?.licenses.statement], ['scan', '1.0.0', 'MIT'])
  // the statement alone does not say where MIT comes from: the origin does (package.json; LICENSE file)
  assert.deepEqual(scan?.licenseOrigin, { declaredExpression: 'MIT', declaredText: '', detected: [] })
  assert.deepEqual(alpha?.licenseOrigin, { declaredExpression: 'MIT', declaredText: '', detected: ['MIT'] })
  assert.deepEqual(gone?.licenseOrigin, { declaredExpression: '', declaredText: '', detected: [] })
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
      {
        'bom-ref': 'alpha',
        type: 'library',
        name: 'fixture-alpha',
        purl: 'pkg:npm/fixture-alpha@1.1.0',
        licenses: [{ license: { id: 'MIT' } }],
        externalReferences: [{ type: 'website', url: 'https://www.npmjs.com/package/fixture-alpha' }],
      },
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
      catalogue: loadCatalogue(),
    })
    assert.deepEqual(cycloneDxErrors(out), [], specVersion)
    assert.notDeepEqual(
      cycloneDxErrors({ ...out, components: [{ type: 'bogus', name: 'x' }] }),
      [],
      'the check can fail',
    )
    const components = out.components as Component[]
    const byRef = new Map(components.map((c) => [c['bom-ref'], c]))
    const assets = components.filter((c) => c.type === 'cryptographic-asset')
    // named and described from the CBOM table (data/crypto-cbom); the mode the analysis found is its cipher's
    const family = (name: string) => (specVersion === '1.7' ? { algorithmFamily: name } : {})
    assert.deepEqual(
      assets.map((c) => [c['bom-ref'], c.name, c.cryptoProperties?.algorithmProperties, c.cryptoProperties?.oid]),
      [
        [
          'crypto/algorithm/sha1',
          'SHA-1',
          { primitive: 'hash', ...family('SHA-1'), nistQuantumSecurityLevel: 0 },
          '1.3.14.3.2.26',
        ],
        [
          'crypto/algorithm/aes/gcm',
          'AES-GCM',
          {
            primitive: 'block-cipher',
            ...family('AES'),
            mode: 'gcm',
            classicalSecurityLevel: 128,
            nistQuantumSecurityLevel: 1,
          },
          '2.16.840.1.101.3.4.1',
        ],
        [
          'crypto/algorithm/sha2',
          'SHA-2',
          { primitive: 'hash', ...family('SHA-2'), classicalSecurityLevel: 112 },
          undefined,
        ],
      ],
    )
    assert.deepEqual(assets[0]?.properties, [
      { name: 'compintel:algorithm-id', value: 'sha1' },
      { name: 'compintel:algorithm-category', value: 'Hash Functions' },
      { name: 'compintel:strength', value: 'Weak' },
      { name: 'compintel:catalogue-strength-bits', value: '160' },
    ])
    assert.deepEqual(out.dependencies, [
      { ref: 'app', dependsOn: ['scan'] },
      { ref: 'scan', provides: ['crypto/algorithm/sha1'] },
      { ref: 'component 2', provides: ['crypto/algorithm/aes/gcm', 'crypto/algorithm/sha2'] },
    ])
    const vulns = out.vulnerabilities as {
      id: string
      affects: unknown
      ratings: { method: string; score: number }[]
      properties: { name: string; value: string }[]
    }[]
    const [vuln, malware] = vulns
    assert.equal(vuln?.id, 'CVE-2099-0042')
    assert.deepEqual(vuln?.affects, [{ ref: 'scan', versions: [{ version: '1.0.0', status: 'affected' }] }])
    assert.deepEqual(
      vuln?.ratings.map((r) => [r.method, r.score]),
      [['CVSSv31', 9.8]],
    )
    assert.ok(!vuln?.properties.some((p) => p.name === 'compintel:malicious'), 'a flaw is not malware')
    assert.equal(malware?.id, 'MAL-2099-0007')
    assert.deepEqual(malware?.affects, [{ ref: 'component 2', versions: [{ version: '1.1.0', status: 'affected' }] }])
    assert.deepEqual(
      malware?.properties.filter((p) => p.name === 'compintel:malicious'),
      [{ name: 'compintel:malicious', value: 'true' }],
    )
    // declared in package.json: acknowledged as declared; the registry page as the distribution reference
    const scan = byRef.get('scan')
    assert.deepEqual(scan?.licenses, [{ expression: 'MIT', acknowledgement: 'declared' }])
    assert.equal(scan?.evidence, undefined, 'no license file, no evidence')
    assert.deepEqual(scan?.externalReferences, [
      {
        type: 'distribution',
        url: 'https://www.npmjs.com/package/fixture-scan',
        comment: "The package's page on its registry",
      },
    ])
    // what the input stated is kept and not repeated; the LICENSE file found is observed evidence, not concluded
    const alpha = byRef.get('alpha')
    assert.deepEqual(alpha?.licenses, [{ license: { id: 'MIT' } }])
    assert.deepEqual(alpha?.evidence, { licenses: [{ license: { id: 'MIT' } }] })
    assert.deepEqual(alpha?.externalReferences, [
      { type: 'website', url: 'https://www.npmjs.com/package/fixture-alpha' },
    ])
    assert.ok(JSON.stringify(byRef.get('gone')).includes('compintel:not-enriched:licenses'))
    assert.equal(byRef.get('gone')?.licenses, undefined)
  }
})

interface Component {
  'bom-ref'?: string
  type?: string
  name?: string
  licenses?: unknown
  evidence?: unknown
  externalReferences?: unknown
  properties?: unknown
  cryptoProperties?: { algorithmProperties?: unknown; oid?: string }
}
