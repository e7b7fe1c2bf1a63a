// Two server instances on one Redis share one rate-limit budget per key (TEST_REDIS_URL); Redis down never
// turns into errors.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { test } from 'node:test'
import { Redis } from 'ioredis'
import { openStorage } from '../src/storage/database.ts'
import { migrate } from '../src/storage/migrate.ts'
import { makeTestApp } from './helpers/app.ts'

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

test('Redis unreachable: requests are served, not failed', async () => {
  // Nothing listens on port 1: every Redis command fails at once.
  const redis = new Redis('redis://127.0.0.1:1', {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    lazyConnect: true,
  })
  redis.on('error', () => {})
  const t = await makeTestApp({ redis, env: { RATE_LIMIT_PER_MINUTE: '2' } })
  try {
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v2/components/echo',
        headers: { 'x-api-key': t.keys.full },
        payload: {},
      })
      assert.equal(res.statusCode, 200)
    }
  } finally {
    await t.close()
    redis.disconnect()
  }
})
