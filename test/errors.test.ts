// The error catalogue: every code is documented, every documented code exists, the transport errors map to it, and
// every area sends a component's outcome in both spellings.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, test } from 'node:test'
import { OUTCOME_CODES } from '../src/domain/shared/outcome.ts'
import { ERROR_CATALOGUE } from '../src/http/errors.ts'
import { makeTestApp, type TestApp } from './helpers/app.ts'

const doc = readFileSync(new URL('../docs/errors.md', import.meta.url), 'utf8')
const documented = (section: string) => {
  const start = doc.indexOf(section)
  const end = doc.indexOf('\n## ', start + 1)
  const text = doc.slice(start, end === -1 ? undefined : end)
  return new Map([...text.matchAll(/^\| `([A-Z0-9_]+)` *\|(?: (\d{3}) *\|)?/gm)].map((m) => [m[1] as string, m[2]]))
}

test('every request-level code is documented with its HTTP status, and nothing else is', () => {
  const docs = documented('## Request-level errors')
  assert.deepEqual([...docs.keys()].sort(), Object.keys(ERROR_CATALOGUE).sort())
  for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) assert.equal(docs.get(code), String(entry.status), code)
})

test('every component-level outcome code is documented, and nothing else is', () => {
  const docs = documented('## Component-level outcomes')
  assert.deepEqual([...docs.keys()].sort(), OUTCOME_CODES.filter((c) => c !== 'SUCCESS').sort())
})

let t: TestApp
before(async () => {
  t = await makeTestApp({ env: { BODY_LIMIT: '2048' } })
})
after(() => t.close())

type Case = {
  name: string
  req: { method: string; url: string; payload?: unknown; headers?: Record<string, string> }
  status: number
  code: string
}
const cases: Case[] = [
  { name: 'unknown route', req: { method: 'GET', url: '/v2/nothing/here' }, status: 404, code: 'NOT_FOUND' },
  {
    name: 'wrong method on a known path',
    req: { method: 'GET', url: '/v2/components/echo' },
    status: 405,
    code: 'METHOD_NOT_ALLOWED',
  },
  {
    name: 'malformed JSON',
    req: {
      method: 'POST',
      url: '/v2/components/echo',
      payload: '{"message": ',
      headers: { 'content-type': 'application/json' },
    },
    status: 400,
    code: 'INVALID_JSON',
  },
  {
    name: 'wrong content type',
    req: {
      method: 'POST',
      url: '/v2/components/echo',
      payload: 'message=hi',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  {
    name: 'text/plain body',
    req: { method: 'POST', url: '/v2/components/echo', payload: 'hi', headers: { 'content-type': 'text/plain' } },
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  {
    name: 'body over the limit',
    req: { method: 'POST', url: '/v2/components/echo', payload: { message: 'x'.repeat(4096) } },
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
  },
  {
    name: 'prototype poisoning',
    req: {
      method: 'POST',
      url: '/v2/components/echo',
      payload: '{"__proto__": {"x": 1}}',
      headers: { 'content-type': 'application/json' },
    },
    status: 400,
    code: 'INVALID_JSON',
  },
  {
    name: 'a malformed percent-escape in a path parameter',
    req: { method: 'GET', url: '/v2/cryptography/rulesets/%ZZ/1/download' },
    status: 400,
    code: 'BAD_REQUEST',
  },
  {
    name: 'a path parameter over 200 characters',
    req: { method: 'GET', url: `/v2/cryptography/rulesets/${'a'.repeat(201)}/1/download` },
    status: 400,
    code: 'BAD_REQUEST',
  },
]

for (const c of cases) {
  test(`${c.name} → ${c.status} ${c.code} in the error shape`, async () => {
    const res = await t.app.inject({
      method: c.req.method as 'GET',
      url: c.req.url,
      headers: { 'x-api-key': t.keys.full, ...c.req.headers },
      ...(c.req.payload === undefined ? {} : { payload: c.req.payload as string }),
    })
    assert.equal(res.statusCode, c.status)
    const body = res.json()
    assert.equal(body.status.status, 'FAILED')
    assert.equal(body.error.code, c.code)
    assert.equal(body.error.request_id, res.headers['x-request-id'])
    assert.ok(typeof body.status.message === 'string' && body.status.message.length > 0)
  })
}

test('405 names the allowed methods', async () => {
  const res = await t.app.inject({ method: 'DELETE', url: '/v2/licenses/echo', headers: { 'x-api-key': t.keys.full } })
  assert.equal(res.statusCode, 405)
  assert.equal(res.headers.allow, 'POST')
})

const failures = [
  {
    name: 'an unexpected error → 500 without detail',
    err: new Error('secret detail /etc/passwd'),
    status: 500,
    code: 'INTERNAL_ERROR',
  },
  {
    name: 'an unreachable database → 503 with Retry-After',
    err: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    status: 503,
    code: 'DATABASE_UNAVAILABLE',
  },
]
for (const c of failures) {
  test(c.name, async () => {
    const failing = await makeTestApp()
    try {
      failing.services.keys.authenticate = async () => {
        throw c.err
      }
      const res = await failing.app.inject({
        method: 'POST',
        url: '/v2/components/echo',
        headers: { 'x-api-key': 'ci_any-key-1234567' },
        payload: {},
      })
      assert.equal(res.statusCode, c.status)
      assert.equal(res.json().error.code, c.code)
      assert.ok(!res.body.includes('secret') && !res.body.includes('5432'), res.body)
      if (c.status === 503) assert.ok(Number(res.headers['retry-after']) > 0)
    } finally {
      await failing.close()
    }
  })
}

/** A batch POST of every area that answers per component, and where its answers sit in the reply. */
const BATCHES: [string, string][] = [
  ['/v2/licenses/components', 'components'],
  ['/v2/vulnerabilities/components', 'components'],
  ['/v2/vulnerabilities/cpes/components', 'components'],
  ['/v2/cryptography/algorithms/components', 'components'],
  ['/v2/cryptography/hints/range/components', 'components'],
  ['/v2/components/status/components', 'components'],
  ['/v2/geoprovenance/countries/components', 'components_locations'],
  ['/v2/semgrep/issues/components', 'components'],
]

for (const [url, key] of BATCHES)
  test(`${url}: a failed component carries its outcome in both spellings, with the same values`, async () => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'x-api-key': t.keys.full },
      payload: { components: [{ purl: 'not a purl' }] },
    })
    assert.equal(res.statusCode, 200, res.body)
    const [one] = res.json()[key] as Record<string, unknown>[]
    // components status puts the outcome inside component_status
    const o = (one?.component_status ?? one) as Record<string, unknown>
    assert.equal(o.error_code, 'INVALID_PURL', JSON.stringify(one))
    assert.equal(o.info_code, o.error_code)
    assert.equal(o.info_message, o.error_message)
    assert.ok(typeof o.error_message === 'string' && o.error_message !== '')
  })
