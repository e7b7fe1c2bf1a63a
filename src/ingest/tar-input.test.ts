// Tests plainTar: what it takes off (gzip, zstd, nothing), how it counts, what it refuses, and how much memory a bomb
// costs it (measured in a child process: its peak RSS against the RSS before the walk).
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { test } from 'node:test'
import { gzipSync, zstdCompressSync } from 'node:zlib'
import { PIECE_BYTES, plainTar, TarballError } from './tar-input.ts'

const MiB = 1024 * 1024
const T = { timeout: 60_000 }

async function collect(source: Readable, max = 64 * MiB): Promise<Buffer[]> {
  const out: Buffer[] = []
  for await (const piece of plainTar(source, max)) out.push(piece)
  return out
}
const refused = (kind: string) => (err: unknown) => {
  assert.ok(err instanceof TarballError, String(err))
  assert.equal(err.kind, kind, err.message)
  return true
}

test('plain, gzip and zstd input give the same bytes, in pieces of at most PIECE_BYTES', T, async () => {
  const data = Buffer.concat([Buffer.from('not compressed'), randomBytes(300_000)])
  for (const input of [
    data,
    gzipSync(data),
    zstdCompressSync(data),
    Buffer.concat([gzipSync(data), Buffer.alloc(100)]),
  ]) {
    const pieces = await collect(Readable.from([input]))
    assert.ok(pieces.every((p) => p.length <= PIECE_BYTES))
    assert.ok(Buffer.concat(pieces).equals(data))
  }
})

test('the limit: exactly max bytes pass, one more is refused with kind size', T, async () => {
  const data = Buffer.alloc(100_000, 1)
  assert.equal(Buffer.concat(await collect(Readable.from([gzipSync(data)]), 100_000)).length, 100_000)
  for (const input of [data, gzipSync(data), zstdCompressSync(data)])
    await assert.rejects(collect(Readable.from([input]), 99_999), refused('size'))
})

test('refused as damaged: compressed twice, data after the compressed stream, a second zstd frame', T, async () => {
  const data = Buffer.alloc(10_000, 2)
  const cases = [
    gzipSync(gzipSync(data)),
    zstdCompressSync(gzipSync(data)),
    Buffer.concat([gzipSync(data), Buffer.from('trailing garbage')]),
    Buffer.concat([zstdCompressSync(data), zstdCompressSync(data)]),
    gzipSync(data).subarray(0, 30),
  ]
  for (const input of cases) await assert.rejects(collect(Readable.from([input])), refused('format'))
  // data after the gzip stream, in chunks of its own: drained, checked, counted
  const late = Readable.from([gzipSync(data), Buffer.alloc(1000), Buffer.from('late garbage')])
  await assert.rejects(collect(late), refused('format'))
  const zeros = Readable.from([gzipSync(data), Buffer.alloc(MiB)])
  await assert.rejects(collect(zeros, MiB), refused('size'))
})

test('the source’s own error comes out as it is; stopping early destroys the source', T, async () => {
  const failing = new Readable({ read() {} })
  failing.push(gzipSync(Buffer.alloc(10_000)).subarray(0, 20))
  setImmediate(() => failing.destroy(Object.assign(new Error('integrity mismatch'), { code: 'EINTEGRITY' })))
  await assert.rejects(collect(failing), { code: 'EINTEGRITY' })
  const endless = new Readable({ read() {} })
  endless.push(Buffer.alloc(4 * MiB))
  await assert.rejects(collect(endless, MiB), refused('size'))
  assert.ok(endless.destroyed)
})

/** Runs in a child: each bomb walked, then the child's peak RSS and its RSS before the first walk. */
const CHILD = `
const { walkTarball } = await import(process.env.WALK)
const h = await import(process.env.BOMBS)
const MiB = 1024 * 1024
const small = Buffer.concat([h.fileEntry('package/a', Buffer.from('a')), h.END_OF_ARCHIVE])
const pax = Buffer.concat([h.header('pax', 'x', MiB - 512), Buffer.alloc(MiB - 512)])
const bombs = [
  () => h.bomb(Buffer.concat([h.fileEntry('package/r', Buffer.alloc(MiB, 1)), h.END_OF_ARCHIVE]), 10240),
  () => h.bomb(small, 10240, { zstd: true }),
  () => h.bomb(Buffer.alloc(0), 10240, { unit: pax }),
]
globalThis.gc?.()
const before = process.memoryUsage.rss()
const kinds = []
const peaks = []
for (const make of bombs) {
  kinds.push(await walkTarball(make(), [], { maxUnpackedBytes: 256 * MiB }).catch((e) => e.kind))
  peaks.push(process.resourceUsage().maxRSS * 1024 - before)
}
console.log(JSON.stringify({ before, peak: process.resourceUsage().maxRSS * 1024, kinds, peaks }))
`

test(
  'memory stays bounded: 3 bombs of 10 GiB each inflated to a 256 MiB limit grow a child’s RSS by less than 128 MiB',
  T,
  (t) => {
    const url = (p: string) => new URL(p, import.meta.url).href
    const child = spawnSync(
      process.execPath,
      ['--import', url('../../bin/register-ts.js'), '--input-type=module', '-e', CHILD],
      {
        env: { ...process.env, WALK: url('./tarball-walk.ts'), BOMBS: url('./tar-bombs.test-helper.ts') },
        encoding: 'utf8',
      },
    )
    assert.equal(child.status, 0, child.stderr)
    const r = JSON.parse(child.stdout) as { before: number; peak: number; kinds: string[]; peaks: number[] }
    assert.deepEqual(r.kinds, ['size', 'size', 'size'])
    const grew = (r.peak - r.before) / MiB
    const each = r.peaks.map((p) => (p / MiB).toFixed(1)).join(', ')
    t.diagnostic(`peak RSS ${(r.peak / MiB).toFixed(0)} MiB; over the RSS before the walks after each: ${each} MiB`)
    // each bomb inflates 256 MiB: keeping any of it would pass the bound; what is measured is garbage not yet collected
    assert.ok(grew < 128, `RSS grew by ${grew.toFixed(1)} MiB`)
  },
)
