// The answer cache end to end (docs/caching.md): single-component GETs answered from the cache until ingestion
// changes the component, on a SQLite KB; with Redis, a second node answers from what the first cached, and a Redis
// that is gone only means misses. Change-log polling is driven by the test (tracker.poll()), never by timers.
import assert from 'node:assert/strict'
import { after, test } from 'node:test'
import { Redis } from 'ioredis'
import { type AnswerCache, createAnswerCache } from '../src/cache/answer-cache.ts'
import { RedisStore } from '../src/cache/redis-store.ts'
import { SqlAdvisoryWriter } from '../src/storage/advisory-writer.ts'
import { openStorage, type Storage } from '../src/storage/database.ts'
import { SqlChangeFeed } from '../src/storage/kb-changes.ts'
import { migrate } from '../src/storage/migrate.ts'
import { makeTestApp, type TestApp } from './helpers/app.ts'
import { loadFixtureKb, publishFixtureVersion } from './helpers/kb-fixture.ts'

const redisUrl = process.env.TEST_REDIS_URL
const closers: (() => Promise<void> | void)[] = []
after(async () => {
  for (const c of closers.reverse()) await c()
})

function cacheOver(storage: Storage, shared?: RedisStore): AnswerCache {
  return createAnswerCache(new SqlChangeFeed(storage), {
    maxEntries: 100,
    maxBytes: 1 << 20,
    ttlMs: 60_000,
    pollMs: 1000,
    namespace: `test-${process.pid}-${Date.now()}`,
    ...(shared ? { shared } : {}),
    onError: (err) => assert.fail(err),
  })
}

async function node(storage: Storage, cache: AnswerCache): Promise<TestApp> {
  const t = await makeTestApp({ storage, answerCache: cache })
  closers.push(() => t.close())
  return t
}

async function kb(): Promise<Storage> {
  const storage = openStorage({ kind: 'sqlite', path: ':memory:' })
  await migrate(storage)
  await loadFixtureKb(storage)
  closers.push(() => storage.close())
  return storage
}

const get = async (t: TestApp, url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { 'x-api-key': t.keys.full, ...headers } })
  return { status: res.statusCode, cache: res.headers['x-cache'], body: res.body, etag: res.headers.etag }
}
const versionsOf = (body: string) =>
  (JSON.parse(body) as { component: { versions: { version: string }[] } }).component.versions.map((v) => v.version)

test('a single-component GET is served from the cache until ingestion changes that component', async () => {
  const storage = await kb()
  const cache = cacheOver(storage)
  const t = await node(storage, cache)
  await cache.tracker.poll()
  const lib = '/v2/components/versions?purl=pkg:npm/fx-lib'
  const util = '/v2/licenses/component?purl=pkg:npm/fx-util@2.1.0'

  const first = await get(t, lib)
  assert.equal(first.status, 200)
  assert.equal(first.cache, 'miss')
  const again = await get(t, lib)
  assert.equal(again.cache, 'hit')
  assert.equal(again.body, first.body, 'the cached answer is byte for byte the computed one')
  assert.equal(again.etag, first.etag, 'and carries the same ETag')
  assert.equal((await get(t, lib, { 'if-none-match': first.etag as string })).status, 304)
  await get(t, util)
  assert.equal((await get(t, util)).cache, 'hit')

  await publishFixtureVersion(storage, 'fx-lib', '2.1.0')
  assert.equal((await get(t, lib)).cache, 'hit', 'until the node polls the change log, the old answer stands')
  await cache.tracker.poll()
  const after = await get(t, lib)
  assert.equal(after.cache, 'miss')
  assert.ok(versionsOf(after.body).includes('2.1.0'), 'the new version is answered')
  assert.ok(!versionsOf(first.body).includes('2.1.0'))
  assert.equal((await get(t, lib)).cache, 'hit', 'and cached again')
  assert.equal((await get(t, util)).cache, 'hit', 'answers about other components survive the change')
})

