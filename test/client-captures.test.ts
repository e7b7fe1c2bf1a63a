// Replays every /v2 request recorded from the real scanoss-js and scanoss-py clients (FIXTURE:
// test/fixtures/client-captures/v2-requests.json) against compintel: each one an endpoint serves must get HTTP 200,
// status SUCCESS, every list present as an array, and one answer per component asked for, in order. The component,
// license and dependency requests are then checked field by field against the FIXTURE KBs (kb-fixture-captures.ts
// holds the packages they name).
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, test } from 'node:test'
import { makeTestApp, type TestApp } from './helpers/app.ts'
import { loadFixtureKb } from './helpers/kb-fixture.ts'
import { CAPTURES_ISSUES, CAPTURES_STATISTICS, loadCapturesFixtureKb } from './helpers/kb-fixture-captures.ts'
import { spdxLicense as spdx } from './helpers/spdx-expected.ts'

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
  '/v2/cryptography/algorithms/components',
  '/v2/cryptography/algorithms/range/components',
  '/v2/cryptography/algorithms/versions/range/components',
  '/v2/cryptography/hints/components',
  '/v2/cryptography/hints/components/range',
  '/v2/scanning/hfh/scan',
  '/v2/semgrep/issues/components',
]
const LISTS = new Set([
  'results',
  'components',
  'versions',
  'licenses',
  'files',
  'dependencies',
  'purls',
  'component_statistics',
])

let t: TestApp
before(async () => {
  t = await makeTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE_PER_IP: '100000' } })
  await loadFixtureKb(t.storage)
  await loadCapturesFixtureKb(t.storage)
})
after(() => t.close())

function served(method: string, path: string): boolean {
  return t.app.routeTable.some((r) => r.method === method && r.pattern.test(path))
}

