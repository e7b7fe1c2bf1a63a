// The vulnerabilities and CPE endpoints over the FIXTURE KB and FIXTURE advisories, on SQLite and PostgreSQL, and
// the real scanoss-js VulnerabilityScanner against them.
import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { VulnerabilityCfg, VulnerabilityScanner } from 'scanoss'
import { CPE23 } from '../src/domain/vulnerabilities/cpe.ts'
import { loadFixtureAdvisories } from './helpers/advisory-fixture.ts'
import { makeTestApp, type TestApp } from './helpers/app.ts'
import { backends } from './helpers/backends.ts'
import { loadFixtureKb } from './helpers/kb-fixture.ts'

type V = { id: string; source: string; severity: string; epss?: { probability: number }; advisory_ids: string[] }

for (const backend of backends()) {
  describe(`vulnerabilities endpoints on ${backend.name}`, () => {
    let t: TestApp
    let cleanup: () => Promise<void>
    before(async () => {
      const opened = await backend.open()
      cleanup = opened.cleanup
      t = await makeTestApp({ storage: opened.storage, env: { MAX_BATCH_SIZE: '5' } })
      await loadFixtureKb(opened.storage)
      await loadFixtureAdvisories(opened.storage)
    })
    after(async () => {
      await t.close()
      await cleanup()
    })
    const post = async (url: string, components: unknown[]) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: { components },
        headers: { 'x-api-key': t.keys.full },
      })
      return { code: res.statusCode, body: res.json() }
    }
    const ids = (c: { vulnerabilities: V[] }) => c.vulnerabilities.map((v) => v.id)

    test('one advisory by id or alias: every record, affected packages with ranges, the source dated', async () => {
      const get = async (id: string, key = t.keys.full) => {
        const res = await t.app.inject({
          method: 'GET',
          url: `/v2/vulnerabilities/advisory?id=${encodeURIComponent(id)}`,
          headers: { 'x-api-key': key },
        })
        return { code: res.statusCode, body: res.json() }
      }
      const byCve = await get('CVE-2099-0001')
      assert.equal(byCve.code, 200)
      assert.deepEqual(
        byCve.body.advisories.map((a: { id: string }) => a.id),
        ['x_FX-1'],
      )
      const [a] = byCve.body.advisories
      assert.deepEqual(a.affected, [
        {
          ecosystem: 'npm',
          purl: 'pkg:npm/fx-lib',
          ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '1.3.0' }] }],
          versions: [],
        },
      ])
      assert.deepEqual([a.source, a.cwe_ids, a.withdrawn], ['osv:fixture', ['CWE-1321'], ''])
      // the loaded advisory sources with their dates (the fixture's records are written without one)
      assert.ok(Array.isArray(byCve.body.status.db.sources))
      // a GHSA id both records name: both, by id
      const byGhsa = await get('GHSA-fxfx-fxfx-0001')
      assert.deepEqual(
        byGhsa.body.advisories.map((x: { id: string }) => x.id),
        ['x_FX-1', 'x_FX-OTHER-9'],
      )
      const withdrawn = await get('x_FX-3')
      assert.equal(withdrawn.body.advisories[0].withdrawn, '2024-05-01T00:00:00Z')
      for (const id of ['CVE-2099-9999', '%"', 'x_FX']) assert.equal((await get(id)).code, 404, id)
      assert.equal((await get('CVE-2099-0001', t.keys.components)).code, 403)
    })

    test('affected and fixed versions; merged sources; CVSS, severity and EPSS', async () => {
      const { code, body } = await post('/v2/vulnerabilities/components', [
        { purl: 'pkg:npm/fx-lib@1.2.0' },
        { purl: 'pkg:npm/fx-lib', requirement: '2.0.0' },
        { purl: 'pkg:npm/fx-util', requirement: '<2.1.5' },
      ])
      assert.equal(code, 200)
      const [old, fixed, util] = body.components
      assert.deepEqual(ids(old), ['CVE-2099-0001'])
      const v = old.vulnerabilities[0]
      assert.equal(v.source, 'osv:fixture')
      assert.deepEqual(v.advisory_ids, ['x_FX-1', 'x_FX-OTHER-9'])
      assert.deepEqual(v.aliases, ['CVE-2099-0001', 'GHSA-fxfx-fxfx-0001'])
      assert.equal(v.severity, 'Critical')
      assert.deepEqual(v.cvss, [
        { cvss: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', cvss_score: 9.8, cvss_severity: 'Critical' },
      ])
      assert.deepEqual(v.epss, { probability: 0.5, percentile: 0.97, score_date: '2026-08-16' })
      assert.deepEqual(v.cwe_ids, ['CWE-1321'])
      assert.equal(v.published, '2023-12-01T00:00:00Z')
      assert.equal(v.modified, '2024-03-01T00:00:00Z')
      assert.deepEqual(fixed.vulnerabilities, [])
      assert.equal(fixed.version, '2.0.0')
      assert.equal(util.version, '2.1.0', 'the highest version below the fix')
      assert.deepEqual(ids(util), ['CVE-2099-0002'], 'the withdrawn advisory is not reported')
      assert.equal(body.status.status, 'SUCCESS')
      assert.ok(body.status.db)
    })

    test('unknown packages: exact versions still evaluated; malware shows; nothing known is COMPONENT_NOT_FOUND', async () => {
      const { body } = await post('/v2/vulnerabilities/components', [
        { purl: 'pkg:pypi/fx-py@2.9' },
        { purl: 'pkg:npm/fx-evil' },
        { purl: 'pkg:npm/fx-nothing@1.0.0' },
        { purl: 'not a purl' },
        { purl: 'pkg:npm/fx-lib', requirement: '>=>=1' },
      ])
      assert.deepEqual(ids(body.components[0]), ['CVE-2099-0003'])
      assert.deepEqual(ids(body.components[1]), ['MAL-2099-7'])
      assert.equal(body.components[1].error_code, undefined)
      assert.deepEqual(
        body.components.slice(2).map((c: { error_code: string }) => c.error_code),
        ['COMPONENT_NOT_FOUND', 'INVALID_PURL', 'INVALID_SEMVER'],
      )
      const big = await post('/v2/vulnerabilities/components', Array(6).fill({ purl: 'pkg:npm/fx-lib' }))
      assert.equal(big.code, 400)
      assert.equal(big.body.error.code, 'BATCH_TOO_LARGE')
    })

    test('GET single and the /api alias scanoss-js calls', async () => {
      const get = async (url: string) =>
        (await t.app.inject({ method: 'GET', url, headers: { 'x-api-key': t.keys.full } })).json()
      const one = await get('/v2/vulnerabilities/component?purl=pkg:npm/fx-lib&requirement=1.0.0')
      assert.deepEqual(ids(one.component), ['CVE-2099-0001'])
      const alias = await get('/api/v2/vulnerabilities/component?purl=pkg%3Anpm%2Ffx-lib&requirement=1.0.0')
      assert.equal(alias.version, '1.0.0')
      assert.deepEqual(ids(alias), ['CVE-2099-0001'])
      assert.deepEqual(alias.component, one.component)
    })

    test('CPEs: the resolved version filled in, valid CPE 2.3 strings; outcomes', async () => {
      const { body } = await post('/v2/vulnerabilities/cpes/components', [
        { purl: 'pkg:npm/fx-lib', requirement: '^1.0.0' },
        { purl: 'pkg:npm/fx-util' },
        { purl: 'pkg:npm/fx-lib' },
      ])
      assert.deepEqual(body.components[0].cpes, ['cpe:2.3:a:fx:fx-lib:1.3.0:*:*:*:*:node.js:*:*'])
      assert.equal(body.components[0].version, '1.3.0')
      for (const c of body.components) for (const cpe of c.cpes) assert.match(cpe, CPE23)
      assert.equal(body.components[1].error_code, 'NO_INFO')
      assert.deepEqual(body.components[2].cpes, ['cpe:2.3:a:fx:fx-lib:2.0.0:*:*:*:*:node.js:*:*'])
    })

    test('status endpoints: a malware report makes a package malicious', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/v2/components/status/component?purl=pkg:npm/fx-evil@1.0.0',
        headers: { 'x-api-key': t.keys.full },
      })
      const body = res.json()
      assert.equal(body.component_status.status, 'malicious')
      assert.equal(body.version_status.status, 'malicious')
      assert.equal(body.component_status.status_change_date, '2024-01-15T00:00:00Z')
    })
  })
}

