// Tests the on-disk cache of served files in a temporary folder: round trip, bounds, least-recently-used trimming.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, test } from 'node:test'
import { FileContentsCache } from './file-contents-cache.ts'

const root = mkdtempSync(path.join(tmpdir(), 'compintel-files-'))
after(() => rmSync(root, { recursive: true, force: true }))
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex')
let n = 0
const folder = () => path.join(root, `case-${n++}`)

test('a file put is got back by its MD5; others, and names that are not MD5s, are not', async () => {
  const cache = new FileContentsCache(folder(), 1024 * 1024)
  const bytes = Buffer.from('int main(void) { return 0; }\n')
  await cache.put(md5(bytes), bytes)
  assert.deepEqual(await cache.get(md5(bytes)), bytes)
  assert.equal(await cache.get(md5(Buffer.from('other'))), undefined)
  assert.equal(await cache.get('../../etc/passwd'), undefined)
  await cache.put('../x', bytes)
  assert.equal(readdirSync(path.join(root, `case-${n - 1}`)).length, 1)
})

test('a file larger than a quarter of the bound is not kept', async () => {
  const dir = folder()
  const cache = new FileContentsCache(dir, 1000)
  const big = Buffer.alloc(251, 'x')
  await cache.put(md5(big), big)
  assert.equal(await cache.get(md5(big)), undefined)
})

test('past its bound the least recently used files go first, down to 80%, with stale temporary files', async () => {
  const dir = folder()
  const cache = new FileContentsCache(dir, 1000)
  const files = [0, 1, 2, 3].map((i) => Buffer.alloc(200, String(i)))
  for (const [i, b] of files.entries()) {
    await cache.put(md5(b), b)
    const t = new Date(Date.UTC(2026, 0, 1, 0, i)) // put in this order, a minute apart
    utimesSync(path.join(dir, md5(b)), t, t)
  }
  await cache.get(md5(files[0] as Buffer)) // the oldest is read: now the most recently used
  writeFileSync(path.join(dir, 'stale.tmp'), 'x')
  utimesSync(path.join(dir, 'stale.tmp'), new Date(0), new Date(0))
  const fifth = Buffer.alloc(200, '4')
  await cache.put(md5(fifth), fifth) // 1000 bytes: within the bound, nothing goes
  assert.equal(readdirSync(dir).filter((f) => !f.endsWith('.tmp')).length, 5)
  const sixth = Buffer.alloc(200, '5')
  await cache.put(md5(sixth), sixth) // 1200 bytes: cut back to at most 800
  const left = new Set(readdirSync(dir))
  assert.deepEqual(
    [...files, fifth, sixth].map((b) => left.has(md5(b))),
    [true, false, false, true, true, true],
  )
  assert.equal(left.has('stale.tmp'), false)
})
