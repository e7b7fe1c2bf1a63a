// Tests the tarball walk against tarballs built in a temp dir with node-tar: layouts, links, limits, damage.
import assert from 'node:assert/strict'
import { createHash, randomBytes } from 'node:crypto'
import { link, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { Readable } from 'node:stream'
import { after, before, test } from 'node:test'
import { gzipSync } from 'node:zlib'
import { c as createTar } from 'tar'
import { packagePath } from './analyzers/file-list.ts'
import { type Analyzer, type FileEntry, MAX_ANALYZED_BYTES } from './analyzers/types.ts'
import { TarballError } from './tar-input.ts'
import { walkTarball } from './tarball-walk.ts'

let tmp = ''
before(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'compintel-walk-'))
})
after(async () => {
  await rm(tmp, { recursive: true, force: true })
})

const md5 = (s: string | Buffer) => createHash('md5').update(s).digest('hex')
let n = 0

/** Writes the files under <tmp>/<case>/<top>/ and returns the tar (gzipped unless told) of <top>. */
async function tarball(files: Record<string, string | Buffer>, opts: { top?: string; gzip?: boolean } = {}) {
  const cwd = join(tmp, `case-${n++}`)
  const top = opts.top ?? 'package'
  for (const [p, content] of Object.entries(files)) {
    await mkdir(dirname(join(cwd, top, p)), { recursive: true })
    await writeFile(join(cwd, top, p), content)
  }
  return pack(cwd, [top], opts.gzip ?? true)
}

async function pack(cwd: string, paths: string[], gzip: boolean, extra: object = {}): Promise<Buffer> {
  const chunks: Buffer[] = []
  // node-tar writes the plain tar; node's zlib compresses it (node-tar's own gzip stream failed now and then on a
  // loaded machine with a zlib stream error while ending, a fault of the fixture's maker, not of the walk)
  for await (const c of createTar({ cwd, portable: true, ...extra }, paths)) chunks.push(c as Buffer)
  const tar = Buffer.concat(chunks)
  return gzip ? gzipSync(tar) : tar
}

/** Records every FileEntry it is handed. */
function recorder(): Analyzer<FileEntry[]> & { seen: FileEntry[] } {
  const seen: FileEntry[] = []
  return { name: 'rec', version: '1', seen, start: () => ({ file: (e) => seen.push(e), finish: () => seen }) }
}

const walk = (buf: Buffer, analyzers: Analyzer<unknown>[] = []) => walkTarball(Readable.from([buf]), analyzers)
const T = { timeout: 20_000 }

test('a normal package: paths without package/, sizes, md5s, content, sorted list, total bytes', T, async () => {
  const buf = await tarball({
    'package.json': '{"name":"x"}',
    'index.js': 'module.exports = 1\n',
    'lib/a/b.js': 'b',
    'empty.txt': '',
  })
  const rec = recorder()
  const out = await walk(buf, [rec])
  assert.deepEqual(
    out.files.map((f) => f.path),
    ['empty.txt', 'index.js', 'lib/a/b.js', 'package.json'],
  )
  assert.equal(out.bytes, 12 + 19 + 1)
  const index = out.files.find((f) => f.path === 'index.js')
  assert.deepEqual(index, { path: 'index.js', size: 19, md5: md5('module.exports = 1\n') })
  const empty = rec.seen.find((f) => f.path === 'empty.txt')
  assert.equal(empty?.size, 0)
  assert.equal(empty?.md5, md5(''))
  assert.deepEqual(empty?.content, Buffer.alloc(0))
  assert.equal(rec.seen.find((f) => f.path === 'lib/a/b.js')?.content?.toString(), 'b')
  assert.deepEqual(out.outputs, { rec: rec.seen })
})

test('another top directory name is stripped too; a plain (not gzipped) tar is read', T, async () => {
  const out = await walk(await tarball({ 'package.json': '{}', 'src/x.ts': 'x' }, { top: 'node', gzip: false }))
  assert.deepEqual(
    out.files.map((f) => f.path),
    ['package.json', 'src/x.ts'],
  )
})

test('symlinks, hard links and directories are skipped, never followed', T, async () => {
  const cwd = join(tmp, 'links')
  await mkdir(join(cwd, 'package', 'dir'), { recursive: true })
  await writeFile(join(cwd, 'secret.txt'), 'outside')
  await writeFile(join(cwd, 'package', 'real.txt'), 'real')
  await symlink('../secret.txt', join(cwd, 'package', 'escape'))
  await symlink('real.txt', join(cwd, 'package', 'alias'))
  await link(join(cwd, 'package', 'real.txt'), join(cwd, 'package', 'dir', 'hard.txt'))
  const rec = recorder()
  const out = await walk(await pack(cwd, ['package'], true), [rec])
  assert.deepEqual(
    out.files.map((f) => f.path),
    ['real.txt'],
  )
  assert.deepEqual(
    rec.seen.map((f) => f.path),
    ['real.txt'],
  )
})

test('a file over MAX_ANALYZED_BYTES is hashed and listed without content', T, async () => {
  const big = randomBytes(MAX_ANALYZED_BYTES / 2 + 1).toString('hex') // MAX + 2 bytes, barely compressible
  const rec = recorder()
  const out = await walk(await tarball({ 'big.txt': big, 'small.txt': 's' }), [rec])
  const seen = rec.seen.find((f) => f.path === 'big.txt')
  assert.equal(seen?.content, undefined)
  assert.equal(seen?.size, MAX_ANALYZED_BYTES + 2)
  assert.equal(seen?.md5, md5(big))
  assert.equal(out.bytes, MAX_ANALYZED_BYTES + 3)
})

