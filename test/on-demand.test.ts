// On-demand learning (docs/kb-growth.md) against the fixture registry on 127.0.0.1: an unknown package answered
// within the wait, exactly the versions asked analyzed, a slow one answered by the next request, one fetch however
// many requests ask at once, negative caching, the per-key budget, ON_DEMAND=off and metadata, and bad input that
// never reaches the registry. Two nodes on PostgreSQL: test/on-demand-nodes.test.ts.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { makeTestApp, type TestApp } from './helpers/app.ts'
import { type FixtureRegistry, startFixtureRegistry } from './helpers/fixture-registry.ts'

let reg: FixtureRegistry
before(async () => {
  reg = await startFixtureRegistry()
})
after(async () => reg?.close())

const registry = () => ({ registry: reg.url, cache: mkdtempSync(path.join(tmpdir(), 'ci-od-')) })
const packumentRequests = (name: string) => reg.requests.filter((r) => r === `GET /${name}`).length
const tarballRequests = (name: string) => reg.requests.filter((r) => r.startsWith(`GET /${name}/-/`)).length

async function app(env: Record<string, string> = {}): Promise<TestApp> {
  return makeTestApp({ env: { ON_DEMAND_WAIT_MS: '10000', ...env }, onDemandRegistry: registry() })
}

async function post(t: TestApp, url: string, purls: string[], key = t.keys.full) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'x-api-key': key },
    payload: { components: purls.map((purl) => ({ purl })) },
  })
  assert.equal(res.statusCode, 200, res.body)
  return res.json().components as Record<string, unknown>[]
}

/** The licenses answered for a purl (asserting it is answered). */
async function licenseIds(t: TestApp, purl: string): Promise<string[]> {
  const [lic] = await post(t, '/v2/licenses/components', [purl])
  assert.equal(lic?.info_code, undefined, JSON.stringify(lic))
  return ((lic?.licenses as { id: string }[] | undefined) ?? []).map((l) => l.id)
}

/** Units of work queued for a package (one fetch each). */
async function units(t: TestApp, name: string): Promise<number> {
  const rows = await t.storage.db.selectFrom('ingest_queue').select('id').where('name', '=', name).execute()
  return rows.length
}

async function analyzedVersions(t: TestApp, purl: string): Promise<string[]> {
  const rows = await t.storage.db
    .selectFrom('analyses as a')
    .innerJoin('versions as v', 'v.id', 'a.version_id')
    .innerJoin('components as c', 'c.id', 'v.component_id')
    .select('v.version')
    .distinct()
    .where('c.purl', '=', purl)
    .where('a.analyzer', '=', 'crypto')
    .execute()
  return rows.map((r) => r.version).sort()
}

