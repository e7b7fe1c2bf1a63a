// The catalog cache over an in-memory catalog and a scripted change log: what it keeps, when it reads again, and that
// a change written just before a lookup is seen by that lookup.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { knownComponent, knownVersion, memoryCatalog } from '../domain/catalog/memory-catalog.test-helper.ts'
import type { CatalogReader, KnownComponent } from '../domain/catalog/types.ts'
import { keyOf } from '../domain/catalog/types.ts'
import type { ChangeFeed, ChangeRow } from '../domain/kb/changes.ts'
import { CachedCatalog } from './catalog-cache.ts'
import { ChangeTracker } from './change-tracker.ts'

function setup(components: KnownComponent[]) {
  const rows: ChangeRow[] = [{ id: 1, tag: 'pkg:npm/other' }]
  const feed: ChangeFeed = {
    since: async (after, limit) => rows.filter((r) => r.id > after).slice(0, limit),
    byIds: async (ids) => rows.filter((r) => ids.includes(r.id)),
    latest: async () => Math.max(0, ...rows.map((r) => r.id)),
  }
  const tracker = new ChangeTracker(feed, {
    pollMs: 60_000,
    ttlMs: 300_000,
    onFlush: () => {},
    onError: (err) => assert.fail(err),
  })
  const counts = { catalog: 0, exact: 0 }
  const byName = new Map(components.map((c) => [c.name, c]))
  // the catalog reads whatever the KB holds now: a component can be replaced to model a write
  const inner = {
    components: (keys) => memoryCatalog(byName.values(), { counts }).components(keys),
    exact: (keys) => (memoryCatalog(byName.values(), { counts }).exact as Required<CatalogReader>['exact'])(keys),
  } satisfies Required<CatalogReader>
  const cache = new CachedCatalog(inner, tracker, { maxBytes: 1024 * 1024, ttlMs: 300_000 })
  const write = (c: KnownComponent) => {
    byName.set(c.name, c)
    rows.push({ id: rows.length + 1, tag: `pkg:npm/${c.name}` })
  }
  return { cache, counts, write, rows }
}

const lib = (...versions: string[]) =>
  knownComponent(
    'lib',
    versions.map((v, i) => knownVersion(i + 1, v)),
  )
const KEY = { type: 'npm', purlName: 'lib' }
/** The version strings a lookup's answer holds for lib. */
const versionsOf = (m: Map<string, KnownComponent>) => m.get(keyOf(KEY))?.versions.map((v) => v.version)

test('a component read whole is kept: the next lookups, whole or exact, read nothing', async () => {
  const { cache, counts } = setup([lib('1.0.0', '2.0.0')])
  const first = await cache.components([KEY, { type: 'npm', purlName: 'nope' }])
  assert.deepEqual([...first.keys()], [keyOf(KEY)])
  assert.equal(counts.catalog, 1)
  const again = await cache.components([KEY])
  assert.equal(again.get(keyOf(KEY))?.versions.length, 2)
  const exact = await cache.exact([{ ...KEY, version: 'v2.0.0' }])
  assert.deepEqual(versionsOf(exact), ['2.0.0'])
  assert.equal(exact.get(keyOf(KEY))?.partial, true)
  assert.deepEqual(counts, { catalog: 1, exact: 0 })
  // a component the KB lacks is not kept: it may be fetched any moment
  await cache.components([{ type: 'npm', purlName: 'nope' }])
  assert.equal(counts.catalog, 2)
})

test('exact lookups are kept per version, and several versions of one component come back together', async () => {
  const { cache, counts } = setup([lib('1.0.0', '2.0.0', '3.0.0')])
  const keys = [
    { ...KEY, version: '1.0.0' },
    { ...KEY, version: '3.0.0' },
    { ...KEY, version: '9.9.9' },
  ]
  const first = await cache.exact(keys)
  const second = await cache.exact(keys)
  for (const m of [first, second]) assert.deepEqual(versionsOf(m), ['1.0.0', '3.0.0'])
  assert.equal(counts.exact, 1, 'the second batch was answered from the cache')
})

test('a write to a component is seen by the very next lookup, without waiting for a poll', async () => {
  const { cache, counts, write } = setup([lib('1.0.0')])
  await cache.components([KEY])
  await cache.exact([{ ...KEY, version: '2.0.0' }])
  write(lib('1.0.0', '2.0.0'))
  assert.deepEqual(versionsOf(await cache.components([KEY])), ['1.0.0', '2.0.0'])
  assert.deepEqual(versionsOf(await cache.exact([{ ...KEY, version: '2.0.0' }])), ['2.0.0'])
  assert.equal(counts.catalog, 2)
})

test('a change to any component (`*`) ends every entry; cached components are frozen', async () => {
  const { cache, counts, rows } = setup([lib('1.0.0')])
  const c = (await cache.components([KEY])).get(keyOf(KEY))
  assert.ok(c && Object.isFrozen(c) && Object.isFrozen(c.versions) && Object.isFrozen(c.versions[0]))
  rows.push({ id: rows.length + 1, tag: '*' })
  await cache.components([KEY])
  assert.equal(counts.catalog, 2)
})
