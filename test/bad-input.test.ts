// Bad input to every registered route: always a 4xx in the error shape, never a 5xx, never a crash; missing
// required fields and query parameters are a 400 that names them.
// The suite walks the route table, so every endpoint added later is covered without editing this file.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { makeTestApp, type TestApp } from './helpers/app.ts'

let t: TestApp
before(async () => {
  t = await makeTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000', RATE_LIMIT_PER_MINUTE_PER_IP: '1000000' } })
})
after(() => t.close())

const MB = 'x'.repeat(1024 * 1024)
const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`
const deepObject = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`

// `lenient`: a body some route may legitimately accept (unknown fields are ignored, as protojson does).
const bodies: { name: string; payload: string | Buffer; type?: string; lenient?: boolean }[] = [
  { name: 'a JSON array', payload: '[]' },
  { name: 'a JSON string', payload: '"x"' },
  { name: 'null', payload: 'null' },
  {
    name: 'wrong field types',
    payload: JSON.stringify({ message: 42, components: 'nope', purl: 7, requirement: [], root: 1, purls: {} }),
  },
  {
    name: 'components of the wrong shape',
    payload: JSON.stringify({ components: [1, null, 'x', { purl: 5 }] }),
    lenient: true,
  },
  {
    name: 'a 1 MB string in every known field',
    payload: JSON.stringify({ message: MB, purl: MB, components: [{ purl: MB, requirement: MB }] }),
  },
  { name: '10,000-deep arrays', payload: deep },
  { name: '10,000-deep objects', payload: deepObject },
  { name: 'invalid UTF-8', payload: Buffer.from([0x7b, 0x22, 0x6d, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]) },
  { name: 'not JSON', payload: 'hello, world' },
  { name: 'truncated JSON', payload: '{"components": [{"purl": "pkg:npm/x"' },
  { name: 'an empty body', payload: '', lenient: true },
  { name: 'form data', payload: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  { name: 'XML', payload: '<a/>', type: 'application/xml' },
]

const queries = [
  { name: 'a 1 MB purl', qs: `purl=${MB}` },
  { name: 'wrong types', qs: 'limit=abc&offset=-5&depth=x' },
  { name: 'repeated parameters', qs: 'purl=a&purl=b&requirement=1&requirement=2' },
  { name: 'invalid percent-encoding', qs: 'purl=%E0%A4%A' },
  { name: 'a malformed purl', qs: 'purl=not-a-purl&requirement=%3E%3D%3D%3D' },
]

function assertErrorShape4xx(res: { statusCode: number; body: string }, what: string) {
  assert.ok(res.statusCode < 500, `${what}: got ${res.statusCode} ${res.body.slice(0, 200)}`)
  if (res.statusCode >= 400) {
    const body = JSON.parse(res.body)
    assert.equal(body.status?.status, 'FAILED', what)
    assert.match(body.error?.code ?? '', /^[A-Z0-9_]+$/, what)
  }
}

test('every POST route answers bad bodies with a 4xx in the error shape', async () => {
  const routes = t.app.routeTable.filter((r) => r.method === 'POST')
  assert.ok(routes.length >= 8)
  for (const r of routes) {
    for (const b of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: r.url.replace(/:([A-Za-z_]+)/g, 'x'),
        headers: { 'x-api-key': t.keys.full, 'content-type': b.type ?? 'application/json' },
        payload: b.payload,
      })
      assertErrorShape4xx(res, `${r.url} with ${b.name}`)
      if (!b.lenient) assert.ok(res.statusCode >= 400, `${r.url} with ${b.name} was accepted`)
    }
  }
})

