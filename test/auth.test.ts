// The shared security suite: every /v2 route needs a valid key (401) with its area's scope (403).
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { makeTestApp, type TestApp } from './helpers/app.ts'

let t: TestApp
before(async () => {
  t = await makeTestApp()
})
after(() => t.close())

const protectedRoutes = () => t.app.routeTable.filter((r) => !r.public)

function call(method: string, url: string, headers: Record<string, string>) {
  const concrete = url.replace(/:([A-Za-z_]+)/g, 'x')
  return t.app.inject({ method: method as 'GET', url: concrete, headers, ...(method === 'GET' ? {} : { payload: {} }) })
}

test('every non-public route declares an area', () => {
  const routes = protectedRoutes()
  assert.ok(routes.length >= 8, 'the echo routes at least')
  for (const r of routes) assert.ok(r.area, `${r.method} ${r.url} has no area`)
})

test('no key → 401 on every protected route', async () => {
  for (const r of protectedRoutes()) {
    const res = await call(r.method, r.url, {})
    assert.equal(res.statusCode, 401, `${r.method} ${r.url}`)
    assert.equal(res.json().error.code, 'UNAUTHORIZED')
    assert.equal(res.json().status.status, 'FAILED')
  }
})

test('unknown key → 401 on every protected route', async () => {
  for (const r of protectedRoutes()) {
    const res = await call(r.method, r.url, { 'x-api-key': 'ci_not-a-real-key-at-all' })
    assert.equal(res.statusCode, 401, `${r.method} ${r.url}`)
  }
})

test('key without the area scope → 403; with it → not 401/403', async () => {
  for (const r of protectedRoutes()) {
    const res = await call(r.method, r.url, { 'x-api-key': t.keys.components })
    if (r.area === 'components') assert.ok(![401, 403].includes(res.statusCode), `${r.method} ${r.url}`)
    else {
      assert.equal(res.statusCode, 403, `${r.method} ${r.url}`)
      assert.equal(res.json().error.code, 'FORBIDDEN')
    }
  }
})

const headerCases = [
  { name: 'lower-case x-api-key', headers: (k: string) => ({ 'x-api-key': k }) },
  { name: 'mixed-case X-Api-Key', headers: (k: string) => ({ 'X-Api-Key': k }) },
  { name: 'upper-case X-API-KEY', headers: (k: string) => ({ 'X-API-KEY': k }) },
  { name: 'X-Session only (scanoss-py sends both)', headers: (k: string) => ({ 'X-Session': k }) },
  { name: 'both headers', headers: (k: string) => ({ 'X-Session': k, 'x-api-key': k }) },
]
for (const c of headerCases) {
  test(`key accepted in ${c.name}`, async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/licenses/echo',
      headers: c.headers(t.keys.full),
      payload: {},
    })
    assert.equal(res.statusCode, 200)
  })
}

test('a revoked key → 401', async () => {
  const { key, record } = await t.services.keys.create({ name: 'to revoke', scopes: ['*'] })
  const ok = await t.app.inject({
    method: 'POST',
    url: '/v2/licenses/echo',
    headers: { 'x-api-key': key },
    payload: {},
  })
  assert.equal(ok.statusCode, 200)
  await t.storage.db
    .updateTable('api_keys')
    .set({ revoked_at: new Date().toISOString() })
    .where('id', '=', record.id)
    .execute()
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/licenses/echo',
    headers: { 'x-api-key': key },
    payload: {},
  })
  assert.equal(res.statusCode, 401)
})

test('public routes need no key', async () => {
  for (const url of ['/health', '/ready', '/metrics', '/v2/openapi.json', '/docs/']) {
    const res = await t.app.inject({ method: 'GET', url })
    assert.equal(res.statusCode, 200, url)
  }
})
