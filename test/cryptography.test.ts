// Cryptography end to end: the fixture package `fixture-crypto` (test/fixtures/npm, FIXTURE data) is ingested from
// the fixture registry on 127.0.0.1 through the real analyzers, then every cryptography endpoint is asked about it.
import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { CryptoCfg, CryptographyScanner } from 'scanoss'
import type { TestApp } from './helpers/app.ts'
import { type IngestedFixtures, ingestedFixtures } from './helpers/ingested-fixtures.ts'

const P = 'pkg:npm/fixture-crypto'
type Body = Record<string, unknown> & { components: Record<string, unknown>[]; status: { status: string } }

describe('cryptography endpoints on an ingested fixture package', () => {
  let f: IngestedFixtures
  let t: TestApp
  before(async () => {
    f = await ingestedFixtures(['fixture-crypto', 'fixture-alpha'])
    t = f.t
  })
  after(() => f.close())

  const post = async (url: string, components: { purl: string; requirement?: string }[]) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'x-api-key': t.keys.full },
      payload: { components },
    })
    assert.equal(res.statusCode, 200, res.body)
    return res.json() as Body
  }
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'x-api-key': t.keys.full } })
    assert.equal(res.statusCode, 200, res.body)
    return res.json() as { component: Record<string, unknown>; status: { status: string } }
  }

  test('algorithms of resolved versions, lower-case names with strengths, in request order with outcomes', async () => {
    const body = await post('/v2/cryptography/algorithms/components', [
      { purl: P, requirement: '1.1.0' },
      { purl: `${P}@1.0.0` },
      { purl: P, requirement: '^2' },
      { purl: 'pkg:npm/fixture-alpha', requirement: '1.1.0' },
      { purl: 'pkg:npm/no-such-fixture' },
      { purl: 'not a purl' },
      { purl: P, requirement: '>=9' },
    ])
    const [aes, md5, none, alpha, unknown, bad, noVersion] = body.components
    assert.deepEqual(aes, {
      purl: P,
      version: '1.1.0',
      requirement: '1.1.0',
      algorithms: [
        { algorithm: 'aes', strength: 'Strong' },
        { algorithm: 'gcm', strength: 'Strong' },
        { algorithm: 'sha2', strength: 'Strong' },
      ],
    })
    assert.deepEqual(md5?.algorithms, [{ algorithm: 'md5', strength: 'Weak' }])
    // purl and requirement echoed as sent; the purl's @version is the version
    assert.deepEqual([md5?.purl, md5?.requirement, md5?.version], [`${P}@1.0.0`, '', '1.0.0'])
    assert.deepEqual([none?.version, none?.algorithms, none?.error_code], ['2.0.0', [], undefined])
    assert.deepEqual([alpha?.algorithms, alpha?.error_code], [[], undefined])
    assert.deepEqual(
      [unknown?.error_code, unknown?.info_code, unknown?.algorithms],
      ['COMPONENT_NOT_FOUND', 'COMPONENT_NOT_FOUND', []],
    )
    assert.equal(bad?.error_code, 'INVALID_PURL')
    assert.deepEqual([noVersion?.error_code, noVersion?.version], ['VERSION_NOT_FOUND', ''])
    assert.equal(body.status.status, 'SUCCESS')
  })

  test('the single GET answers the same as the batch', async () => {
    const one = await get(`/v2/cryptography/algorithms/component?purl=${encodeURIComponent(P)}&requirement=1.1.0`)
    const batch = await post('/v2/cryptography/algorithms/components', [{ purl: P, requirement: '1.1.0' }])
    assert.deepEqual(one.component, batch.components[0])
  })

  test('algorithms in a range: versions with at least one algorithm, ascending, and their union', async () => {
    const body = await post('/v2/cryptography/algorithms/range/components', [
      { purl: P, requirement: '>=1.0.0' },
      { purl: P, requirement: '*' },
      { purl: P },
    ])
    const [all, star, empty] = body.components
    assert.deepEqual(all?.versions, ['1.0.0', '1.1.0'])
    assert.deepEqual(
      ((all?.algorithms as { algorithm: string }[] | undefined) ?? []).map((a) => a.algorithm),
      ['aes', 'gcm', 'md5', 'sha2'],
    )
    assert.deepEqual([star?.error_code, empty?.error_code], ['INVALID_SEMVER', 'INVALID_SEMVER'])
  })

  test('version coverage on both paths (singular version, and the proto plural versions)', async () => {
    for (const url of [
      '/v2/cryptography/algorithms/version/range/components',
      '/v2/cryptography/algorithms/versions/range/components',
    ]) {
      const [c] = (await post(url, [{ purl: P, requirement: '<3' }])).components
      assert.deepEqual(c?.versions_with, ['1.0.0', '1.1.0'], url)
      assert.deepEqual(c?.versions_without, ['2.0.0'], url)
      assert.deepEqual(c?.versions_not_analyzed, [], url)
    }
    const one = await get(`/v2/cryptography/algorithms/versions/range/component?purl=${P}&requirement=%3E%3D1.1.0`)
    assert.deepEqual([one.component.versions_with, one.component.versions_without], [['1.1.0'], ['2.0.0']])
  })

  test('hints: dependencies, imports and markers, with the spec fields', async () => {
    const [v1, v2] = (await post('/v2/cryptography/hints/components', [{ purl: `${P}@1.0.0` }, { purl: `${P}@2.0.0` }]))
      .components
    const ids = ((v1?.hints as { id: string }[] | undefined) ?? []).map((h) => h.id)
    assert.deepEqual(ids, ['jwt', 'node-crypto', 'node-forge'])
    const forge = ((v1?.hints as Record<string, string>[] | undefined) ?? []).find((h) => h.id === 'node-forge')
    assert.deepEqual(Object.keys(forge ?? {}).sort(), ['category', 'description', 'id', 'name', 'purl', 'url'])
    assert.equal(forge?.category, 'library')
    assert.equal(forge?.purl, 'pkg:npm/node-forge')
    assert.deepEqual(v2?.hints, [])
  })

  test('hints in a range on the reference path and the one scanoss-py calls', async () => {
    for (const url of ['/v2/cryptography/hints/range/components', '/v2/cryptography/hints/components/range']) {
      const [c] = (await post(url, [{ purl: P, requirement: '^1' }])).components
      assert.deepEqual(c?.versions, ['1.0.0', '1.1.0'], url)
      assert.ok(
        ((c?.hints as { id: string }[] | undefined) ?? []).some((h) => h.id === 'node-forge'),
        url,
      )
    }
  })

  test('a known version that was never analyzed is NO_INFO, not an empty answer', async () => {
    const versions = await f.storage.db.selectFrom('versions').select(['id', 'version']).execute()
    const v2 = versions.find((v) => v.version === '2.0.0')
    await f.storage.db
      .deleteFrom('analyses')
      .where('version_id', '=', v2?.id as number)
      .where('analyzer', '=', 'crypto')
      .execute()
    const [c] = (await post('/v2/cryptography/algorithms/components', [{ purl: `${P}@2.0.0` }])).components
    assert.deepEqual([c?.error_code, c?.info_code, c?.algorithms], ['NO_INFO', 'NO_INFO', []])
    const [r] = (await post('/v2/cryptography/algorithms/versions/range/components', [{ purl: P, requirement: '<3' }]))
      .components
    assert.deepEqual(r?.versions_not_analyzed, ['2.0.0'])
  })

  test('the real scanoss-js CryptographyScanner reads algorithms and hints back', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 })
    const cfg = new CryptoCfg({ API_KEY: t.keys.full } as never)
    // the SDK's constructor overwrites API_URL (docs/api-behaviour.md "Older paths and client quirks"): set it
    // afterwards
    cfg.API_URL = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
    const results = await new CryptographyScanner(cfg).scanComponents([
      { purl: P, requirement: '1.1.0' },
      { purl: `${P}@1.0.0`, requirement: '1.0.0' },
    ] as never)
    const byVersion = new Map(results.map((r) => [r.version, r]))
    assert.deepEqual(
      byVersion.get('1.1.0')?.algorithms.map((a) => a.algorithm),
      ['aes', 'gcm', 'sha2'],
    )
    assert.deepEqual(byVersion.get('1.0.0')?.algorithms, [{ algorithm: 'md5', strength: 'Weak' }])
    assert.ok(byVersion.get('1.0.0')?.hints.some((h) => h.id === 'node-forge'))
  })
})
