// POST /v2/sbom/enrich (docs/sbom.md) on a KB of FIXTURE packages ingested through the real analyzers, with a FIXTURE
// advisory: each input format in, the enriched document out (validated against the official CycloneDX schema), the
// key scope, and bad documents refused in the error shape, never a 5xx nor a partial answer.
import assert from 'node:assert/strict'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { FIXTURE_SCAN_CVE, loadFixtureAdvisories } from './helpers/advisory-fixture.ts'
import { makeTestApp } from './helpers/app.ts'
import { cycloneDxErrors } from './helpers/cyclonedx-schema.ts'
import { type IngestedFixtures, ingestedFixtures } from './helpers/ingested-fixtures.ts'
import { spdxMessages } from './helpers/spdx-validate.ts'

let f: IngestedFixtures
let sbomKey: string
before(async () => {
  f = await ingestedFixtures(['fixture-crypto', 'fixture-scan'])
  await loadFixtureAdvisories(f.storage, [FIXTURE_SCAN_CVE])
  sbomKey = (await f.t.services.keys.create({ name: 'test sbom', scopes: ['sbom'] })).key
})
after(() => f.close())

const BOM = {
  bomFormat: 'CycloneDX',
  specVersion: '1.4',
  metadata: { component: { type: 'application', name: 'fx-app', 'bom-ref': 'app' } },
  components: [
    { 'bom-ref': 'scan', type: 'library', name: 'fixture-scan', purl: 'pkg:npm/fixture-scan@1.0.0' },
    { 'bom-ref': 'crypto', type: 'library', name: 'fixture-crypto', purl: 'pkg:npm/fixture-crypto@1.1.0' },
    { 'bom-ref': 'gone', type: 'library', name: 'fx-nowhere', purl: 'pkg:npm/fx-nowhere@1.0.0' },
  ],
  dependencies: [{ ref: 'app', dependsOn: ['scan', 'crypto'] }],
}

function enrich(payload: unknown, opts: { query?: string; type?: string; key?: string | null } = {}) {
  const key = opts.key === undefined ? sbomKey : opts.key
  return f.t.app.inject({
    method: 'POST',
    url: `/v2/sbom/enrich${opts.query ?? ''}`,
    headers: {
      'content-type': opts.type ?? 'application/json',
      ...(key === null ? {} : { 'x-api-key': key }),
    },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  })
}

type Bom = {
  specVersion: string
  components: { 'bom-ref'?: string; type: string; properties?: { name: string; value: string }[] }[]
  dependencies?: { ref: string; dependsOn?: string[]; provides?: string[] }[]
  vulnerabilities?: { id: string; affects: { ref: string }[] }[]
  metadata: { tools: unknown; component?: unknown }
}

