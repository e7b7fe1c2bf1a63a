// Tests the bounded folder both on-disk caches use: entries round trip, companions go with their entry, strangers and
// fresh temporary files stay, and a trim brings the folder to at most 80% of its bound.
import assert from 'node:assert/strict'
import { mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { DiskStore } from './disk-store.ts'

const options = {
  staleTmpMs: 60_000,
  isEntry: (name: string) => name.endsWith('.e'),
  companions: (name: string) => [`${name}.side`],
}

test('an entry written is read back; an absent one is undefined; fits() allows a quarter of the bound', async () => {
  const store = new DiskStore(mkdtempSync(path.join(tmpdir(), 'ci-store-')), 1000, options)
  await store.write('a.e', Buffer.from('alpha'))
  assert.equal((await store.read('a.e'))?.toString(), 'alpha')
  assert.equal(await store.read('b.e'), undefined)
  assert.equal(store.fits(250), true)
  assert.equal(store.fits(251), false)
})

test('a trim removes the least recently used entries with their companions, stale temporary files only', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ci-store-'))
  const store = new DiskStore(dir, 1000, options)
  for (const [i, n] of ['a', 'b', 'c', 'd', 'e'].entries()) {
    writeFileSync(path.join(dir, `${n}.e`), Buffer.alloc(240, n)) // as an earlier process left them
    writeFileSync(path.join(dir, `${n}.e.side`), n)
    const t = new Date(Date.UTC(2026, 0, 1, 0, i))
    utimesSync(path.join(dir, `${n}.e`), t, t)
  }
  writeFileSync(path.join(dir, 'old.tmp'), 'x')
  utimesSync(path.join(dir, 'old.tmp'), new Date(0), new Date(0))
  writeFileSync(path.join(dir, 'fresh.tmp'), 'x')
  writeFileSync(path.join(dir, 'stranger'), 'x')
  assert.deepEqual(await store.trim(), { tmpRemoved: 1, evicted: 2, bytes: 720 })
  assert.deepEqual(readdirSync(dir).sort(), [
    'c.e',
    'c.e.side',
    'd.e',
    'd.e.side',
    'e.e',
    'e.e.side',
    'fresh.tmp',
    'stranger',
  ])
})
