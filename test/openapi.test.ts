// openapi.json is generated from the route schemas and checked in; this fails when it drifts
// (refresh with `npm run openapi`, i.e. UPDATE_GOLDEN=1, and review the diff).
import assert from 'node:assert/strict'
import { readFileSync, writeFileSync } from 'node:fs'
import { after, before, test } from 'node:test'
import { makeTestApp, type TestApp } from './helpers/app.ts'

const FILE = new URL('../openapi.json', import.meta.url)
let t: TestApp
before(async () => {
  t = await makeTestApp()
})
after(() => t.close())

function generated(): string {
  const doc = t.app.swagger() as { info: { version: string } }
  // The checked-in document carries no server version, so releases do not make it drift.
  return `${JSON.stringify({ ...doc, info: { ...doc.info, version: 'see /v2/openapi.json' } }, null, 2)}\n`
}

test('openapi.json matches the route schemas', () => {
  const now = generated()
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(FILE, now)
  assert.equal(readFileSync(FILE, 'utf8'), now, 'openapi.json is stale: run `npm run openapi` and review the diff')
})

test('the document is OpenAPI 3.1 and lists every non-hidden route', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/v2/openapi.json' })
  assert.equal(res.statusCode, 200)
  const doc = res.json()
  assert.equal(doc.openapi, '3.1.0')
  assert.ok(doc.paths['/v2/components/echo'].post)
  assert.ok(doc.paths['/health'].get)
  assert.deepEqual(doc.components.securitySchemes.api_key, { type: 'apiKey', in: 'header', name: 'x-api-key' })
})

test('/docs serves the browsable UI', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/docs/' })
  assert.equal(res.statusCode, 200)
  assert.match(res.body, /swagger/i)
})