describe('POST /v2/sbom/enrich', () => {
  test('a CycloneDX 1.4 BOM comes back as valid 1.6 (default) and 1.7, kept and enriched', async () => {
    for (const [query, version] of [
      ['', '1.6'],
      ['?format=cyclonedx-1.7', '1.7'],
    ] as const) {
      const res = await enrich(BOM, { query })
      assert.equal(res.statusCode, 200, res.body)
      assert.match(
        String(res.headers['content-type']),
        new RegExp(`^application/vnd\\.cyclonedx\\+json; version="?${version}`),
      )
      const out = res.json() as Bom
      assert.equal(out.specVersion, version)
      assert.deepEqual(cycloneDxErrors(out), [])
      assert.deepEqual(out.metadata.component, BOM.metadata.component)
      assert.deepEqual(out.dependencies?.[0], BOM.dependencies[0])
      assert.deepEqual(
        out.vulnerabilities?.map((v) => [v.id, v.affects.map((a) => a.ref)]),
        [['CVE-2099-0042', ['scan']]],
      )
      assert.ok(out.dependencies?.some((d) => d.ref === 'scan' && d.provides?.includes('crypto/algorithm/sha1')))
      const scan = out.components.find((c) => c['bom-ref'] === 'scan') as {
        hashes?: { alg: string; content: string }[]
      }
      assert.match(scan.hashes?.[0]?.content ?? '', /^[0-9a-f]{128}$/, 'the registry integrity, SHA-512 in hex')
      const gone = out.components.find((c) => c['bom-ref'] === 'gone')
      assert.ok(gone?.properties?.some((p) => p.name === 'compintel:not-enriched:licenses'))
    }
  })

  test('format=spdx-2.3: a valid SPDX 2.3 document, with the KB licenses, checksums and relationships', async () => {
    const res = await enrich(BOM, { query: '?format=spdx-2.3' })
    assert.equal(res.statusCode, 200, res.body)
    assert.match(String(res.headers['content-type']), /^application\/spdx\+json/)
    const doc = res.json() as {
      spdxVersion: string
      packages: { name: string; licenseDeclared?: string; checksums?: { algorithm: string }[] }[]
      relationships: { relationshipType: string }[]
    }
    assert.deepEqual(spdxMessages(doc), [])
    assert.equal(doc.spdxVersion, 'SPDX-2.3')
    const scan = doc.packages.find((p) => p.name === 'fixture-scan')
    assert.equal(scan?.licenseDeclared, 'MIT')
    assert.equal(scan?.checksums?.[0]?.algorithm, 'SHA512')
    assert.deepEqual([...new Set(doc.relationships.map((r) => r.relationshipType))].sort(), ['DEPENDS_ON', 'DESCRIBES'])
    const empty = await enrich({ bomFormat: 'CycloneDX', specVersion: '1.6' }, { query: '?format=spdx-2.3' })
    assert.equal(empty.statusCode, 400)
    assert.match(empty.json().status.message, /must describe one/)
  })

  test('a purl list as text, a JSON purl list and a package-lock.json are enriched the same way', async () => {
    const text = await enrich('# FIXTURE purls\npkg:npm/fixture-scan@1.0.0\n', { type: 'text/plain' })
    const list = await enrich(['pkg:npm/fixture-scan@1.0.0'])
    const lock = await enrich({
      name: 'fx-app',
      lockfileVersion: 3,
      packages: { '': { name: 'fx-app' }, 'node_modules/fixture-scan': { version: '1.0.0' } },
    })
    for (const res of [text, list, lock]) {
      assert.equal(res.statusCode, 200, res.body)
      const out = res.json() as Bom
      assert.deepEqual(cycloneDxErrors(out), [])
      assert.deepEqual(
        out.vulnerabilities?.map((v) => v.id),
        ['CVE-2099-0042'],
      )
    }
  })

  test('only a key with the sbom scope (or *) may enrich', async () => {
    assert.equal((await enrich(BOM, { key: null })).statusCode, 401)
    const forbidden = await enrich(BOM, { key: f.t.keys.components })
    assert.equal(forbidden.statusCode, 403)
    assert.equal(forbidden.json().error.code, 'FORBIDDEN')
    assert.equal((await enrich(BOM, { key: f.t.keys.full })).statusCode, 200)
  })

  test('documents that cannot be read are a 400 that says why, invalid purls listed', async () => {
    const cases: [unknown, RegExp, string?][] = [
      [{ ...BOM, components: [{ 'bom-ref': 'bad', type: 'library', name: 'x', purl: 'npm/x@1' }] }, /bad: "npm\/x@1"/],
      [{ hello: 'world' }, /Unknown format/],
      [
        { ...BOM, components: [{ type: 'bogus', name: 'x', purl: 'pkg:npm/x@1' }] },
        /does not validate against the CycloneDX 1\.4 JSON schema \(\d+ error\(s\)\): \/components\/0\/type must be equal to one of the allowed values/,
      ],
      [{ ...BOM, specVersion: '1.2' }, /1\.4 to 1\.7/],
      [{ spdxVersion: 'SPDX-2.2', packages: [] }, /SPDX-2\.3/],
      ['hello, world', /not a list of purls/, 'text/plain'],
      ['', /empty/, 'text/plain'],
    ]
    for (const [payload, message, type] of cases) {
      const res = await enrich(payload, type ? { type } : {})
      assert.equal(res.statusCode, 400, `${JSON.stringify(payload).slice(0, 80)}: ${res.body}`)
      const body = res.json()
      assert.equal(body.status.status, 'FAILED')
      assert.equal(body.error.code, 'VALIDATION_FAILED')
      assert.match(body.status.message, message)
    }
  })

  test('too many components, a bad format, bad JSON and bad UTF-8 are 4xx in the error shape', async () => {
    const many = Array.from({ length: 10_001 }, (_, i) => `pkg:npm/fx-many-${i}@1.0.0`)
    const tooMany = await enrich(many)
    assert.equal(tooMany.statusCode, 400)
    assert.equal(tooMany.json().error.code, 'BATCH_TOO_LARGE')
    const format = await enrich(BOM, { query: '?format=spdx-2.2' })
    assert.equal(format.statusCode, 400)
    assert.equal(format.json().error.code, 'VALIDATION_FAILED')
    assert.equal((await enrich('{"bomFormat": "CycloneDX", ')).json().error.code, 'INVALID_JSON')
    const utf8 = await f.t.app.inject({
      method: 'POST',
      url: '/v2/sbom/enrich',
      headers: { 'content-type': 'text/plain', 'x-api-key': sbomKey },
      payload: Buffer.from([0x70, 0x6b, 0x67, 0x3a, 0xc3, 0x28]),
    })
    assert.equal(utf8.json().error.code, 'INVALID_UTF8')
    const xml = await enrich('<bom/>', { type: 'application/xml' })
    assert.equal(xml.statusCode, 415)
  })

  test('with on-demand learning, a component the KB lacks is fetched within the request and enriched', async () => {
    const cache = mkdtempSync(path.join(tmpdir(), 'ci-sbom-od-'))
    // each request waits for its units (a thread that fetches the packument, then one that walks the tarball: about
    // 4 s each on a quiet machine, several times that on a busy one); the wait is not what this test is about
    const t = await makeTestApp({
      env: { ON_DEMAND_WAIT_MS: '30000' },
      onDemandRegistry: { registry: f.reg.url, cache },
    })
    try {
      const bom = {
        ...BOM,
        components: [
          { 'bom-ref': 'alpha', type: 'library', name: 'fixture-alpha', purl: 'pkg:npm/fixture-alpha@1.1.0' },
          BOM.components[2],
        ],
        dependencies: [],
      }
      const enrich = async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/v2/sbom/enrich',
          headers: { 'x-api-key': t.keys.full },
          payload: bom,
        })
        assert.equal(res.statusCode, 200, res.body)
        return res.json() as Bom & { components: { licenses?: unknown }[] }
      }
      // answered once known (its packument: licenses); its cryptography comes with its analysis, queued with it
      const [known] = (await enrich()).components
      assert.ok(known?.licenses, 'licenses learned on demand')
      assert.deepEqual(
        known?.properties?.map((p) => [p.name, p.value.split(':')[0]]),
        [['compintel:not-enriched:cryptography', 'NO_INFO']],
        JSON.stringify(known),
      )
      // the next request lacks the analysis only: it waits for that unit, and is enriched in full
      const out = await enrich()
      const [alpha, gone] = out.components
      assert.equal(alpha?.properties, undefined, JSON.stringify(alpha))
      assert.ok(alpha?.licenses, 'licenses learned on demand')
      const reasons = (gone?.properties ?? []).filter((p) => p.name.startsWith('compintel:not-enriched:'))
      assert.equal(reasons.length, 3)
      assert.match(reasons[0]?.value ?? '', /^COMPONENT_NOT_FOUND: /)
    } finally {
      await t.close()
    }
  })
})
