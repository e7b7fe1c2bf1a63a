// On-demand learning in the dependencies calls (src/domain/dependencies/learning.ts; docs/kb-growth.md "Dependencies
// and scans") against the FIXTURE registry on 127.0.0.1: the legacy call fetches a package the KB lacks and answers
// it, says when it is still being fetched, analyzes a known version the KB never walked, keeps the budget and
// ON_DEMAND=off; the transitive walk fetches its unknown input and queues the dependencies it then lists.
import assert from 'node:assert/strict'
import { mkdtempSync } from 'node:fs'
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

const packumentRequests = (name: string) => reg.requests.filter((r) => r === `GET /${name}`).length

async function app(env: Record<string, string> = {}): Promise<TestApp> {
  const cache = mkdtempSync(path.join(tmpdir(), 'ci-odd-'))
  return makeTestApp({ env: { ON_DEMAND_WAIT_MS: '30000', ...env }, onDemandRegistry: { registry: reg.url, cache } })
}

type Dependency = Record<string, unknown> & { licenses: { spdx_id: string }[] }

async function dependencies(t: TestApp, purls: { purl: string; requirement?: string }[]): Promise<Dependency[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/dependencies/dependencies',
    headers: { 'x-api-key': t.keys.full },
    payload: { files: [{ file: 'package.json', purls }] },
  })
  assert.equal(res.statusCode, 200, res.body)
  return res.json().files[0].dependencies
}

async function transitive(t: TestApp, purl: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/dependencies/transitive/components',
    headers: { 'x-api-key': t.keys.full },
    payload: { components: [{ purl }] },
  })
  assert.equal(res.statusCode, 200, res.body)
  return res.json() as { dependencies: { purl: string; version: string }[]; status: { message: string } }
}

async function units(t: TestApp, name: string): Promise<{ state: string }[]> {
  return t.storage.db.selectFrom('ingest_queue').select('state').where('name', '=', name).execute()
}

/** Waits until every unit of the package has ended (the worker's work, not a clock). */
async function drained(t: TestApp, name: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const open = (await units(t, name)).filter((u) => u.state === 'pending' || u.state === 'active')
    if (open.length === 0) return
    await new Promise((r) => setTimeout(r, 100))
  }
  assert.fail(`the units of ${name} did not end`)
}

async function walkedVersions(t: TestApp, purl: string): Promise<string[]> {
  const rows = await t.storage.db
    .selectFrom('analyses as a')
    .innerJoin('versions as v', 'v.id', 'a.version_id')
    .innerJoin('components as c', 'c.id', 'v.component_id')
    .select('v.version')
    .where('c.purl', '=', purl)
    .where('a.analyzer', '=', 'files')
    .execute()
  return rows.map((r) => r.version).sort()
}

