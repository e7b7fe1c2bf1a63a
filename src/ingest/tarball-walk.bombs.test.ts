// The tarball walk's limits against hostile archives (docs/security.md "Hostile files: the tarball walk"): bombs behind
// every entry type, trailing data after the end of the archive, the entry limit, memory. Every archive is generated
// here (tar-bombs.test-helper.ts), and read only as far as the walk pulls it.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { test } from 'node:test'
import { gzipSync } from 'node:zlib'
import { Parser } from 'tar'
import { bomb, END_OF_ARCHIVE, entry, fileEntry, header, type Pulled } from './tar-bombs.test-helper.ts'
import { PIECE_BYTES, TarballError } from './tar-input.ts'
import { walkTarball } from './tarball-walk.ts'

const KiB = 1024
const MiB = 1024 * KiB
const HUGE = 0o77777777777 // 8 GiB - 1, the largest size a ustar header writes in octal
const T = { timeout: 60_000 }

/** Asserts a TarballError of this kind. */
const refused = (kind: string) => (err: unknown) => {
  assert.ok(err instanceof TarballError, String(err))
  assert.equal(err.kind, kind, err.message)
  return true
}
const pulled = (): Pulled => ({ bytes: 0, peakRss: 0 })

/** The non-regular types, each with its type flag (and the link name a link needs). */
const TYPES: [string, string, string?][] = [
  ['GNU dump dir', 'D'],
  ['symlink', '2', 'package/a'],
  ['hard link', '1', 'package/a'],
  ['character device', '3'],
  ['block device', '4'],
  ['FIFO', '6'],
  ['unknown type', 'Z'],
  ['pax header', 'x'],
  ['pax global header', 'g'],
  ['GNU long name', 'L'],
]

for (const [name, type, link] of [['regular file', '0'] as [string, string], ...TYPES]) {
  test(`a 10 GiB bomb behind a ${name} entry is refused at the limit, its source read only a little`, T, async () => {
    const p = pulled()
    const source = bomb(header(`package/bomb-${type}`, type, HUGE, link), 10 * 1024, { pulled: p })
    await assert.rejects(walkTarball(source, [], { maxUnpackedBytes: MiB }), refused('size'))
    assert.ok(p.bytes < 256 * KiB, `read ${p.bytes} bytes of a 10 MB bomb`)
  })
}

test('the bodies behind every non-regular entry count against the limit, and are never listed', T, async () => {
  const zeros = Buffer.alloc(450 * KiB)
  const entries = TYPES.map(([, type, link]) =>
    entry(
      `package/t-${type}`,
      type,
      type === 'L' ? Buffer.concat([Buffer.from('package/long-b\0'), zeros]) : zeros,
      link,
    ),
  )
  const tar = Buffer.concat([
    fileEntry('package/a', Buffer.from('a')),
    ...entries,
    fileEntry('package/b', Buffer.from('b')),
    END_OF_ARCHIVE,
  ])
  assert.ok(tar.length > 4 * MiB)
  await assert.rejects(walkTarball(Readable.from([gzipSync(tar)]), [], { maxUnpackedBytes: 4 * MiB }), refused('size'))
  const out = await walkTarball(Readable.from([gzipSync(tar)]), [], { maxUnpackedBytes: 5 * MiB })
  assert.deepEqual(
    out.files.map((f) => f.path),
    ['a', 'long-b'],
  )
  assert.equal(out.bytes, 2)
})

test('a chain of pax headers each under node-tar’s 1 MiB cap is counted as it inflates', T, async () => {
  const unit = Buffer.concat([header('pax', 'x', MiB - 512), Buffer.alloc(MiB - 512)])
  const p = pulled()
  await assert.rejects(
    walkTarball(bomb(Buffer.alloc(0), 10 * 1024, { unit, pulled: p }), [], { maxUnpackedBytes: 4 * MiB }),
    refused('size'),
  )
  assert.ok(p.bytes < 256 * KiB, `read ${p.bytes} bytes`)
})

test('incompressible data first, then a bomb: the limit is on bytes, not on a ratio', T, async () => {
  const first = fileEntry('package/random', randomBytes(MiB))
  for (const then of [header('package/link', '2', HUGE, 'package/random'), END_OF_ARCHIVE]) {
    const p = pulled()
    const source = bomb(Buffer.concat([first, then]), 10 * 1024, { pulled: p })
    await assert.rejects(walkTarball(source, [], { maxUnpackedBytes: 4 * MiB }), refused('size'))
    assert.ok(p.bytes < MiB + 256 * KiB, `read ${p.bytes} bytes`)
  }
})

test(
  '64 MiB after the end-of-archive are read and counted, not parsed; the files before them are kept',
  T,
  async (t) => {
    const tar = Buffer.concat([
      fileEntry('package/a.txt', Buffer.from('a')),
      fileEntry('package/b.txt', Buffer.from('bb')),
      END_OF_ARCHIVE,
    ])
    const junk = randomBytes(64 * KiB)
    for (const gzip of [false, true]) {
      const parsed = t.mock.method(Parser.prototype, 'write')
      let read = 0
      const chunks = function* () {
        yield tar
        for (let i = 0; i < 1024; i++) yield junk
      }
      const plain = Readable.from(chunks(), { objectMode: false }).on('data', (c: Buffer) => {
        read += c.length
      })
      const source = gzip ? Readable.from([gzipSync(Buffer.concat([...chunks()]), { level: 1 })]) : plain
      const started = Date.now()
      const out = await walkTarball(source, [])
      t.diagnostic(`${gzip ? 'gzip' : 'plain'}: 64 MiB of trailing data walked in ${Date.now() - started} ms`)
      assert.deepEqual(
        out.files.map((f) => f.path),
        ['a.txt', 'b.txt'],
      )
      if (!gzip) assert.equal(read, tar.length + 64 * MiB) // the whole source was read
      const seen = parsed.mock.calls.reduce((n, c) => n + Buffer.byteLength(c.arguments[0] as Buffer | string), 0)
      assert.ok(seen <= tar.length + PIECE_BYTES, `the parser saw ${seen} bytes`)
      parsed.mock.restore()
    }
  },
)

test('trailing data counts against the limit', T, async () => {
  const tar = Buffer.concat([fileEntry('package/a.txt', Buffer.from('a')), END_OF_ARCHIVE, Buffer.alloc(2 * MiB, 7)])
  await assert.rejects(walkTarball(Readable.from([tar]), [], { maxUnpackedBytes: MiB }), refused('size'))
  await assert.rejects(walkTarball(Readable.from([gzipSync(tar)]), [], { maxUnpackedBytes: MiB }), refused('size'))
})

test('the entry limit: every entry counts (folders, links, pax headers), one over it is refused', T, async () => {
  const entries = [
    header('package/', '5', 0),
    header('package/link', '2', 0, 'package/f0'),
    Buffer.concat([header('pax', 'x', 512), Buffer.alloc(512)]),
    ...Array.from({ length: 7 }, (_, i) => fileEntry(`package/f${i}`, Buffer.from(`${i}`))),
  ]
  const tar = gzipSync(Buffer.concat([...entries, END_OF_ARCHIVE]))
  const out = await walkTarball(Readable.from([tar]), [], { maxEntries: 10 })
  assert.equal(out.files.length, 7)
  await assert.rejects(walkTarball(Readable.from([tar]), [], { maxEntries: 9 }), refused('size'))
})
