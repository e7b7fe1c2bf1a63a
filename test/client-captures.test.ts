// Replays every /v2 request recorded from the real scanoss-js and scanoss-py clients (FIXTURE:
// test/fixtures/client-captures/v2-requests.json) against compintel: each one an endpoint serves must get HTTP 200,
// status SUCCESS, every list present as an array, and one answer per component asked for, in order.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, test } from 'node:test'
import { makeTestApp, type TestApp } from './helpers/app.ts'
import { loadFixtureKb } from './helpers/kb-fixture.ts'

interface Captured {
  run: string
  client: string
  method: 'GET' | 'POST'
  path: string
  headers: [string, string][]
  body: string
}
const { requests } = JSON.parse(
  readFileSync(new URL('./fixtures/client-captures/v2-requests.json', import.meta.url), 'utf8'),
) as { requests: Captured[] }

/** Endpoints that must be replayed (more join as their areas land: every served capture is replayed anyway). */
const REQUIRED = [
  '/v2/components/search',
  '/v2/components/versions',
  '/v2/components/statistics',
  '/v2/licenses/components',
  '/v2/dependencies/dependencies',
  '/v2/vulnerabilities/components',
  '/api/v2/vulnerabilities/component',
]
const LISTS = new Set(['components', 'versions', 'licenses', 'files', 'dependencies', 'purls', 'component_statistics'])

let t: TestApp
before(async () => {
  t = await makeTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE_PER_IP: '100000' } })
  await loadFixtureKb(t.storage)
})
after(() => t.close())

function served(method: string, path: string): boolean {
  return t.app.routeTable.some((r) => r.method === method && r.pattern.test(path))
}

/** Every field named like a list is an array, at any depth. */
function listsAreArrays(value: unknown, where: string): void {
  if (Array.isArray(value)) value.forEach((v, i) => listsAreArrays(v, `${where}[${i}]`))
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (LISTS.has(k)) assert.ok(Array.isArray(v), `${where}.${k} is not a list`)
      listsAreArrays(v, `${where}.${k}`)
    }
}

/** How many answers a request asks for, and under which key they come back. */
function asked(c: Captured): { key: string; n: number } | undefined {
  if (c.method !== 'POST') return undefined
  const body = JSON.parse(c.body)
  if (c.path.endsWith('/dependencies/dependencies')) return { key: 'files', n: body.files.length }
  if (c.path.endsWith('/components/statistics')) return { key: 'component_statistics', n: body.purls.length }
  if (c.path.includes('/geoprovenance/')) return { key: 'components_locations', n: body.components.length }
  if (Array.isArray(body.components)) return { key: 'components', n: body.components.length }
  return undefined
}

test('every captured client request to an endpoint compintel serves gets a well-formed 200', async () => {
  const replayed = new Set<string>()
  for (const c of requests) {
    const path = c.path.replace(/^\/prefix/, '')
    const bare = path.split('?')[0] as string
    if (!served(c.method, bare)) continue
    replayed.add(bare)
    const headers: Record<string, string> = {}
    for (const [name, value] of c.headers) {
      const lower = name.toLowerCase()
      if (['host', 'content-length', 'connection'].includes(lower)) continue
      headers[name] = lower === 'x-api-key' || lower === 'x-session' ? t.keys.full : value
    }
    headers['x-api-key'] ??= t.keys.full
    const res = await t.app.inject({ method: c.method, url: path, headers, payload: c.body || undefined })
    const what = `${c.run}: ${c.method} ${c.path}`
    assert.equal(res.statusCode, 200, `${what} → ${res.statusCode} ${res.body}`)
    const body = res.json()
    assert.equal(body.status?.status, 'SUCCESS', what)
    listsAreArrays(body, what)
    const want = asked(c)
    if (want) assert.equal(body[want.key]?.length, want.n, `${what}: one answer per item`)
  }
  for (const r of REQUIRED) assert.ok(replayed.has(r), `no captured request replayed for ${r}`)
})
