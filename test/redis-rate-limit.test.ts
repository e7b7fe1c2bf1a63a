// Two server instances on one Redis share one rate-limit budget per key (TEST_REDIS_URL); Redis down never
// turns into errors: the limits are counted per process until it is back (a private redis-server, killed and
// restarted by the test).
import assert from 'node:assert/strict'
import { execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { Redis } from 'ioredis'
import { openStorage } from '../src/storage/database.ts'
import { migrate } from '../src/storage/migrate.ts'
import { makeTestApp } from './helpers/app.ts'
import { freePort } from './helpers/free-port.ts'

/** redis-server from PATH, when there is one. */
const REDIS_SERVER = 'redis-server'
const haveRedisServer = (() => {
  try {
    execFileSync(REDIS_SERVER, ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

const redisUrl = process.env.TEST_REDIS_URL
const skip = !redisUrl && 'TEST_REDIS_URL not set'

test('two instances on one Redis share the per-key budget', { skip }, async () => {
  const redis1 = new Redis(redisUrl as string)
  const redis2 = new Redis(redisUrl as string)
  // One KB for both instances, as two nodes on one database would have; a key both accept.
  const storage = openStorage({ kind: 'sqlite', path: ':memory:' })
  await migrate(storage)
  const key = `shared-key-${randomBytes(8).toString('hex')}`
  const env = { RATE_LIMIT_PER_MINUTE: '4', COMPINTEL_API_KEYS: key }
  const a = await makeTestApp({ storage, redis: redis1, env })
  const b = await makeTestApp({ storage, redis: redis2, env })
  const echo = { method: 'POST' as const, url: '/v2/components/echo', headers: { 'x-api-key': key }, payload: {} }
  try {
    const codes = []
    for (let i = 0; i < 6; i++) codes.push((await (i % 2 === 0 ? a : b).app.inject(echo)).statusCode)
    assert.deepEqual(codes, [200, 200, 200, 200, 429, 429])
    const refused = await b.app.inject(echo)
    assert.equal(refused.json().error.code, 'RATE_LIMITED')
    assert.ok(Number(refused.headers['retry-after']) > 0)
    // Both answer identically for the same request.
    const fresh = { ...echo, headers: { 'x-api-key': a.keys.full }, payload: { message: 'same' } }
    assert.deepEqual((await a.app.inject(fresh)).json(), { message: 'same' })
  } finally {
    await a.close()
    await b.close()
    await storage.close()
    redis1.disconnect()
    redis2.disconnect()
  }
})

test('Redis unreachable: requests are served, and limited per process', async () => {
  // Nothing listens on port 1: every Redis command fails at once.
  const redis = new Redis('redis://127.0.0.1:1', {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    lazyConnect: true,
  })
  redis.on('error', () => {})
  const t = await makeTestApp({ redis, env: { RATE_LIMIT_PER_MINUTE: '2' } })
  try {
    const codes = []
    for (let i = 0; i < 3; i++) codes.push((await t.app.inject(echoWith(t.keys.full))).statusCode)
    assert.deepEqual(codes, [200, 200, 429])
  } finally {
    await t.close()
    redis.disconnect()
  }
})

test('Redis killed under traffic: limits become per process, then shared again when it is back', {
  skip: !haveRedisServer && 'no redis-server on PATH',
  timeout: 60_000,
}, async () => {
  const port = await freePort()
  const startRedis = async () => {
    const child = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    )
    const probe = new Redis(port, '127.0.0.1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    })
    probe.on('error', () => {})
    for (let i = 0; i < 100; i++) {
      if (
        await probe.connect().then(
          () => true,
          () => false,
        )
      )
        break
      await sleep(50)
    }
    probe.disconnect()
    return child
  }
  let server = await startRedis()
  // as app/main.ts makes its client: no offline queue, so an outage fails commands at once
  const clients = [0, 1].map(() => {
    const r = new Redis(port, '127.0.0.1', { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 })
    r.on('error', () => {})
    return r
  })
  const storage = openStorage({ kind: 'sqlite', path: ':memory:' })
  await migrate(storage)
  const key = `outage-key-${randomBytes(8).toString('hex')}`
  const env = { RATE_LIMIT_PER_MINUTE: '4', COMPINTEL_API_KEYS: key }
  const a = await makeTestApp({ storage, redis: clients[0], env })
  const b = await makeTestApp({ storage, redis: clients[1], env })
  const ready = async () => {
    for (let i = 0; i < 200 && clients.some((c) => c.status !== 'ready'); i++) await sleep(50)
    assert.ok(
      clients.every((c) => c.status === 'ready'),
      'clients reconnected',
    )
  }
  const run = async (order: ('a' | 'b')[]) => {
    const codes = []
    for (const n of order) codes.push((await (n === 'a' ? a : b).app.inject(echoWith(key))).statusCode)
    return codes
  }
  try {
    await ready()
    assert.deepEqual(await run(['a', 'b', 'a', 'b', 'a']), [200, 200, 200, 200, 429], 'one shared budget')

    server.kill('SIGKILL')
    await new Promise((resolve) => server.once('exit', resolve))
    for (let i = 0; i < 100 && clients.some((c) => c.status === 'ready'); i++) await sleep(20)
    // each process now counts on its own, from zero: 4 each, never an error
    assert.deepEqual(await run(['a', 'a', 'a', 'a', 'a']), [200, 200, 200, 200, 429], 'node a alone')
    assert.deepEqual(await run(['b', 'b', 'b', 'b', 'b']), [200, 200, 200, 200, 429], 'node b alone')

    server = await startRedis() // empty: the new server remembers no counts
    await ready()
    assert.deepEqual(await run(['b', 'a', 'b', 'a', 'b']), [200, 200, 200, 200, 429], 'shared again')
  } finally {
    await a.close()
    await b.close()
    await storage.close()
    for (const c of clients) c.disconnect()
    server.kill('SIGKILL')
  }
})

function echoWith(key: string) {
  return { method: 'POST' as const, url: '/v2/components/echo', headers: { 'x-api-key': key }, payload: {} }
}
