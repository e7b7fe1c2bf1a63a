// Overload and outages: 503 with Retry-After while the KB is unreachable or the server is under pressure (heap,
// event-loop delay), /ready reports it, and the server recovers by itself when the database returns (PostgreSQL
// behind a TCP proxy that the test cuts and restores) or the pressure ends.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { openStorage } from '../src/storage/database.ts'
import { makeTestApp, type TestApp } from './helpers/app.ts'
import { startTcpProxy } from './helpers/tcp-proxy.ts'

/** POST /v2/components/echo with the test's full key. */
function echoOf(t: TestApp) {
  return () =>
    t.app.inject({ method: 'POST', url: '/v2/components/echo', headers: { 'x-api-key': t.keys.full }, payload: {} })
}

async function eventually(check: () => Promise<boolean>, what: string, ms = 8000): Promise<void> {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await check()) return
    await sleep(100)
  }
  assert.fail(`timed out waiting for ${what}`)
}

test('a failing health check turns requests into 503 + Retry-After, and recovery needs no restart', async () => {
  let up = true
  const t = await makeTestApp({
    env: { HEALTH_CHECK_INTERVAL_MS: '100' },
    pingDatabase: async () => {
      if (!up) throw new Error('down')
    },
  })
  const echo = echoOf(t)
  try {
    assert.equal((await echo()).statusCode, 200)
    up = false
    await eventually(async () => (await echo()).statusCode === 503, '503')
    const res = await echo()
    assert.equal(res.json().error.code, 'DATABASE_UNAVAILABLE')
    assert.ok(Number(res.headers['retry-after']) > 0)
    const ready = await t.app.inject({ method: 'GET', url: '/ready' })
    assert.equal(ready.statusCode, 503)
    assert.equal(ready.json().database, 'unreachable')
    assert.equal((await t.app.inject({ method: 'GET', url: '/health' })).statusCode, 200, 'liveness stays up')
    up = true
    await eventually(async () => (await echo()).statusCode === 200, 'recovery')
    assert.equal((await t.app.inject({ method: 'GET', url: '/ready' })).statusCode, 200)
  } finally {
    await t.close()
  }
})

test('heap over MAX_HEAP_USED_BYTES: 503 SERVICE_UNAVAILABLE + Retry-After; /ready says so; ops routes stay up', async () => {
  const t = await makeTestApp({ env: { MAX_HEAP_USED_BYTES: '1' } })
  const echo = echoOf(t)
  try {
    // under-pressure samples the heap once a second; from the first sample on, every heap is over 1 byte.
    await eventually(async () => (await echo()).statusCode === 503, '503 once the heap is sampled')
    const res = await echo()
    assert.equal(res.json().status.status, 'FAILED')
    assert.equal(res.json().error.code, 'SERVICE_UNAVAILABLE')
    assert.equal(res.headers['retry-after'], '5')
    assert.doesNotMatch(res.body, /heap|bytes|under-pressure/i, 'no internal detail')
    const ready = await t.app.inject({ method: 'GET', url: '/ready' })
    assert.equal(ready.statusCode, 503)
    assert.deepEqual(ready.json(), { ready: false, database: 'ok', under_pressure: true })
    assert.equal(ready.headers['retry-after'], '5')
    for (const url of ['/health', '/metrics'])
      assert.equal((await t.app.inject({ method: 'GET', url })).statusCode, 200, `${url} is still served`)
  } finally {
    await t.close()
  }
})

test('event-loop delay over MAX_EVENT_LOOP_DELAY_MS: 503, /ready reports it, then recovery by itself', async () => {
  const t = await makeTestApp({ env: { MAX_EVENT_LOOP_DELAY_MS: '200' } })
  const echo = echoOf(t)
  try {
    assert.equal((await echo()).statusCode, 200)
    // Block the event loop for 1.5 s: the one-second sample that holds it has a mean delay far over 200 ms.
    const until = Date.now() + 1500
    while (Date.now() < until) Math.sqrt(Math.random())
    let shed: Awaited<ReturnType<typeof echo>> | undefined
    await eventually(async () => {
      const res = await echo()
      if (res.statusCode === 503) shed = res
      return shed !== undefined
    }, '503 after the event loop was blocked')
    assert.equal(shed?.json().error.code, 'SERVICE_UNAVAILABLE')
    assert.equal(shed?.headers['retry-after'], '5')
    assert.equal(t.app.isUnderPressure(), true)
    const ready = await t.app.inject({ method: 'GET', url: '/ready' })
    assert.equal(ready.statusCode, 503)
    assert.equal(ready.json().under_pressure, true)
    // The next sample without a block is back under the limit: served again, without a restart.
    await eventually(async () => (await echo()).statusCode === 200, 'recovery')
    assert.deepEqual((await t.app.inject({ method: 'GET', url: '/ready' })).json(), {
      ready: true,
      database: 'ok',
      under_pressure: false,
    })
  } finally {
    await t.close()
  }
})

const pgUrl = process.env.TEST_DATABASE_URL
test('PostgreSQL cut off during traffic → 503s, then recovery on its own', {
  skip: !pgUrl && 'TEST_DATABASE_URL not set',
}, async () => {
  const target = new URL(pgUrl as string)
  const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432))
  const viaProxy = new URL(pgUrl as string)
  viaProxy.hostname = '127.0.0.1'
  viaProxy.port = String(proxy.port)
  const schema = `t_outage_${process.pid}`
  const admin = new pg.Client({ connectionString: pgUrl })
  await admin.connect()
  await admin.query(`drop schema if exists ${schema} cascade; create schema ${schema}`)
  const storage = openStorage(
    { kind: 'postgres', url: viaProxy.toString() },
    { schema, poolSize: 2, onPoolError: () => {} },
  )
  // KEY_CACHE_TTL_MS=0: every request reads its key from the database, so requests feel the outage directly.
  const t = await makeTestApp({ storage, env: { HEALTH_CHECK_INTERVAL_MS: '200' } })
  const echo = echoOf(t)
  try {
    assert.equal((await echo()).statusCode, 200)
    await proxy.cut()
    const during = await echo()
    assert.equal(during.statusCode, 503)
    assert.equal(during.json().error.code, 'DATABASE_UNAVAILABLE')
    assert.ok(Number(during.headers['retry-after']) > 0)
    await eventually(
      async () => (await t.app.inject({ method: 'GET', url: '/ready' })).statusCode === 503,
      '/ready 503',
    )
    await proxy.restore()
    await eventually(async () => (await echo()).statusCode === 200, 'recovery after the database returns')
    assert.equal((await t.app.inject({ method: 'GET', url: '/ready' })).json().database, 'ok')
    // Nothing written before the outage was lost.
    assert.equal(await t.services.keys.isEmpty(), false)
  } finally {
    await t.close()
    await storage.close()
    await proxy.close()
    await admin.query(`drop schema if exists ${schema} cascade`)
    await admin.end()
  }
})