describe('dependencies learn on demand', () => {
  test('a package the KB lacks is fetched and answered; a known version never walked is analyzed', async () => {
    const t = await app()
    try {
      const [alpha, scoped] = await dependencies(t, [
        { purl: 'pkg:npm/fixture-alpha@1.1.0' },
        { purl: 'pkg:npm/%40fixture/scoped', requirement: '^2.0.0' },
      ])
      assert.equal(alpha?.info_code, undefined, JSON.stringify(alpha))
      assert.equal(alpha?.version, '1.1.0')
      assert.deepEqual(
        alpha?.licenses.map((l) => l.spdx_id),
        ['MIT'],
      )
      assert.equal(scoped?.version, '2.0.0', JSON.stringify(scoped))
      // answered once known (its packument); the version asked is walked by the analysis unit queued with it
      await drained(t, 'fixture-alpha')
      assert.deepEqual(await walkedVersions(t, 'pkg:npm/fixture-alpha'), ['1.1.0'], 'the version asked, analyzed')
      assert.equal((await units(t, 'fixture-alpha')).length, 2)
      // 1.0.0 is known now (from the packument) but its files were never walked: a request naming it has it analyzed
      const [known] = await dependencies(t, [{ purl: 'pkg:npm/fixture-alpha@1.0.0' }])
      assert.equal(known?.info_code, undefined, JSON.stringify(known))
      assert.equal(known?.version, '1.0.0')
      await drained(t, 'fixture-alpha')
      assert.deepEqual(await walkedVersions(t, 'pkg:npm/fixture-alpha'), ['1.0.0', '1.1.0'])
      assert.equal((await units(t, 'fixture-alpha')).length, 3, 'its analysis alone')
      // what is known and walked is answered from the KB: no new work, the same answer
      const [again] = await dependencies(t, [{ purl: 'pkg:npm/fixture-alpha@1.0.0' }])
      assert.deepEqual(again, known)
      assert.equal((await units(t, 'fixture-alpha')).length, 3)
    } finally {
      await t.close()
    }
  })

  test('a package still arriving after the wait is answered unknown, being fetched, then by the next request', async () => {
    const t = await app({ ON_DEMAND_WAIT_MS: '300' })
    const held = reg.hold('/fixture-issues')
    try {
      const [slow] = await dependencies(t, [{ purl: 'pkg:npm/fixture-issues@1.0.0' }])
      assert.equal(slow?.info_code, 'COMPONENT_NOT_FOUND')
      assert.match(String(slow?.info_message), /being fetched .* ask again shortly/)
      await held.arrived
      held.release()
      await drained(t, 'fixture-issues')
      const [answered] = await dependencies(t, [{ purl: 'pkg:npm/fixture-issues@1.0.0' }])
      assert.equal(answered?.info_code, undefined, JSON.stringify(answered))
      assert.equal(answered?.version, '1.0.0')
    } finally {
      held.release()
      await t.close()
    }
  })

  test('over the per-key budget a package is not fetched; ON_DEMAND=off answers from the KB alone', async () => {
    const t = await app({ ON_DEMAND_PER_KEY_PER_MINUTE: '1' })
    try {
      const before = packumentRequests('fixture-hfh-twin')
      const [first, second] = await dependencies(t, [
        { purl: 'pkg:npm/fixture-hfh-other@3.0.0' },
        { purl: 'pkg:npm/fixture-hfh-twin@1.0.0' },
      ])
      assert.equal(first?.info_code, undefined, 'the first package within the budget')
      assert.equal(second?.info_code, 'COMPONENT_NOT_FOUND')
      assert.doesNotMatch(String(second?.info_message), /being fetched/)
      assert.equal(packumentRequests('fixture-hfh-twin'), before, 'over the budget: never asked of the registry')
    } finally {
      await t.close()
    }
    const off = await app({ ON_DEMAND: 'off' })
    try {
      const before = packumentRequests('fixture-beta')
      const [beta] = await dependencies(off, [{ purl: 'pkg:npm/fixture-beta@0.3.0' }])
      assert.equal(beta?.info_code, 'COMPONENT_NOT_FOUND')
      assert.doesNotMatch(String(beta?.info_message), /being fetched/)
      assert.equal(packumentRequests('fixture-beta'), before)
      assert.equal((await units(off, 'fixture-beta')).length, 0)
      const walk = await transitive(off, 'pkg:npm/fixture-beta@0.3.0')
      assert.match(walk.status.message, /skipped 1 input/)
      assert.doesNotMatch(walk.status.message, /being fetched/)
      assert.equal((await units(off, 'fixture-beta')).length, 0)
    } finally {
      await off.close()
    }
  })

  test('the transitive walk fetches its unknown input and queues the dependencies it lists without a version', async () => {
    const t = await app()
    try {
      const first = await transitive(t, 'pkg:npm/fixture-alpha@1.1.0')
      assert.doesNotMatch(first.status.message, /skipped/, 'the input was fetched within the wait')
      assert.deepEqual(first.dependencies.map((d) => [d.purl, d.version]).sort(), [
        ['pkg:npm/%40fixture/scoped', ''],
        ['pkg:npm/fixture-beta', ''],
      ])
      assert.equal((await units(t, 'fixture-beta')).length, 2, 'queued for the next request, one unit a phase')
      assert.equal((await units(t, '@fixture/scoped')).length, 2)
      await drained(t, 'fixture-beta')
      await drained(t, '@fixture/scoped')
      const second = await transitive(t, 'pkg:npm/fixture-alpha@1.1.0')
      assert.deepEqual(second.dependencies.map((d) => [d.purl, d.version]).sort(), [
        ['pkg:npm/%40fixture/scoped', '2.0.0'],
        ['pkg:npm/fixture-beta', '0.3.0'],
      ])
      assert.equal(second.status.message, 'Success')
    } finally {
      await t.close()
    }
  })
})
