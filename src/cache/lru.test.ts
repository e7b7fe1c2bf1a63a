import assert from 'node:assert/strict'
import { test } from 'node:test'
import { Lru } from './lru.ts'

test('the LRU keeps at most maxEntries, evicting the least recently used', () => {
  const lru = new Lru<string>(2, 1000)
  lru.set('a', 'A', 1, 1000)
  lru.set('b', 'B', 1, 1000)
  assert.equal(lru.get('a'), 'A') // a is now the most recent
  lru.set('c', 'C', 1, 1000)
  assert.equal(lru.get('b'), undefined)
  assert.equal(lru.get('a'), 'A')
  assert.equal(lru.get('c'), 'C')
})

test('the LRU keeps at most maxBytes and refuses an entry larger than all of it', () => {
  const lru = new Lru<string>(100, 10)
  lru.set('a', 'A', 4, 1000)
  lru.set('b', 'B', 4, 1000)
  lru.set('c', 'C', 4, 1000)
  assert.equal(lru.get('a'), undefined)
  assert.equal(lru.totalBytes, 8)
  lru.set('huge', 'H', 11, 1000)
  assert.equal(lru.get('huge'), undefined)
  assert.equal(lru.size, 2)
  lru.set('b', 'B2', 2, 1000) // replacing an entry accounts its new size
  assert.equal(lru.totalBytes, 6)
})

test('entries expire after their TTL', () => {
  const clock = { t: 0 }
  const lru = new Lru<string>(10, 100, () => clock.t)
  lru.set('a', 'A', 1, 50)
  clock.t = 49
  assert.equal(lru.get('a'), 'A')
  clock.t = 50
  assert.equal(lru.get('a'), undefined)
  assert.equal(lru.totalBytes, 0)
})

test('expired entries at the least recently used end are dropped when new ones arrive', () => {
  const clock = { t: 0 }
  const lru = new Lru<string>(100, 1000, () => clock.t)
  lru.set('a', 'A', 10, 50)
  lru.set('b', 'B', 10, 50)
  clock.t = 60
  lru.set('c', 'C', 10, 50)
  assert.equal(lru.size, 1, 'a and b had expired: their memory is freed without a lookup')
  assert.equal(lru.totalBytes, 10)
})
