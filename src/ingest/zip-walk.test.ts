// Tests the zip walk against zips written in a temp dir (test/helpers/zip.ts): files and their hashes, paths that
// climb, the bounds on entries and size, a damaged archive.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, test } from 'node:test'
import { writeZip } from '../../test/helpers/zip.ts'
import type { Analyzer, FileEntry } from './analyzers/types.ts'
import { TarballError } from './tar-input.ts'
import { walkZip } from './zip-walk.ts'

const tmp = mkdtempSync(path.join(tmpdir(), 'compintel-zipwalk-'))
after(() => rmSync(tmp, { recursive: true, force: true }))
let n = 0

function zip(entries: { name: string; data?: string }[]): string {
  const file = path.join(tmp, `${n++}.zip`)
  writeZip(file, entries)
  return file
}

const seen: Analyzer<string[]> = {
  name: 'seen',
  version: '1',
  start() {
    const paths: string[] = []
    return { file: (f: FileEntry) => paths.push(`${f.path}:${f.content?.toString()}`), finish: () => paths }
  },
}

test('a wheel: every regular file with its size and md5, folders left out', async () => {
  const file = zip([
    { name: 'six.py', data: 'import sys\n' },
    { name: 'six-1.16.0.dist-info/', data: '' },
    { name: 'six-1.16.0.dist-info/METADATA', data: 'Name: six\n' },
  ])
  const r = await walkZip(file, [seen])
  assert.deepEqual(
    r.files.map((f) => [f.path, f.size, f.md5]),
    [
      ['six-1.16.0.dist-info/METADATA', 10, createHash('md5').update('Name: six\n').digest('hex')],
      ['six.py', 11, createHash('md5').update('import sys\n').digest('hex')],
    ],
  )
  assert.deepEqual(r.outputs.seen, ['six.py:import sys\n', 'six-1.16.0.dist-info/METADATA:Name: six\n'])
  assert.equal(r.bytes, 21)
})

test('a zip naming a climbing or absolute path is refused whole', async () => {
  for (const name of ['../evil.py', '/abs.py'])
    await assert.rejects(walkZip(zip([{ name }]), []), (e) => e instanceof TarballError && e.kind === 'format')
})

test('stripComponents drops a zip sdist top folder', async () => {
  const r = await walkZip(zip([{ name: 'six-1.16.0/six.py', data: 'a' }]), [], { stripComponents: 1 })
  assert.deepEqual(
    r.files.map((f) => f.path),
    ['six.py'],
  )
})

test('bounds: entries, declared size, a bomb ratio', async () => {
  const many = zip([{ name: 'a' }, { name: 'b' }, { name: 'c' }])
  await assert.rejects(walkZip(many, [], { maxEntries: 2 }), (e) => e instanceof TarballError && e.kind === 'size')
  const big = zip([{ name: 'a', data: 'x'.repeat(1000) }])
  await assert.rejects(
    walkZip(big, [], { maxUnpackedBytes: 999 }),
    (e) => e instanceof TarballError && e.kind === 'size',
  )
  const bomb = zip([{ name: 'a', data: '\0'.repeat(8 * 1024 * 1024) }])
  await assert.rejects(walkZip(bomb, []), (e) => e instanceof TarballError && /inflates more than/.test(e.message))
})

test('a damaged zip is refused, not a crash', async () => {
  const file = zip([{ name: 'a.py', data: 'print(1)\n'.repeat(100) }])
  const bytes = readFileSync(file)
  writeFileSync(file, bytes.subarray(0, 40))
  await assert.rejects(walkZip(file, []), (e) => e instanceof TarballError && e.kind === 'format')
  const flipped = Buffer.from(bytes)
  flipped[40] = (flipped[40] as number) ^ 0xff // inside the deflated body
  writeFileSync(file, flipped)
  await assert.rejects(walkZip(file, []), (e) => e instanceof TarballError && e.kind === 'format')
})
