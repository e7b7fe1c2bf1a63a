// Tests taking one file out of a tarball: made-up archives (FIXTURE bytes) written header by header, gzipped or not.
import assert from 'node:assert/strict'
import { Readable } from 'node:stream'
import { test } from 'node:test'
import { gzipSync } from 'node:zlib'
import { FileTooLarge } from '../domain/scanning/file-contents.ts'
import { END_OF_ARCHIVE, entry, fileEntry } from './tar-bombs.test-helper.ts'
import { extractFile } from './tar-extract.ts'
import { TarballError } from './tar-input.ts'

const LIMITS = { maxFileBytes: 1024, maxUnpackedBytes: 1024 * 1024 }
const archive = (...entries: Buffer[]) => gzipSync(Buffer.concat([...entries, END_OF_ARCHIVE]))
const extract = (tgz: Buffer, wanted: string, limits = LIMITS) => extractFile(Readable.from([tgz]), wanted, limits)

test('the file at the path under any top folder, the last one when the archive holds it twice', async () => {
  const tgz = archive(
    fileEntry('package/src/a.js', Buffer.from('first')),
    fileEntry('package/src/b.js', Buffer.from('other')),
    fileEntry('package/src/a.js', Buffer.from('second')),
  )
  assert.equal((await extract(tgz, 'src/a.js'))?.toString(), 'second')
  assert.equal((await extract(tgz, 'src/b.js'))?.toString(), 'other')
  const top = archive(fileEntry('node/index.js', Buffer.from('x')))
  assert.equal((await extract(top, 'index.js'))?.toString(), 'x')
})

test('a path the archive lacks, or holds as a link or folder, gives nothing', async () => {
  const tgz = archive(
    entry('package/lib', '5', Buffer.alloc(0)),
    entry('package/link.js', '2', Buffer.alloc(0), '/etc/passwd'),
    fileEntry('package/../escape.js', Buffer.from('no')),
  )
  assert.equal(await extract(tgz, 'lib'), undefined)
  assert.equal(await extract(tgz, 'link.js'), undefined)
  assert.equal(await extract(tgz, 'missing.js'), undefined)
  assert.equal(await extract(tgz, '../escape.js'), undefined)
})

test('the whole archive is read, also past the file', async () => {
  let ended = false
  const tgz = archive(fileEntry('package/a.js', Buffer.from('a')), fileEntry('package/b.js', Buffer.alloc(5000)))
  const source = Readable.from([tgz.subarray(0, 100), tgz.subarray(100)]).on('end', () => {
    ended = true
  })
  assert.equal((await extractFile(source, 'a.js', LIMITS))?.toString(), 'a')
  assert.equal(ended, true)
})

test('a file over the limit is refused from its header; an archive over its bound, or damaged, too', async () => {
  const big = archive(fileEntry('package/big.js', Buffer.alloc(2000, 'x')))
  await assert.rejects(extract(big, 'big.js'), (err: unknown) => err instanceof FileTooLarge && err.size === 2000)
  assert.equal(await extract(big, 'other.js'), undefined, 'another path of it is no reason to refuse')
  await assert.rejects(
    extract(big, 'other.js', { maxFileBytes: 1024, maxUnpackedBytes: 1500 }),
    (err: unknown) => err instanceof TarballError && err.kind === 'size',
  )
  const cut = big.subarray(0, big.length - 30)
  await assert.rejects(extract(cut, 'big.js', { ...LIMITS, maxFileBytes: 4096 }), TarballError)
})

test('an aborted read stops with the reason', async () => {
  const controller = new AbortController()
  controller.abort(new Error('given up'))
  const tgz = archive(fileEntry('package/a.js', Buffer.from('a')))
  await assert.rejects(extractFile(Readable.from([tgz]), 'a.js', { ...LIMITS, signal: controller.signal }), /given up/)
})
