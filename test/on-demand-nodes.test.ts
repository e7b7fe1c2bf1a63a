// On demand across nodes (PostgreSQL, TEST_DATABASE_URL): two API nodes on one KB, each with its own on-demand
// worker, asked for the same unknown package at the same moment, queue it once and fetch it once; both answer it.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import pg from 'pg'
import { openStorage } from '../src/storage/database.ts'
import { makeTestApp, type TestApp } from './helpers/app.ts'
import { type FixtureRegistry, startFixtureRegistry } from './helpers/fixture-registry.ts'

const url = process.env.TEST_DATABASE_URL
const schema = `t_${randomBytes(6).toString('hex')}`
let reg: FixtureRegistry
const nodes: TestApp[] = []

async function admin(q: string): Promise<void> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  await c.query(q)
  await c.end()
}

before(async () => {
  if (!url) return
  reg = await startFixtureRegistry()
  await admin(`create schema ${schema}`)
  for (let i = 0; i < 2; i++)
    nodes.push(
      await makeTestApp({
        storage: openStorage({ kind: 'postgres', url }, { schema, poolSize: 4 }),
        env: { ON_DEMAND_WAIT_MS: '15000' },
        onDemandRegistry: { registry: reg.url, cache: mkdtempSync(path.join(tmpdir(), 'ci-od-node-')) },
      }),
    )
})

after(async () => {
  for (const n of nodes) {
    await n.close()
    await n.storage.close()
  }
  await reg?.close()
  if (url) await admin(`drop schema if exists ${schema} cascade`)
})

test('two nodes asked for one unknown package at once fetch it once', {
  skip: !url && 'TEST_DATABASE_URL not set',
}, async () => {
  const [a, b] = nodes as [TestApp, TestApp]
  // keys are per node's store but the store is shared: each node's own key works on both
  const ask = (t: TestApp) =>
    t.app.inject({
      method: 'POST',
      url: '/v2/cryptography/algorithms/components',
      headers: { 'x-api-key': t.keys.full },
      payload: { components: [{ purl: 'pkg:npm/fixture-crypto@2.0.0' }] },
    })
  const answers = await Promise.all([ask(a), ask(b), ask(a), ask(b)])
  for (const res of answers) {
    assert.equal(res.statusCode, 200)
    const [c] = res.json().components
    assert.equal(c.error_code, undefined, JSON.stringify(c))
  }
  const units = await a.storage.db.selectFrom('ingest_queue').selectAll().where('name', '=', 'fixture-crypto').execute()
  assert.equal(units.length, 1, 'one unit of work')
  assert.equal(reg.requests.filter((r) => r.startsWith('GET /fixture-crypto/-/')).length, 1, 'one download')
})
