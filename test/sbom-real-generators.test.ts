// Round trips of SBOMs nobody here wrote, on the shipped seed KB (real data): the BOM that @cyclonedx/cyclonedx-npm
// 6.0.1 (the CycloneDX project's generator) wrote for a FIXTURE project's lockfile of real packages (lodash 4.17.15,
// crypto-js 4.2.0), kept as test/fixtures/sbom-project/bom.cdx.json with the command that made it in that folder's
// README (the generator is not a dependency: it brings libxmljs2, whose install compiles C++, docs/packages.md). The
// BOM is enriched through POST /v2/sbom/enrich, validated against the official schema, and carries the facts the
// seed's sources hold: lodash's CVE-2020-8203 with EPSS, crypto-js's AES and MD5.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, test } from 'node:test'
import type { TestApp } from './helpers/app.ts'
import { cycloneDxErrors } from './helpers/cyclonedx-schema.ts'
import { closeSeededApp, seededApp } from './helpers/seeded-app.ts'
import { spdxMessages } from './helpers/spdx-validate.ts'

const GENERATED = new URL('./fixtures/sbom-project/bom.cdx.json', import.meta.url)

let t: TestApp
let generated: Record<string, unknown>
before(async () => {
  t = await seededApp()
  generated = JSON.parse(readFileSync(GENERATED, 'utf8')) as Record<string, unknown>
})
after(() => closeSeededApp(t))

type Bom = {
  specVersion: string
  metadata: { tools: { components: { name: string; version?: string }[] }; component: { name: string } }
  components: {
    'bom-ref': string
    type: string
    name: string
    purl?: string
    cryptoProperties?: { assetType: string; oid?: string }
    properties?: { name: string; value: string }[]
  }[]
  dependencies: { ref: string; dependsOn?: string[]; provides?: string[] }[]
  vulnerabilities: {
    id: string
    ratings: { severity: string; vector?: string }[]
    affects: { ref: string }[]
    properties: { name: string; value: string }[]
  }[]
}