describe('the real scanoss-js VulnerabilityScanner', () => {
  let t: TestApp
  before(async () => {
    t = await makeTestApp()
    await loadFixtureKb(t.storage)
    await loadFixtureAdvisories(t.storage)
    await t.app.listen({ host: '127.0.0.1', port: 0 })
  })
  after(() => t.close())

  test('getVulnerabilitiesComponents (chunks of 10) reads every component back', async () => {
    const cfg = new VulnerabilityCfg({ API_KEY: t.keys.full } as never)
    // the SDK's constructor overwrites API_URL (docs/api-behaviour.md "Older paths and client quirks"): set it
    // afterwards
    cfg.API_URL = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
    const scanner = new VulnerabilityScanner(cfg)
    const components = [
      { purl: 'pkg:npm/fx-lib', requirement: '1.2.0' },
      ...Array.from({ length: 11 }, (_, i) => ({ purl: `pkg:npm/fx-none-${i}`, requirement: '1.0.0' })),
    ]
    const res = (await scanner.getVulnerabilitiesComponents(components as never)) as unknown as {
      components: { purl: string; vulnerabilities: V[] }[]
      status: { status: string }
    }
    assert.equal(res.status.status, 'SUCCESS')
    assert.equal(res.components.length, 12)
    const lib = res.components.find((c) => c.purl === 'pkg:npm/fx-lib')
    assert.deepEqual(
      lib?.vulnerabilities.map((v) => v.id),
      ['CVE-2099-0001'],
    )
  })
})