test('only successful answers of cacheable routes are kept; bad purls, searches and refused requests never are', async () => {
  const storage = await kb()
  const cache = cacheOver(storage)
  const t = await node(storage, cache)
  await cache.tracker.poll()
  for (const url of ['/v2/components/versions?purl=pkg:npm/fx-nope', '/v2/components/versions?purl=pkg:npm/fx-lib']) {
    await get(t, url)
    assert.equal((await get(t, url)).cache, 'hit', url) // an unknown component is a 200 answer too
  }
  const bad = await get(t, '/v2/components/versions?purl=pkg:')
  assert.match(bad.body, /INVALID_PURL|error/i)
  assert.equal(bad.cache, undefined, 'a purl that names no component is not cached')
  const search = await get(t, '/v2/components/search?search=fx')
  assert.equal(search.cache, undefined, 'searches are not single-component answers')
  const unauth = await t.app.inject({ method: 'GET', url: '/v2/components/versions?purl=pkg:npm/fx-lib' })
  assert.equal(unauth.statusCode, 401, 'a cached answer is never served without a key')
  const scoped = await t.app.inject({
    method: 'GET',
    url: '/v2/vulnerabilities/component?purl=pkg:npm/fx-lib@2.0.0',
    headers: { 'x-api-key': t.keys.components },
  })
  assert.equal(scoped.statusCode, 403, 'nor to a key without the area')
})

test('a change to any component (advisories, a seed) flushes every cached answer', async () => {
  const storage = await kb()
  const cache = cacheOver(storage)
  const t = await node(storage, cache)
  await cache.tracker.poll()
  const url = '/v2/vulnerabilities/component?purl=pkg:npm/fx-lib@2.0.0'
  await get(t, url)
  assert.equal(cache.entries, 1)
  await new SqlAdvisoryWriter(storage).writeEpss(
    [{ cve: 'CVE-2026-0001', probability: 0.5, percentile: 0.9, scoreDate: '2026-01-01', modelVersion: 'v1' }],
    'fixture',
    '2026-01-01T00:00:00.000Z',
  )
  await cache.tracker.poll()
  assert.equal(cache.entries, 0, 'the local cache was flushed')
  assert.equal((await get(t, url)).cache, 'miss')
})

test('with Redis, a second node answers from what the first cached; a change reaches both', {
  skip: !redisUrl && 'TEST_REDIS_URL is needed',
}, async () => {
  const storage = await kb()
  const redis = new Redis(redisUrl as string, { maxRetriesPerRequest: 1 })
  closers.push(() => redis.disconnect())
  const namespace = `test-${process.pid}-${Date.now()}`
  const shared = new RedisStore(redis)
  const caches = [0, 1].map(() =>
    createAnswerCache(new SqlChangeFeed(storage), {
      maxEntries: 100,
      maxBytes: 1 << 20,
      ttlMs: 60_000,
      pollMs: 1000,
      namespace,
      shared,
      onError: (e) => assert.fail(e),
    }),
  )
  const [a, b] = [await node(storage, caches[0] as AnswerCache), await node(storage, caches[1] as AnswerCache)]
  for (const c of caches) await c.tracker.poll()
  const url = '/v2/components/versions?purl=pkg:npm/fx-lib'
  const computed = await get(a, url)
  assert.equal(computed.cache, 'miss')
  await new Promise((r) => setTimeout(r, 50)) // the shared write is not awaited by the request
  const fromShared = await get(b, url)
  assert.equal(fromShared.cache, 'hit', 'node b never computed it')
  assert.equal(fromShared.body, computed.body)

  await publishFixtureVersion(storage, 'fx-lib', '2.1.0')
  for (const c of caches) await c.tracker.poll()
  const [ra, rb] = [await get(a, url), await get(b, url)]
  assert.equal(ra.cache, 'miss', 'the entry in Redis is older than the change')
  assert.ok(versionsOf(ra.body).includes('2.1.0'))
  assert.ok(versionsOf(rb.body).includes('2.1.0'))
})

test('a Redis that is gone means misses, never errors', async () => {
  const storage = await kb()
  // a port nothing listens on: every command fails at once
  const redis = new Redis('redis://127.0.0.1:1', {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    lazyConnect: true,
  })
  redis.on('error', () => {})
  closers.push(() => redis.disconnect())
  const cache = cacheOver(storage, new RedisStore(redis))
  const t = await node(storage, cache)
  await cache.tracker.poll()
  const url = '/v2/components/versions?purl=pkg:npm/fx-lib'
  assert.equal((await get(t, url)).status, 200)
  const again = await get(t, url)
  assert.equal(again.status, 200)
  assert.equal(again.cache, 'hit', 'the in-process level still works')
})
