// POST /v2/<area>/echo: success for every area, bad input, and the key checks.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { AREAS } from '../src/domain/keys/scopes.ts'
import { makeTestApp, type TestApp } from './helpers/app.ts'

let t: TestApp
before(async () => {
  t = await makeTestApp()
})
after(() => t.close())

for (const area of AREAS) {
  test(`echo ${area}: returns the message`, async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/v2/${area}/echo`,
      headers: { 'x-api-key': t.keys.full },
      payload: { message: `héllo ${area} ✓` },
    })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { message: `héllo ${area} ✓` })
  })
}

test('echo: a missing message is the empty string, as protobuf defaults it', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/scanning/echo',
    headers: { 'x-api-key': t.keys.full },
    payload: {},
  })
  assert.deepEqual(res.json(), { message: '' })
})

test('echo: unknown fields are ignored', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/semgrep/echo',
    headers: { 'x-api-key': t.keys.full },
    payload: { message: 'm', extra: [1, 2] },
  })
  assert.deepEqual(res.json(), { message: 'm' })
})

test('echo: a number is not silently turned into a string', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/components/echo',
    headers: { 'x-api-key': t.keys.full },
    payload: { message: 5 },
  })
  assert.equal(res.statusCode, 400)
  assert.equal(res.json().error.code, 'VALIDATION_FAILED')
})

test('echo: python-style body (", " separators, \\u escapes) as scanoss-py sends it', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/dependencies/echo',
    headers: { 'x-api-key': t.keys.full, 'x-session': t.keys.full, 'content-type': 'application/json' },
    payload: '{"message": "caf\\u00e9"}',
  })
  assert.deepEqual(res.json(), { message: 'café' })
})