describe('on demand', () => {
  test('an unknown package is fetched and exactly the version asked is analyzed, within the wait', async () => {
    const t = await app()
    try {
      assert.deepEqual(await licenseIds(t, 'pkg:npm/fixture-crypto@1.0.0'), ['MIT'])
      // cryptography waits for the analysis unit, queued with the known one: the version asked walked, not the latest
      const [algorithms] = await post(t, '/v2/cryptography/algorithms/components', ['pkg:npm/fixture-crypto@1.0.0'])
      assert.equal(algorithms?.error_code, undefined, JSON.stringify(algorithms))
      assert.deepEqual(await analyzedVersions(t, 'pkg:npm/fixture-crypto'), ['1.0.0'], 'not the latest: the asked')
      // the fetch's analysis lists the algorithms of each file too (the scan's cryptography block)
      const indexJs = readFileSync(new URL('fixtures/npm/fixture-crypto/1.0.0/index.js', import.meta.url))
      const perFile = await t.storage.db
        .selectFrom('file_algorithms')
        .select('algorithm')
        .where('md5', '=', createHash('md5').update(indexJs).digest('hex'))
        .execute()
      assert.ok(
        perFile.some((r) => r.algorithm === 'md5'),
        JSON.stringify(perFile),
      )
      // another version of the now known package: analyzed when asked about
      const [other] = await post(t, '/v2/cryptography/algorithms/components', ['pkg:npm/fixture-crypto@1.1.0'])
      assert.equal(other?.error_code, undefined, JSON.stringify(other))
      assert.deepEqual(await analyzedVersions(t, 'pkg:npm/fixture-crypto'), ['1.0.0', '1.1.0'])
    } finally {
      await t.close()
    }
  })

  test('licenses are answered once the package is known; cryptography waits for its analysis', async () => {
    const t = await app()
    const held = reg.hold('/fixture-cryptojs/-/') // its tarball: the analysis unit cannot end
    try {
      const declared = await licenseIds(t, 'pkg:npm/fixture-cryptojs@4.2.0')
      assert.deepEqual(declared, ['MIT'], 'the declared license, from the packument')
      const rows = await t.storage.db
        .selectFrom('ingest_queue')
        .select(['state', 'options'])
        .where('name', '=', 'fixture-cryptojs')
        .orderBy('id')
        .execute()
      assert.deepEqual(
        rows.map((r) => [r.state, JSON.parse(r.options).analyze]),
        [
          ['done', 'none'],
          [rows[1]?.state === 'active' ? 'active' : 'pending', 'asked'],
        ],
        'its analysis is queued and has not ended',
      )
      assert.deepEqual(await analyzedVersions(t, 'pkg:npm/fixture-cryptojs'), [])
      const crypto = post(t, '/v2/cryptography/algorithms/components', ['pkg:npm/fixture-cryptojs@4.2.0'])
      await held.arrived
      held.release()
      const [algorithms] = await crypto
      assert.equal(algorithms?.error_code, undefined, JSON.stringify(algorithms))
      assert.ok(((algorithms?.algorithms as unknown[] | undefined) ?? []).length > 0, JSON.stringify(algorithms))
      assert.deepEqual(await analyzedVersions(t, 'pkg:npm/fixture-cryptojs'), ['4.2.0'])
      assert.equal(packumentRequests('fixture-cryptojs'), 2, 'the analysis revalidated the packument (a 304)')
    } finally {
      held.release()
      await t.close()
    }
  })

  test('analyzed and found nothing is an empty success; NO_INFO only before any analysis', async () => {
    const t = await app()
    try {
      const [beta] = await post(t, '/v2/cryptography/algorithms/components', ['pkg:npm/fixture-beta@0.3.0'])
      assert.equal(beta?.error_code, undefined, JSON.stringify(beta))
      assert.deepEqual(beta?.algorithms, [])
      const [issues] = await post(t, '/v2/semgrep/issues/components', ['pkg:npm/fixture-beta@0.3.0'])
      assert.equal(issues?.error_code, undefined, JSON.stringify(issues))
      assert.deepEqual(issues?.files, [])
    } finally {
      await t.close()
    }
  })

  test('a slow package is answered as unknown, being fetched, and by the next request once it has arrived', async () => {
    // the wait bounds the batch (its slow packument never arrives within it); long enough for a thread to start and
    // learn the fast package on a loaded machine
    const t = await app({ ON_DEMAND_WAIT_MS: '9000' })
    const held = reg.hold('/fixture-hfh')
    try {
      const started = Date.now()
      const [slow, fast] = await post(t, '/v2/licenses/components', [
        'pkg:npm/fixture-hfh@1.0.0',
        'pkg:npm/fixture-alpha@1.1.0',
      ])
      assert.ok(Date.now() - started < 15_000, 'the batch is not held by its slow package')
      assert.equal(slow?.info_code, 'COMPONENT_NOT_FOUND')
      assert.match(String(slow?.info_message), /being fetched .* ask again shortly/)
      assert.equal(fast?.info_code, undefined, 'the fast package of the batch is answered')
      await held.arrived
      held.release()
      let answered: Record<string, unknown> | undefined
      for (let i = 0; i < 100 && answered?.info_code !== undefined; i++) {
        ;[answered] = await post(t, '/v2/licenses/components', ['pkg:npm/fixture-hfh@1.0.0'])
        if (answered?.info_code !== undefined) await new Promise((r) => setTimeout(r, 100))
      }
      assert.equal(answered?.info_code, undefined, JSON.stringify(answered))
      assert.equal(await units(t, 'fixture-hfh'), 2, 'one unit a phase: the later requests joined or found it done')
    } finally {
      held.release()
      await t.close()
    }
  })

  test('many requests for one package at once start one fetch', async () => {
    const t = await app()
    try {
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => post(t, '/v2/components/status/components', ['pkg:npm/fixture-issues@1.0.0'])),
      )
      for (const [a] of answers) assert.equal((a?.component_status as { status?: string })?.status, 'active')
      assert.equal(await units(t, 'fixture-issues'), 2, 'one unit a phase: what makes it known, its analysis')
      const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body
      assert.match(metrics, /compintel_on_demand_packages_total\{result="queued"\} 1\n/)
      assert.match(metrics, /compintel_on_demand_packages_total\{result="joined"\} 10\n/, 'each phase joined')
      assert.match(metrics, /compintel_on_demand_waits_total\{result="done"\} 6\n/)
      // its analysis (cryptography waits for it) walked the tarball once
      const [crypto] = await post(t, '/v2/cryptography/algorithms/components', ['pkg:npm/fixture-issues@1.0.0'])
      assert.equal(crypto?.error_code, undefined, JSON.stringify(crypto))
      assert.equal(await units(t, 'fixture-issues'), 2)
      assert.equal(tarballRequests('fixture-issues'), 1)
    } finally {
      await t.close()
    }
  })

  test('a name the registry does not have is remembered for ON_DEMAND_NEGATIVE_TTL', async () => {
    const t = await app()
    try {
      for (let i = 0; i < 3; i++) {
        const [a] = await post(t, '/v2/licenses/components', ['pkg:npm/no-such-fixture@1.0.0'])
        assert.equal(a?.info_code, 'COMPONENT_NOT_FOUND')
        assert.equal(a?.info_message, 'Component not found', 'not found at its source: nothing to explain')
      }
      assert.equal(packumentRequests('no-such-fixture'), 1)
    } finally {
      await t.close()
    }
  })

  test('one key starts at most ON_DEMAND_PER_KEY_PER_MINUTE fetches; over it, the old answer', async () => {
    const t = await app({ ON_DEMAND_PER_KEY_PER_MINUTE: '1' })
    try {
      const answers = await post(t, '/v2/components/status/components', [
        'pkg:npm/fixture-hfh-twin@1.0.0',
        'pkg:npm/fixture-hfh-other@3.0.0',
      ])
      const found = answers.map((a) => 'status' in (a.component_status as object))
      assert.deepEqual(found, [true, false], 'the first package within the budget, the second over it')
      assert.equal(packumentRequests('fixture-hfh-other'), 0)
      // another key has its own budget
      const [other] = await post(
        t,
        '/v2/components/status/components',
        ['pkg:npm/fixture-hfh-other@3.0.0'],
        t.keys.components,
      )
      assert.ok('status' in ((other?.component_status as object | undefined) ?? {}), JSON.stringify(other))
    } finally {
      await t.close()
    }
  })

  test('the versions of an unknown package are fetched for a single GET too', async () => {
    const t = await app({ ON_DEMAND: 'metadata' })
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/v2/components/versions?purl=pkg:npm/fixture-hfh-twin',
        headers: { 'x-api-key': t.keys.full },
      })
      const c = res.json().component
      assert.equal(c.error_code, undefined, res.body)
      assert.deepEqual(
        c.versions.map((v: { version: string }) => v.version),
        ['1.0.0'],
      )
    } finally {
      await t.close()
    }
  })

  test('ON_DEMAND=off answers from the KB alone; metadata fetches without analyzing', async () => {
    const off = await app({ ON_DEMAND: 'off' })
    try {
      const [a] = await post(off, '/v2/licenses/components', ['pkg:npm/@fixture/scoped@2.0.0'])
      assert.equal(a?.info_code, 'COMPONENT_NOT_FOUND')
      assert.equal(packumentRequests('@fixture/scoped'), 0)
    } finally {
      await off.close()
    }
    const meta = await app({ ON_DEMAND: 'metadata' })
    try {
      const [lic] = await post(meta, '/v2/licenses/components', ['pkg:npm/@fixture/scoped@2.0.0'])
      assert.equal(lic?.info_code, undefined, JSON.stringify(lic))
      const [crypto] = await post(meta, '/v2/cryptography/algorithms/components', ['pkg:npm/@fixture/scoped@2.0.0'])
      assert.equal(crypto?.error_code, 'NO_INFO', 'metadata mode analyzes nothing')
      assert.equal(tarballRequests('@fixture/scoped'), 0)
    } finally {
      await meta.close()
    }
  })

  test('bad input never reaches the registry', async () => {
    const t = await app()
    try {
      const seen = reg.requests.length
      const bad = ['pkg:npm/', 'not a purl', 'pkg:npm/.hidden@1.0.0', 'pkg:npm/a%20b@1.0.0', 'pkg:npm/_under@1']
      const answers = await post(t, '/v2/licenses/components', bad)
      for (const a of answers) assert.ok(a.info_code === 'INVALID_PURL' || a.info_code === 'COMPONENT_NOT_FOUND')
      const other = await post(t, '/v2/licenses/components', ['pkg:maven/org.example/lib@1.0'])
      assert.equal(other[0]?.info_code, 'COMPONENT_NOT_FOUND', 'only npm is learned on demand')
      assert.equal(reg.requests.length, seen)
    } finally {
      await t.close()
    }
  })
})
