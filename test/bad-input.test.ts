// Bad input to every registered route: always a 4xx in the error shape, never a 5xx, never a crash.
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

test('the server still answers after all of that', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/components/echo',
    headers: { 'x-api-key': t.keys.full },
    payload: { message: 'ok' },
  })
  assert.deepEqual(res.json(), { message: 'ok' })
})
