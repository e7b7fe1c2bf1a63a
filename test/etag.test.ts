// Conditional GETs: ETag and Cache-Control on successful /v2 GETs, 304 on a matching If-None-Match, a new tag when
// the answer changes; POSTs, errors and public routes untouched.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { ANY_COMPONENT } from '../src/domain/kb/changes.ts'
import { matches } from '../src/http/plugins/etag.ts'
import { recordChanges } from '../src/storage/kb-changes.ts'
import { makeTestApp, type TestApp } from './helpers/app.ts'
import { loadFixtureKb } from './helpers/kb-fixture.ts'

let t: TestApp
before(async () => {
  t = await makeTestApp()
  await loadFixtureKb(t.storage)
})
after(() => t.close())

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'x-api-key': t.keys.full, ...headers } })

test('a GET answer carries an ETag and Cache-Control; If-None-Match with it answers 304 without a body', async () => {
  const first = await get('/v2/components/versions?purl=pkg:npm/fx-lib')
  assert.equal(first.statusCode, 200)
  const tag = first.headers.etag as string
  assert.match(tag, /^W\/"[A-Za-z0-9_-]{27}"$/)
  assert.equal(first.headers['cache-control'], 'private, no-cache')
  const again = await get('/v2/components/versions?purl=pkg:npm/fx-lib', { 'if-none-match': tag })
  assert.equal(again.statusCode, 304)
  assert.equal(again.body, '')
  assert.equal(again.headers.etag, tag)
  const other = await get('/v2/components/versions?purl=pkg:npm/fx-util', { 'if-none-match': tag })
  assert.equal(other.statusCode, 200, 'another answer has another tag')
  assert.notEqual(other.headers.etag, tag)
})

test('the tag follows the data: after a change in the KB the old tag no longer matches', async () => {
  const first = await get('/v2/components/versions?purl=pkg:npm/fx-lib')
  // changed as the KB's writers change it: the rows, and the change log in the same transaction
  await t.storage.db.transaction().execute(async (trx) => {
    await trx.updateTable('versions').set({ released_at: '2030-01-01T00:00:00.000Z' }).execute()
    await recordChanges(trx, [ANY_COMPONENT])
  })
  const later = await get('/v2/components/versions?purl=pkg:npm/fx-lib', {
    'if-none-match': first.headers.etag as string,
  })
  assert.equal(later.statusCode, 200)
  assert.notEqual(later.headers.etag, first.headers.etag)
})

test('no tag on POSTs, on errors and on the public routes', async () => {
  const post = await t.app.inject({
    method: 'POST',
    url: '/v2/components/echo',
    headers: { 'x-api-key': t.keys.full },
    payload: { message: 'x' },
  })
  assert.equal(post.headers.etag, undefined)
  const bad = await get('/v2/components/versions')
  assert.equal(bad.statusCode, 400)
  assert.equal(bad.headers.etag, undefined)
  const health = await t.app.inject({ method: 'GET', url: '/health' })
  assert.equal(health.headers.etag, undefined)
})

test('If-None-Match forms: lists, weak or strong, and *', () => {
  const tag = 'W/"abc"'
  for (const [h, want] of [
    ['W/"abc"', true],
    ['"abc"', true],
    ['"x", W/"abc"', true],
    ['*', true],
    ['"abd"', false],
    ['', false],
  ] as const)
    assert.equal(matches(h, tag), want, h)
})