/** Every field named like a list is an array, at any depth (but a language's `files` is its file count). */
function listsAreArrays(value: unknown, where: string): void {
  if (Array.isArray(value)) for (const [i, v] of value.entries()) listsAreArrays(v, `${where}[${i}]`)
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      const count = k === 'files' && /\.languages\[\d+\]$/.test(where)
      if (LISTS.has(k) && !count) assert.ok(Array.isArray(v), `${where}.${k} is not a list`)
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

/** Replays a capture as sent (the recorded key replaced by the test's). */
async function replay(c: Captured) {
  const path = c.path.replace(/^\/prefix/, '')
  const headers: Record<string, string> = {}
  for (const [name, value] of c.headers) {
    const lower = name.toLowerCase()
    if (['host', 'content-length', 'connection'].includes(lower)) continue
    headers[name] = lower === 'x-api-key' || lower === 'x-session' ? t.keys.full : value
  }
  headers['x-api-key'] ??= t.keys.full
  return t.app.inject({ method: c.method, url: path, headers, payload: c.body || undefined })
}

test('every captured client request to an endpoint compintel serves gets a well-formed 200', async () => {
  const replayed = new Set<string>()
  for (const c of requests) {
    const bare = c.path.replace(/^\/prefix/, '').split('?')[0] as string
    if (!served(c.method, bare)) continue
    replayed.add(bare)
    const res = await replay(c)
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

// What the fixture KBs say about every purl the captures name (written out, not computed by compintel's code).

const MIT = spdx('MIT', 'MIT License')
const GPL2 = spdx('GPL-2.0-only', 'GNU General Public License v2.0 only')
/** The legacy dependencies call and the versions call name a license {name, spdx_id, is_spdx_approved, url}. */
const short = (l: typeof MIT) => ({ name: l.id, spdx_id: l.id, is_spdx_approved: l.is_spdx_approved, url: l.url })

interface Known {
  component: string
  url: string
  license: typeof MIT
  /** requirement in force → the version the KB resolves it to */
  resolves: Record<string, string>
}
const NPM = (name: string) => `https://www.npmjs.com/package/${name}`
const KNOWN: Record<string, Known> = {
  'pkg:npm/lodash': { component: 'lodash', url: NPM('lodash'), license: MIT, resolves: { '4.17.21': '4.17.21' } },
  // ^15.0.0: the highest 15.x (15.2.10), although 16.0.0 exists
  'pkg:npm/%40angular/core': {
    component: '@angular/core',
    url: NPM('@angular/core'),
    license: MIT,
    resolves: { '^15.0.0': '15.2.10' },
  },
  'pkg:npm/mocha': { component: 'mocha', url: NPM('mocha'), license: MIT, resolves: { '~10.2.0': '10.2.0' } },
  // no requirement: the highest version (2.0.0), not the newest release (1.1.1)
  'pkg:github/scanoss/scanner.c': {
    // named as the reference names it: the repository, its owner the vendor (docs/api-behaviour.md "Component names")
    component: 'scanner.c',
    url: 'https://github.com/scanoss/scanner.c',
    license: GPL2,
    resolves: { '1.0.0': '1.0.0', '': '2.0.0' },
  },
}
/** Purls the captures name that the KB does not hold → the `component` the legacy call names them by. */
const UNKNOWN: Record<string, string> = {
  'pkg:pypi/requests': 'requests',
  'pkg:pypi/flask': 'flask',
  'pkg:github/other/thing': 'thing',
  'pkg:deb/debian/libc6': 'libc6',
  'pkg:deb/debian/openssl': 'openssl',
}

/** purl → the purl without its @version (qualifiers kept), that version, and the purl without qualifiers either. */
function split(purl: string): { echoed: string; version: string | undefined; key: string } {
  const m = /^([^@?#]*)(?:@([^?#]*))?(.*)$/.exec(purl) as RegExpExecArray
  return { echoed: `${m[1]}${m[3]}`, version: m[2], key: m[1] as string }
}

function known(key: string, requirement: string, what: string): Known & { version: string } {
  const k = KNOWN[key]
  const version = k?.resolves[requirement]
  assert.ok(k && version, `${what}: the test does not know what ${key} (${requirement}) resolves to; add it`)
  return { ...k, version }
}

function dependencyEntry(item: { purl: string; requirement?: string }, what: string) {
  const { echoed, version, key } = split(item.purl)
  const requirement = version ?? item.requirement ?? ''
  const unknown = UNKNOWN[key]
  if (unknown !== undefined)
    return {
      component: unknown,
      purl: item.purl, // an unknown component is echoed as sent, @version and qualifiers included
      version: '',
      licenses: [],
      url: '',
      comment: '',
      requirement,
      error_code: 'COMPONENT_NOT_FOUND',
      error_message: 'Component not found',
      info_code: 'COMPONENT_NOT_FOUND',
      info_message: 'Component not found',
    }
  const k = known(key, requirement, what)
  return {
    component: k.component,
    purl: echoed,
    version: k.version,
    licenses: [short(k.license)],
    url: k.url,
    comment: '',
    requirement,
  }
}

function licenseResult(item: { purl: string; requirement?: string }, what: string) {
  const { version, key } = split(item.purl)
  const k = known(key, version ?? item.requirement ?? '', what)
  return {
    // purl and requirement echoed exactly as sent (docs/api-behaviour.md "Wire conventions")
    purl: item.purl,
    requirement: item.requirement ?? '',
    version: k.version,
    statement: k.license.id,
    licenses: [k.license],
    url: k.url,
  }
}

function statisticsResult(item: { purl: string; requirement?: string }, what: string) {
  const { key } = split(item.purl)
  const k = known(key, item.requirement ?? '', what)
  const statistics = key === 'pkg:npm/lodash' ? CAPTURES_STATISTICS.lodash : CAPTURES_STATISTICS.scanner
  return { purl: item.purl, version: k.version, statistics }
}

const SCANNER_HIT = {
  name: 'scanner.c',
  purl: 'pkg:github/scanoss/scanner.c',
  url: 'https://github.com/scanoss/scanner.c',
  component: 'scanner.c',
}
const SEARCHES: Record<string, unknown[]> = {
  'search=scanner': [SCANNER_HIT],
  // the targeted form finds it too, but the client asked to skip the first 10 hits
  'search=scanner&vendor=scanoss&component=scanner.c&package=github&limit=5&offset=10': [],
}
/** scanner.c's versions newest release first: the 1.1.1 backport before 2.0.0, the undated 0.9.0 last. */
const SCANNER_VERSIONS = [
  ['1.1.1', '2021-05-01T00:00:00.000Z'],
  ['2.0.0', '2021-03-01T00:00:00.000Z'],
  ['1.1.0', '2020-06-01T00:00:00.000Z'],
  ['1.0.0', '2020-01-10T00:00:00.000Z'],
  ['0.9.0', ''],
].map(([version, date]) => ({ version, date, licenses: [short(GPL2)] }))

/** The expected answer (without `status`) of a captured request, or undefined for endpoints not checked here. */
function expected(c: Captured, what: string): unknown {
  const [path, query = ''] = c.path.split('?') as [string, string?]
  const body = c.body ? JSON.parse(c.body) : undefined
  switch (path) {
    case '/v2/components/search':
      assert.ok(query in SEARCHES, `${what}: no expectation for this search; add it`)
      return { components: SEARCHES[query] }
    case '/v2/components/versions': {
      const params = new URLSearchParams(query)
      assert.equal(params.get('purl'), 'pkg:github/scanoss/scanner.c', `${what}: no expectation; add it`)
      return {
        // source_purl: compintel's addition (a pkg:github component is its own source: none recorded)
        component: {
          ...SCANNER_HIT,
          source_purl: '',
          versions: SCANNER_VERSIONS.slice(0, Number(params.get('limit') ?? 50)),
        },
      }
    }
    case '/v2/components/statistics': {
      // scanoss-js sends the old {purls: [...]} shape and reads `purls`: both keys carry the list
      const stats = body.purls.map((p: { purl: string; requirement?: string }) => statisticsResult(p, what))
      return { component_statistics: stats, purls: stats }
    }
    case '/v2/licenses/components':
      return { components: body.components.map((p: { purl: string }) => licenseResult(p, what)) }
    case '/v2/dependencies/dependencies':
      return {
        files: body.files.map((f: { file: string; purls: { purl: string; requirement?: string }[] }) => ({
          file: f.file,
          id: 'dependency',
          status: 'pending',
          dependencies: f.purls.map((p) => dependencyEntry(p, what)),
        })),
      }
    default:
      return undefined
  }
}

test('the captured component, license and dependency requests get the fixture KB facts, field by field', async () => {
  const checked = new Map<string, number>()
  for (const c of requests) {
    const what = `${c.run}: ${c.method} ${c.path}`
    const want = expected(c, what)
    if (want === undefined) continue
    const res = await replay(c)
    assert.equal(res.statusCode, 200, `${what} → ${res.statusCode} ${res.body}`)
    const { status, ...got } = res.json()
    assert.deepEqual(got, want, what)
    assert.equal(status.status, 'SUCCESS', what)
    if (c.path.startsWith('/v2/components/')) {
      assert.match(status.db?.created_at ?? '', /^\d{4}-/, `${what}: status.db`)
      assert.equal(status.server?.version, '0.0.0-test', `${what}: status.server`)
    }
    const path = c.path.split('?')[0] as string
    checked.set(path, (checked.get(path) ?? 0) + 1)
  }
  for (const p of [
    '/v2/components/search',
    '/v2/components/versions',
    '/v2/components/statistics',
    '/v2/licenses/components',
    '/v2/dependencies/dependencies',
  ])
    assert.ok((checked.get(p) ?? 0) > 0, `no capture checked for ${p}`)
})

test('the targeted search of the captures finds scanner.c when no hits are skipped', async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/v2/components/search?search=scanner&vendor=scanoss&component=scanner.c&package=github&limit=5',
    headers: { 'x-api-key': t.keys.full },
  })
  assert.deepEqual(res.json().components, [SCANNER_HIT])
})

test('the captured scanoss-py `comp semgrep` request gets the fixture issues of lodash 4.17.21 in the reference shape', async () => {
  const captured = requests.filter((c) => c.path.endsWith('/v2/semgrep/issues/components'))
  assert.ok(captured.length > 0)
  for (const c of captured) {
    const res = await replay(c)
    assert.equal(res.statusCode, 200, res.body)
    const body = res.json()
    const asked = JSON.parse(c.body).components as { purl: string }[]
    assert.deepEqual(
      body.components,
      asked.map(({ purl }) => {
        assert.equal(purl, 'pkg:npm/lodash@4.17.21', 'the test knows the issues of lodash 4.17.21 only; add others')
        const [file] = CAPTURES_ISSUES.files
        return {
          purl,
          version: '4.17.21',
          requirement: '', // as sent: the client sends none, the purl's @version is in force
          files: [
            {
              fileMD5: file?.md5,
              path: file?.path,
              issues: file?.issues.map((i) => ({
                ruleID: i.rule,
                from: String(i.from),
                to: String(i.to),
                severity: i.severity,
              })),
            },
          ],
          ruleset_version: CAPTURES_ISSUES.ruleset,
        }
      }),
    )
    assert.deepEqual(body.status.status, 'SUCCESS')
  }
})
