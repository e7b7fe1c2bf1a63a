// A .crate unpacked for the walk: its root folder's files and folders only, an entry elsewhere refused (identity), a
// link skipped, the bytes bounded; its Cargo.toml's identity checked. FIXTURE tars made here (tar-bombs.test-helper).
import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterEach, beforeEach, test } from 'node:test'
import { gzipSync } from 'node:zlib'
import { UpstreamRefused } from '../../../ingest/failure.ts'
import { END_OF_ARCHIVE, entry, fileEntry } from '../../../ingest/tar-bombs.test-helper.ts'
import { readCrateFolder, unpackCrate } from './unpack-crate.ts'

const V = { name: 'demo', version: '1.2.3' }
const MANIFEST = Buffer.from('[package]\nname = "demo"\nversion = "1.2.3"\nlicense = "MIT"\n')
const crate = (...entries: Buffer[]) => Readable.from([gzipSync(Buffer.concat([...entries, END_OF_ARCHIVE]))])
const kind = (k: string) => (err: unknown) => err instanceof UpstreamRefused && err.kind === k
let into: string
beforeEach(() => {
  into = mkdtempSync(path.join(tmpdir(), 'ci-unpack-crate-'))
})
afterEach(() => rmSync(into, { recursive: true, force: true }))

test("the crate's folder unpacked, a link skipped, its Cargo.toml read", async () => {
  const { dir, fileCount, bytes } = await unpackCrate(
    crate(
      fileEntry('demo-1.2.3/Cargo.toml', MANIFEST),
      fileEntry('demo-1.2.3/src/lib.rs', Buffer.from('pub fn f() {}\n')),
      entry('demo-1.2.3/evil', '2', Buffer.alloc(0), '/etc/passwd'),
    ),
    V,
    into,
    1024 * 1024,
  )
  assert.equal(dir, path.join(into, 'demo-1.2.3'))
  assert.deepEqual([fileCount, bytes], [2, MANIFEST.length + 14])
  assert.equal(readFileSync(path.join(dir, 'src/lib.rs'), 'utf8'), 'pub fn f() {}\n')
  assert.equal(existsSync(path.join(dir, 'evil')), false)
  assert.equal(readCrateFolder(dir, V).license?.expression, 'MIT')
})

test('an entry outside the root folder, more bytes than allowed, a damaged archive: refused', async () => {
  await assert.rejects(
    unpackCrate(crate(fileEntry('other-1.0.0/Cargo.toml', MANIFEST)), V, into, 1024),
    kind('identity'),
  )
  await assert.rejects(unpackCrate(crate(fileEntry('demo-1.2.3/big', Buffer.alloc(4096))), V, into, 1024), kind('size'))
  await assert.rejects(unpackCrate(Readable.from([Buffer.from('not a tar at all')]), V, into, 1024), kind('format'))
})

test('a Cargo.toml naming another crate or version, or none: refused', async () => {
  const { dir } = await unpackCrate(crate(fileEntry('demo-1.2.3/Cargo.toml', MANIFEST)), V, into, 1024)
  assert.throws(() => readCrateFolder(dir, { name: 'demo', version: '1.2.4' }), kind('identity'))
  const none = await unpackCrate(
    crate(fileEntry('demo-1.2.3/src/lib.rs', Buffer.from(''))),
    V,
    mkdtempSync(path.join(into, 'x-')),
    1024,
  )
  assert.throws(() => readCrateFolder(none.dir, V), kind('format'))
})
