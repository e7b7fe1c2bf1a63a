// Attribution notices end to end (docs/attribution-notices.md): the FIXTURE packages fixture-alpha (a LICENSE in every
// version, the same text) and fixture-beta (no notice file) ingested through the real analyzers from the fixture
// registry on 127.0.0.1, then POST /v2/attribution-notices/components and its echo.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { after, before, test } from 'node:test'
import { type IngestedFixtures, ingestedFixtures } from './helpers/ingested-fixtures.ts'

let f: IngestedFixtures
before(async () => {
  f = await ingestedFixtures(['fixture-alpha', 'fixture-beta'])
})
after(() => f?.close())

const LICENSE = readFileSync(new URL('./fixtures/npm/fixture-alpha/1.1.0/LICENSE', import.meta.url))

async function post(components: { purl: string; requirement?: string }[], key = f.t.keys.full) {
  return f.t.app.inject({
    method: 'POST',
    url: '/v2/attribution-notices/components',
    headers: { 'x-api-key': key },
    payload: { components },
  })
}

test('each version answers the texts it ships, with their MD5 and source, in request order', async () => {
  const res = await post([
    { purl: 'pkg:npm/fixture-alpha@1.1.0' },
    { purl: 'pkg:npm/fixture-beta' },
    { purl: 'pkg:npm/no-such-fixture' },
    { purl: 'not a purl' },
    { purl: 'pkg:npm/fixture-alpha', requirement: '^1.0.0' },
  ])
  assert.equal(res.statusCode, 200, res.body)
  const body = res.json()
  assert.equal(body.status.status, 'SUCCESS')
  const [alpha, beta, unknown, bad, range] = body.attributions
  assert.deepEqual(alpha, {
    purl: 'pkg:npm/fixture-alpha@1.1.0',
    requirement: '',
    version: '1.1.0',
    notices: [
      {
        notice_text: LICENSE.toString('utf8'),
        notice_md5: createHash('md5').update(LICENSE).digest('hex'),
        source: 'LICENSE',
      },
    ],
  })
  // analyzed, and the package ships no notice file: an empty list, not NO_INFO
  assert.deepEqual([beta.version, beta.notices, beta.info_code], ['0.3.0', [], undefined])
  assert.deepEqual(
    [unknown.info_code, unknown.error_code, unknown.notices],
    ['COMPONENT_NOT_FOUND', 'COMPONENT_NOT_FOUND', []],
  )
  assert.deepEqual([bad.purl, bad.info_code], ['not a purl', 'INVALID_PURL'])
  assert.deepEqual([range.requirement, range.version, range.notices.length], ['^1.0.0', '1.1.0', 1])
})

test('the same text shipped by three versions is stored once', async () => {
  const texts = await f.storage.db.selectFrom('notice_texts').select('md5').execute()
  const files = await f.storage.db.selectFrom('version_notices').select(['version_id', 'md5']).execute()
  assert.equal(files.length, 3, 'the LICENSE of each fixture-alpha version')
  assert.equal(new Set(files.map((r) => r.md5)).size, 1)
  assert.equal(texts.length, 1)
})

test('a version the notices analyzer never ran on is NO_INFO', async () => {
  const v = await f.storage.db
    .selectFrom('versions as v')
    .innerJoin('components as c', 'c.id', 'v.component_id')
    .select('v.id')
    .where('c.name', '=', 'fixture-alpha')
    .where('v.version', '=', '1.0.0')
    .executeTakeFirstOrThrow()
  await f.storage.db.deleteFrom('analyses').where('version_id', '=', v.id).where('analyzer', '=', 'notices').execute()
  const [one] = (await post([{ purl: 'pkg:npm/fixture-alpha@1.0.0' }])).json().attributions
  assert.deepEqual([one.info_code, one.notices], ['NO_INFO', []])
})

test('the area has its echo and its scope', async () => {
  const echo = await f.t.app.inject({
    method: 'POST',
    url: '/v2/attribution-notices/echo',
    headers: { 'x-api-key': f.t.keys.full },
    payload: { message: 'hello' },
  })
  assert.deepEqual(echo.json(), { message: 'hello' })
  const other = await post([{ purl: 'pkg:npm/fixture-alpha' }], f.t.keys.components)
  assert.equal(other.statusCode, 403)
  const key = (await f.t.services.keys.create({ name: 'notices only', scopes: ['attribution-notices'] })).key
  assert.equal((await post([{ purl: 'pkg:npm/fixture-alpha' }], key)).statusCode, 200)
})