async function enrich(document: unknown, format: string): Promise<Bom> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/v2/sbom/enrich?format=${format}`,
    headers: { 'x-api-key': t.keys.full, 'content-type': 'application/vnd.cyclonedx+json' },
    payload: JSON.stringify(document),
  })
  assert.equal(res.statusCode, 200, res.body)
  return res.json()
}

test('cyclonedx-npm: the generated BOM is enriched, still valid, its own content kept', async () => {
  assert.deepEqual(cycloneDxErrors(generated as { specVersion: string }), [], 'the generator writes valid BOMs')
  const tool = (generated as Bom).metadata.tools.components.find((c) => c.name === 'cyclonedx-npm')
  assert.equal(tool?.version, '6.0.1', "the BOM is the generator's, as its README says")
  for (const format of ['cyclonedx-1.6', 'cyclonedx-1.7']) {
    const bom = await enrich(generated, format)
    assert.deepEqual(cycloneDxErrors(bom), [], format)
    assert.equal(bom.metadata.component.name, 'fixture-sbom-project')
    const tools = bom.metadata.tools.components.map((c) => c.name)
    assert.ok(tools.includes('cyclonedx-npm') && tools.includes('compintel'), tools.join(', '))
    const refs = new Set(bom.dependencies.map((d) => d.ref))
    assert.equal(refs.size, bom.dependencies.length, 'one dependencies entry per ref')

    const lodash = bom.components.find((c) => c.purl === 'pkg:npm/lodash@4.17.15')
    assert.ok(lodash)
    const cve = bom.vulnerabilities.find((v) => v.id === 'CVE-2020-8203')
    assert.ok(cve, bom.vulnerabilities.map((v) => v.id).join(', '))
    assert.deepEqual(
      cve.affects.map((a) => a.ref),
      [lodash['bom-ref']],
    )
    assert.ok(
      cve.ratings.some((r) => r.severity === 'high'),
      JSON.stringify(cve.ratings),
    )
    const epss = Number(cve.properties.find((p) => p.name === 'compintel:epss:probability')?.value)
    assert.ok(epss > 0 && epss < 1, `EPSS ${epss}`)
    // the nearest upgrade that fixes them (test/remediation-seed.test.ts says why it is 4.18.0); the VEX entries keep
    // their own recommendation
    assert.deepEqual(
      lodash.properties?.filter((p) => p.name.startsWith('compintel:remediation:')),
      [
        { name: 'compintel:remediation:fixes_all', value: '4.18.0' },
        { name: 'compintel:remediation:fixes_severe', value: '4.18.0' },
      ],
    )
    assert.equal((cve as { recommendation?: string }).recommendation, 'Upgrade to 4.17.19')

    const cryptoJs = bom.components.find((c) => c.purl === 'pkg:npm/crypto-js@4.2.0')
    assert.ok(cryptoJs)
    const provided = bom.dependencies.find((d) => d.ref === cryptoJs['bom-ref'])?.provides ?? []
    const assets = new Map(bom.components.filter((c) => c.type === 'cryptographic-asset').map((c) => [c['bom-ref'], c]))
    // crypto-js's AES, once per mode its analysis found (a mode is a property of its cipher, never an asset), with
    // the AES OID arc (the key size is not seen) and the lowest NIST quantum category of AES (AES-128: 1)
    const aes = provided.filter((ref) => ref.startsWith('crypto/algorithm/aes/'))
    assert.ok(aes.includes('crypto/algorithm/aes/cbc'), provided.join(', '))
    for (const ref of aes) {
      const mode = ref.slice('crypto/algorithm/aes/'.length)
      assert.equal(assets.get(ref)?.name, `AES-${mode.toUpperCase()}`)
      assert.deepEqual(assets.get(ref)?.cryptoProperties, {
        assetType: 'algorithm',
        algorithmProperties: {
          primitive: 'block-cipher',
          ...(format === 'cyclonedx-1.7' ? { algorithmFamily: 'AES' } : {}),
          mode,
          classicalSecurityLevel: 128,
          nistQuantumSecurityLevel: 1,
        },
        oid: '2.16.840.1.101.3.4.1',
      })
    }
    assert.ok(!provided.includes('crypto/algorithm/aes') && !provided.includes('crypto/algorithm/cbc'))
    assert.equal(assets.get('crypto/algorithm/md5')?.cryptoProperties?.oid, '1.2.840.113549.2.5')
    assert.ok(provided.includes('crypto/algorithm/md5'))
  }
})

test('enriching an enriched BOM again replaces the earlier enrichment instead of adding to it', async () => {
  const once = await enrich(generated, 'cyclonedx-1.6')
  const twice = await enrich(once, 'cyclonedx-1.6')
  assert.deepEqual(cycloneDxErrors(twice), [])
  const strip = (b: Bom) => ({ ...b, serialNumber: '', metadata: { ...b.metadata, timestamp: '' } })
  assert.deepEqual(strip(twice), strip(once))
})

test('cyclonedx-npm: the generated BOM as SPDX 2.3 is valid, lodash carrying its advisories', async () => {
  const doc = (await enrich(generated, 'spdx-2.3')) as unknown as {
    packages: { name: string; versionInfo?: string; externalRefs?: { referenceCategory: string; comment?: string }[] }[]
  }
  assert.deepEqual(spdxMessages(doc), [])
  const lodash = doc.packages.find((p) => p.name === 'lodash' && p.versionInfo === '4.17.15') as
    | ((typeof doc.packages)[number] & { annotations?: { comment: string }[] })
    | undefined
  assert.deepEqual(
    lodash?.annotations?.map((a) => a.comment).filter((c) => c.startsWith('compintel:remediation')),
    [
      'compintel:remediation upgrade to 4.18.0 fixes all 5 known vulnerabilities; upgrade to 4.18.0 fixes the critical and high ones',
    ],
  )
  const security = (lodash?.externalRefs ?? []).filter((r) => r.referenceCategory === 'SECURITY')
  assert.ok(
    security.some((r) => r.comment?.includes('CVE-2020-8203')),
    JSON.stringify(security.map((r) => r.comment)),
  )
})