test('a path present twice: the last entry wins in the list and analyzers see both, in order', T, async () => {
  const first = await tarball({ 'a.txt': 'first', 'b.txt': 'b' }, { gzip: false })
  const second = await tarball({ 'a.txt': 'second!' }, { gzip: false })
  const body = first.subarray(0, first.length - 1024) // drop the first archive's two end-of-archive blocks
  assert.ok(first.subarray(first.length - 1024).every((b) => b === 0))
  const rec = recorder()
  const out = await walk(gzipSync(Buffer.concat([body, second])), [rec])
  assert.deepEqual(out.files, [
    { path: 'a.txt', size: 7, md5: md5('second!') },
    { path: 'b.txt', size: 1, md5: md5('b') },
  ])
  assert.equal(out.bytes, 8)
  assert.deepEqual(
    rec.seen.map((f) => `${f.path}=${f.content}`),
    ['a.txt=first', 'b.txt=b', 'a.txt=second!'],
  )
})

test('entries with .. segments or absolute paths are skipped', T, async () => {
  const cwd = join(tmp, 'escape')
  await mkdir(join(cwd, 'package'), { recursive: true })
  await writeFile(join(cwd, 'package', 'ok.txt'), 'ok')
  await writeFile(join(cwd, 'up.txt'), 'up')
  const paths = ['package/ok.txt', 'package/../up.txt', '../escape/up.txt', join(cwd, 'up.txt')]
  const rec = recorder()
  const out = await walk(await pack(cwd, paths, true, { preservePaths: true }), [rec])
  assert.deepEqual(
    out.files.map((f) => f.path),
    ['ok.txt'],
  )
  assert.equal(rec.seen.length, 1)
})

const pathCases: { raw: string; want: string | undefined }[] = [
  { raw: 'package/index.js', want: 'index.js' },
  { raw: 'pkg-1.0.0/lib/a.js', want: 'lib/a.js' },
  { raw: 'package//lib/./a.js', want: 'lib/a.js' },
  { raw: './package/a.js', want: 'a.js' },
  { raw: 'index.js', want: undefined },
  { raw: 'package/', want: undefined },
  { raw: '/etc/passwd', want: undefined },
  { raw: 'C:/x/y', want: undefined },
  { raw: 'package/../x', want: undefined },
  { raw: 'package/a/../../x', want: undefined },
  { raw: 'package/a\\b.js', want: 'a\\b.js' },
]
for (const c of pathCases) test(`packagePath(${JSON.stringify(c.raw)})`, () => assert.equal(packagePath(c.raw), c.want))

const damaged: { name: string; make: () => Promise<Buffer> }[] = [
  {
    name: 'a corrupt gzip stream',
    make: async () => {
      const buf = await tarball({ 'a.txt': randomBytes(20_000).toString('hex') })
      for (let i = 100; i < 200; i++) buf[i] = (buf[i] ?? 0) ^ 0x5a
      return buf
    },
  },
  {
    name: 'a truncated gzip stream',
    make: async () => (await tarball({ 'a.txt': randomBytes(20_000).toString('hex') })).subarray(0, 5000),
  },
  {
    name: 'a truncated tar inside a valid gzip',
    make: async () => gzipSync((await tarball({ 'a.txt': 'x'.repeat(5000) }, { gzip: false })).subarray(0, 3000)),
  },
  {
    name: 'a tar with a broken header checksum',
    make: async () => Buffer.concat([Buffer.alloc(512, 0x41), Buffer.alloc(1024)]),
  },
  { name: 'not an archive at all', make: async () => Buffer.from('hello, this is not a tarball\n'.repeat(40)) },
  { name: 'an empty stream', make: async () => Buffer.alloc(0) },
]
for (const c of damaged) {
  test(`${c.name} rejects with a TarballError`, T, async () => {
    await assert.rejects(walk(await c.make(), [recorder()]), (err: unknown) => {
      assert.ok(err instanceof TarballError, String(err))
      assert.match(err.message, /damaged tarball/)
      return true
    })
  })
}

test('a failing source stream rejects with its own error', T, async () => {
  const good = await tarball({ 'a.txt': 'a' })
  const source = new Readable({ read() {} })
  source.push(good.subarray(0, 10))
  setImmediate(() => source.destroy(Object.assign(new Error('integrity mismatch'), { code: 'EINTEGRITY' })))
  await assert.rejects(walkTarball(source, []), { code: 'EINTEGRITY' })
})

test('an analyzer that throws rejects the walk with its name', T, async () => {
  const boom: Analyzer<null> = {
    name: 'boom',
    version: '3',
    start: () => ({
      file: () => {
        throw new Error('kaput')
      },
      finish: () => null,
    }),
  }
  await assert.rejects(walk(await tarball({ 'a.txt': 'a' }), [boom]), /analyzer boom@3 failed on a\.txt: kaput/)
})

test('the unpacked-size limit rejects', T, async () => {
  const buf = await tarball({ 'a.txt': 'x'.repeat(100) })
  await assert.rejects(walkTarball(Readable.from([buf]), [], { maxUnpackedBytes: 50 }), TarballError)
})
