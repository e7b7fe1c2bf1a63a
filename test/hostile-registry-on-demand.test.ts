// A hostile registry (FIXTURE answers on 127.0.0.1) behind on-demand learning: a package refused for good is fetched
// once, its unit fails without retries and says why (so does the answer), and no request brings it back within
// ON_DEMAND_NEGATIVE_TTL, whatever version it asks for; a package that holds its unit until the timeout holds a thread
// that long only once.
import assert from 'node:assert/strict'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { makeTestApp, type TestApp } from './helpers/app.ts'
import { type HostileRegistry, startHostileRegistry } from './helpers/hostile-registry.ts'

let reg: HostileRegistry
before(async () => {
  reg = await startHostileRegistry()
})
after(async () => reg.close())

const app = (env: Record<string, string> = {}) =>
  makeTestApp({
    env: { ON_DEMAND_WAIT_MS: '8000', ...env },
    onDemandRegistry: { registry: reg.url, cache: mkdtempSync(path.join(tmpdir(), 'ci-hostile-od-')) },
  })

async function ask(t: TestApp, purl: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/licenses/components',
    headers: { 'x-api-key': t.keys.full },
    payload: { components: [{ purl }] },
  })
  assert.equal(res.statusCode, 200, res.body)
  return res.json().components[0] as Record<string, unknown>
}

const units = (t: TestApp, name: string) =>
  t.storage.db
    .selectFrom('ingest_queue')
    .select(['state', 'attempts', 'last_error'])
    .where('name', '=', name)
    .orderBy('id')
    .execute()

async function ended(t: TestApp, name: string) {
  for (let i = 0; i < 200; i++) {
    const rows = await units(t, name)
    if (rows.length > 0 && rows.every((r) => r.state === 'done' || r.state === 'failed')) return rows
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`the unit of ${name} did not end`)
}

describe('on demand from a hostile registry', () => {
  test('a refused packument fails its unit once, for good, and is not fetched again for another version', async () => {
    reg.route('/od-not-json', (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"na'))
    const t = await app()
    try {
      const first = await ask(t, 'pkg:npm/od-not-json@1.0.0')
      assert.equal(first.info_code, 'COMPONENT_NOT_FOUND')
      const why =
        /^Component not found; it could not be learned from its source \(refused \(format\): the packument of od-not-json is not JSON/
      assert.match(String(first.info_message), why)
      // its known unit fails once; its analysis unit, pending, fails with it without a fetch
      const rows = await ended(t, 'od-not-json')
      assert.deepEqual(
        rows.map((r) => [r.state, r.attempts]),
        [
          ['failed', 1],
          ['failed', 0],
        ],
      )
      for (const r of rows)
        assert.match(String(r.last_error), /^refused \(format\): the packument of od-not-json is not JSON/)
      const other = await ask(t, 'pkg:npm/od-not-json@2.0.0')
      assert.match(String(other.info_message), why, 'the failure a moment ago says why')
      assert.equal((await units(t, 'od-not-json')).length, 2, 'no other unit within the negative TTL')
      assert.equal(reg.seen.filter((s) => s.path === '/od-not-json').length, 1)
    } finally {
      await t.close()
    }
  })

  test('a package that outlasts ON_DEMAND_TIMEOUT_MS is given up once and not retried', async () => {
    const held: (() => void)[] = []
    reg.route('/od-slow', (_req, res) => {
      held.push(() => res.destroy())
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"name":"od-slow",') // and nothing more
    })
    const t = await app({ ON_DEMAND_TIMEOUT_MS: '5000', ON_DEMAND_WAIT_MS: '0' })
    try {
      await ask(t, 'pkg:npm/od-slow@1.0.0')
      const [unit] = await ended(t, 'od-slow')
      assert.equal(unit?.state, 'failed')
      assert.equal(unit?.attempts, 1)
      assert.match(String(unit?.last_error), /gave up after 5000 ms/)
      const fetched = reg.seen.filter((s) => s.path === '/od-slow').length
      assert.ok(fetched <= 1, 'the unit was not retried')
      await ask(t, 'pkg:npm/od-slow@1.0.1')
      assert.equal(reg.seen.filter((s) => s.path === '/od-slow').length, fetched, 'nor asked for again')
    } finally {
      for (const h of held) h()
      await t.close()
    }
  })
})
