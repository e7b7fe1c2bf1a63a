import assert from 'node:assert/strict'
import { mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { PackumentCache } from './packument-cache.ts'

const dir = () => mkdtempSync(path.join(tmpdir(), 'ci-pcache-'))

test('a stored packument comes back with its validators; one without validators is not stored', async () => {
  const cache = new PackumentCache(dir(), 1000)
  await cache.store('http://r/a', Buffer.from('{"name":"a"}'), '"e1"', undefined)
  await cache.store('http://r/b', Buffer.from('{"name":"b"}'), undefined, undefined)
  assert.deepEqual(await cache.lookup('http://r/a'), { etag: '"e1"', lastModified: undefined, size: 12 })
  assert.equal((await cache.body('http://r/a')).toString(), '{"name":"a"}')
  assert.equal(await cache.lookup('http://r/b'), undefined)
})

test('over the limit the least recently used entries go; stale temporary files of a killed process go too', async () => {
  const d = dir()
  const cache = new PackumentCache(d, 1000)
  for (const n of ['a', 'b', 'c', 'd']) {
    await cache.store(`http://r/${n}`, Buffer.alloc(200, n), `"${n}"`, undefined)
    await new Promise((r) => setTimeout(r, 20))
  }
  await cache.body('http://r/a') // used again: now the most recent
  const big = new PackumentCache(d, 700)
  writeFileSync(path.join(d, 'x.body.1.2.tmp'), 'partial')
  utimesSync(path.join(d, 'x.body.1.2.tmp'), new Date(0), new Date(0))
  const report = await big.maintain()
  assert.deepEqual(report, { tmpRemoved: 1, evicted: 2, bytes: 400 })
  assert.equal(await cache.lookup('http://r/b'), undefined)
  assert.equal(await cache.lookup('http://r/c'), undefined)
  assert.ok(await cache.lookup('http://r/a'))
  assert.ok(await cache.lookup('http://r/d'))
  assert.ok(!readdirSync(d).some((f) => f.endsWith('.tmp')))
})

test('a long-running process keeps the cache under its limit as it stores, without a restart', async () => {
  const d = dir()
  const cache = new PackumentCache(d, 1000)
  for (let i = 0; i < 20; i++) await cache.store(`http://r/${i}`, Buffer.alloc(200, i), `"${i}"`, undefined)
  const bodies = readdirSync(d).filter((f) => f.endsWith('.body'))
  assert.ok(bodies.length * 200 <= 1000 + 200, `${bodies.length} entries of 200 bytes kept`)
  assert.ok(await cache.lookup('http://r/19'), 'the newest entry is kept')
})
