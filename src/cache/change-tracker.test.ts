// The change tracker on a scripted change log: watermarks, late ids (gaps), `*` flushes and forgetting.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { ChangeFeed, ChangeRow } from '../domain/kb/changes.ts'
import { ChangeTracker, GAP_WAIT_MS } from './change-tracker.ts'

function feed(rows: ChangeRow[]): ChangeFeed {
  return {
    since: async (after, limit) => rows.filter((r) => r.id > after).slice(0, limit),
    byIds: async (ids) => rows.filter((r) => ids.includes(r.id)),
    latest: async () => Math.max(0, ...rows.map((r) => r.id)),
  }
}

function tracker(rows: ChangeRow[], clock = { t: 0 }) {
  const flushes: number[] = []
  const t = new ChangeTracker(feed(rows), {
    pollMs: 1000,
    ttlMs: 300_000,
    onFlush: () => flushes.push(clock.t),
    onError: (err) => assert.fail(err),
    now: () => clock.t,
  })
  return { t, flushes }
}

test('nothing is fresh before the first poll; after it, answers stamped now stay fresh until their tag changes', async () => {
  const rows: ChangeRow[] = [{ id: 1, tag: 'pkg:npm/a' }]
  const { t } = tracker(rows)
  assert.equal(t.ready, false)
  assert.equal(t.isFresh({ watermark: 0, tags: ['pkg:npm/a'] }), false)
  await t.poll()
  assert.equal(t.ready, true)
  assert.equal(t.watermark, 1)
  const a = { watermark: t.watermark, tags: ['pkg:npm/a'] }
  const b = { watermark: t.watermark, tags: ['pkg:npm/b'] }
  rows.push({ id: 2, tag: 'pkg:npm/a' })
  assert.equal(t.isFresh(a), true, 'a change not yet polled is not known')
  await t.poll()
  assert.equal(t.isFresh(a), false, 'a change to its component ends an answer')
  assert.equal(t.isFresh(b), true, 'answers about other components stay')
  assert.equal(t.isFresh({ watermark: t.watermark, tags: ['pkg:npm/a'] }), true, 'an answer read after it is fresh')
})

test('an id committed late (a gap) holds the watermark below it and still invalidates when it appears', async () => {
  const rows: ChangeRow[] = [{ id: 1, tag: 'x' }]
  const clock = { t: 0 }
  const { t } = tracker(rows, clock)
  await t.poll()
  rows.push({ id: 3, tag: 'pkg:npm/b' })
  await t.poll()
  assert.equal(t.watermark, 1, 'id 2 is missing: everything up to 1 is known, not up to 3')
  const stampedDuringGap = { watermark: t.watermark, tags: ['pkg:npm/a'] }
  assert.equal(t.isFresh(stampedDuringGap), true)
  rows.push({ id: 2, tag: 'pkg:npm/a' })
  rows.sort((x, y) => x.id - y.id)
  await t.poll()
  assert.equal(t.watermark, 3)
  assert.equal(t.isFresh(stampedDuringGap), false, 'the late change to pkg:npm/a ends the answer read before it')

  rows.push({ id: 5, tag: 'pkg:npm/c' }) // id 4 rolled back: never appears
  await t.poll()
  assert.equal(t.watermark, 3)
  clock.t += GAP_WAIT_MS + 1
  await t.poll()
  assert.equal(t.watermark, 5, 'a gap is given up after GAP_WAIT_MS')
})

test('a change to any component (*) ends every answer and flushes the local cache', async () => {
  const rows: ChangeRow[] = []
  const { t, flushes } = tracker(rows)
  await t.poll()
  const a = { watermark: t.watermark, tags: ['pkg:npm/a'] }
  rows.push({ id: 1, tag: '*' })
  await t.poll()
  assert.equal(flushes.length, 1)
  assert.equal(t.isFresh(a), false)
  assert.equal(t.isFresh({ watermark: t.watermark, tags: ['pkg:npm/a'] }), true)
})

test('on start the last ids are read like new ones, so a writer still holding one is waited for', async () => {
  const rows: ChangeRow[] = [
    { id: 10, tag: 'pkg:npm/a' },
    { id: 12, tag: 'pkg:npm/b' },
  ]
  const { t } = tracker(rows)
  await t.poll()
  assert.ok(t.watermark < 11, 'id 11 is missing below the end: the watermark stays under it')
  const stamped = { watermark: t.watermark, tags: ['pkg:npm/c'] }
  rows.splice(1, 0, { id: 11, tag: 'pkg:npm/c' })
  await t.poll()
  assert.equal(t.isFresh(stamped), false)
  assert.equal(t.watermark, 12)
})

test('falling far behind (a pruned log) counts as a change to everything', async () => {
  const rows: ChangeRow[] = [{ id: 1, tag: 'x' }]
  const { t, flushes } = tracker(rows)
  await t.poll()
  const a = { watermark: t.watermark, tags: ['pkg:npm/a'] }
  rows.push({ id: 5000, tag: 'pkg:npm/z' })
  await t.poll()
  assert.equal(flushes.length, 1)
  assert.equal(t.isFresh(a), false)
  assert.equal(t.watermark, 5000)
})

test('changes are forgotten once no cached answer can be older than them', async () => {
  const rows: ChangeRow[] = []
  const clock = { t: 0 }
  const { t } = tracker(rows, clock)
  await t.poll()
  const old = { watermark: t.watermark, tags: ['pkg:npm/a'] }
  rows.push({ id: 1, tag: 'pkg:npm/a' })
  await t.poll()
  assert.equal(t.isFresh(old), false)
  clock.t += 300_000 + 2 * GAP_WAIT_MS + 10_001
  await t.poll()
  assert.equal(t.isFresh(old), true, 'forgotten: any answer this old has expired from every cache by now')
})