test('every GET route answers bad query strings without a 5xx', async () => {
  for (const r of t.app.routeTable.filter((x) => x.method === 'GET')) {
    for (const q of queries) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${r.url.replace(/:([A-Za-z_]+)/g, 'x').replace('*', 'x')}?${q.qs}`,
        headers: { 'x-api-key': t.keys.full, 'content-type': 'application/json' },
      })
      assertErrorShape4xx(res, `${r.url} with ${q.name}`)
    }
  }
})

/** Required query parameters and body fields of each operation, as the served OpenAPI document states them. */
async function required(): Promise<Map<string, string[]>> {
  const doc = (await t.app.inject({ method: 'GET', url: '/v2/openapi.json' })).json()
  const out = new Map<string, string[]>()
  for (const [url, ops] of Object.entries(doc.paths as Record<string, Record<string, OpenApiOperation>>)) {
    for (const [method, op] of Object.entries(ops)) {
      const query = (op.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => p.name)
      const body = op.requestBody?.content?.['application/json']?.schema?.required ?? []
      out.set(`${method.toUpperCase()} ${url}`, [...query, ...body])
    }
  }
  return out
}
/** The POST routes whose OpenAPI body is multipart/form-data. */
async function multipartRoutes(): Promise<Set<string>> {
  const doc = (await t.app.inject({ method: 'GET', url: '/v2/openapi.json' })).json()
  const ops = Object.entries(doc.paths as Record<string, Record<string, OpenApiOperation>>)
  return new Set(ops.filter(([, o]) => o.post?.requestBody?.content?.['multipart/form-data']).map(([url]) => url))
}
interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean }[]
  requestBody?: { content?: Record<string, { schema?: { required?: string[] } }> }
}

function assertMissing(res: { statusCode: number; body: string }, what: string, names: string[]) {
  assert.equal(res.statusCode, 400, `${what}: got ${res.statusCode} ${res.body.slice(0, 200)}`)
  assertErrorShape4xx(res, what)
  const body = JSON.parse(res.body)
  assert.equal(body.error.code, 'VALIDATION_FAILED', what)
  assert.ok(body.error.request_id, what)
  // A schema-required field is named in the message, so a client sees what it left out.
  for (const name of names) assert.match(body.status.message, new RegExp(`'${name}'`), what)
}

test('every POST route but echo answers an empty object (missing fields) with 400 in the error shape', async () => {
  const req = await required()
  assert.deepEqual(req.get('POST /v2/licenses/components'), ['components'], 'the document names required fields')
  const routes = t.app.routeTable.filter((r) => r.method === 'POST' && !r.url.endsWith('/echo'))
  assert.ok(routes.length >= 8, `${routes.length} POST routes`)
  const multipart = await multipartRoutes()
  assert.deepEqual([...multipart], ['/scan/direct'])
  for (const r of routes) {
    const res = await t.app.inject({
      method: 'POST',
      url: r.url,
      headers: { 'x-api-key': t.keys.full, 'content-type': 'application/json' },
      payload: '{}',
    })
    if (multipart.has(r.url)) {
      // the engine scan takes the clients' multipart form only: JSON is the wrong media type
      assert.deepEqual([res.statusCode, res.json().error.code], [415, 'UNSUPPORTED_MEDIA_TYPE'], r.url)
      continue
    }
    assertMissing(res, `POST ${r.url} with {}`, req.get(`POST ${r.url}`) ?? [])
  }
})

test('every GET route with a key answers a missing query string with 400 in the error shape', async () => {
  // Public routes (health, readiness, metrics, the OpenAPI document and its UI) take no parameters; every keyed
  // GET route needs at least one (a route that needs none would be listed here as an exception).
  const req = await required()
  assert.deepEqual(req.get('GET /v2/components/versions'), ['purl'], 'the OpenAPI document names required parameters')
  const routes = t.app.routeTable.filter((r) => r.method === 'GET' && !r.public)
  assert.ok(routes.length >= 8, `${routes.length} keyed GET routes`)
  for (const r of routes) {
    const res = await t.app.inject({ method: 'GET', url: r.url, headers: { 'x-api-key': t.keys.full } })
    assertMissing(res, `GET ${r.url} without a query`, req.get(`GET ${r.url}`) ?? [])
    // Only unrelated parameters: still missing what is required.
    const other = await t.app.inject({
      method: 'GET',
      url: `${r.url}?unrelated=1`,
      headers: { 'x-api-key': t.keys.full },
    })
    assertMissing(other, `GET ${r.url} with an unrelated parameter`, req.get(`GET ${r.url}`) ?? [])
  }
})

test('the server still answers after all of that', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/components/echo',
    headers: { 'x-api-key': t.keys.full },
    payload: { message: 'ok' },
  })
  assert.deepEqual(res.json(), { message: 'ok' })
})
