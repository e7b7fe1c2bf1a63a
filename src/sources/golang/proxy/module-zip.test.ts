// Module zips checked as the go command checks them, and hashed as it hashes them: the FIXTURE modules (real files
// from Debian's golang-*-dev packages) against the h1 the real go command computed for them
// (test/fixtures/go-proxy/README.md) and against the definition, computed here from the files themselves.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, test } from 'node:test'
import { goModuleFixtures } from '../../../../test/helpers/go-proxy-server.ts'
import { zipBytes } from '../../../../test/helpers/zip.ts'
import { UpstreamRefused } from '../../../ingest/failure.ts'
import { checkModuleZip } from './module-zip.ts'

const work = mkdtempSync(path.join(tmpdir(), 'ci-gozip-'))
after(() => rmSync(work, { recursive: true, force: true }))
const bounds = { maxUnpackedBytes: 1024 * 1024, maxGoModBytes: 64 * 1024 }
const refused = (kind: string, re: RegExp) => (err: unknown) =>
  err instanceof UpstreamRefused && err.kind === kind && re.test(err.message)
let n = 0
function zipFile(entries: { name: string; data?: string | Buffer }[]): string {
  const file = path.join(work, `${++n}.zip`)
  writeFileSync(file, zipBytes(entries))
  return file
}

/** dirhash Hash1 from its definition, over the files as the fixture holds them. */
function definitionH1(prefix: string, files: Map<string, Buffer>): string {
  const lines = [...files.keys()]
    .sort() // the names are ASCII: code-unit order is byte order
    .map(
      (name) =>
        `${createHash('sha256')
          .update(files.get(name) as Buffer)
          .digest('hex')}  ${prefix}${name}\n`,
    )
    .join('')
  return `h1:${createHash('sha256').update(lines).digest('base64')}`
}

test("the FIXTURE modules' zips hash to what the real go command computed, and to the definition", async () => {
  const goCommand: Record<string, string> = {
    'github.com/pkg/errors': 'h1:Dl3m5wJthC4rg9o2zrqudX0YqP9EJGhtmEXhGzM+x/A=',
    'github.com/BurntSushi/toml': 'h1:AJdeL99v2SVRqMrZmazdfIRuzXgXa9cpwINx+T0ZzVE=',
  }
  for (const m of goModuleFixtures()) {
    const file = path.join(work, `${m.files.size}-${n++}.zip`)
    writeFileSync(file, m.zip)
    const checked = await checkModuleZip(file, m.module, m.version, bounds)
    assert.equal(checked.h1, goCommand[m.module], m.module)
    assert.equal(checked.h1, definitionH1(`${m.module}@${m.version}/`, m.files))
    assert.equal(checked.fileCount, m.files.size)
    assert.equal(
      checked.bytes,
      [...m.files.values()].reduce((s, b) => s + b.length, 0),
    )
  }
})

test('every entry must be under <module>@<version>/', async () => {
  const p = 'example.com/m@v1.0.0/'
  for (const name of ['evil.go', 'example.com/other@v1.0.0/x.go', 'example.com/m@v1.0.1/x.go', 'example.com/m/x.go'])
    await assert.rejects(
      checkModuleZip(
        zipFile([
          { name: `${p}ok.go`, data: 'package m' },
          { name, data: 'x' },
        ]),
        'example.com/m',
        'v1.0.0',
        bounds,
      ),
      refused('identity', /outside example\.com\/m@v1\.0\.0\//),
      name,
    )
  // climbing out: refused by the zip reader before any name is used
  await assert.rejects(
    checkModuleZip(zipFile([{ name: `${p}../../../etc/x`, data: 'x' }]), 'example.com/m', 'v1.0.0', bounds),
    (err: unknown) => err instanceof UpstreamRefused,
  )
})

test("the go command's other refusals: collisions, go.mod placement, bad file names, sizes", async () => {
  const p = 'example.com/m@v1.0.0/'
  const check = (entries: { name: string; data?: string }[], b = bounds) =>
    checkModuleZip(zipFile(entries), 'example.com/m', 'v1.0.0', b)
  await assert.rejects(check([{ name: `${p}A.go` }, { name: `${p}a.go` }]), refused('format', /case-insensitive/))
  await assert.rejects(check([{ name: `${p}x.go` }, { name: `${p}x.go` }]), refused('format', /more than one entry/))
  await assert.rejects(
    check([{ name: `${p}d` }, { name: `${p}d/x.go` }]),
    refused('format', /both a file and a directory/),
  )
  await assert.rejects(check([{ name: `${p}sub/go.mod` }]), refused('format', /not in module root/))
  await assert.rejects(check([{ name: `${p}GO.MOD` }]), refused('format', /misspelled/))
  await assert.rejects(check([{ name: `${p}a*b.go` }]), refused('format', /invalid char/))
  await assert.rejects(
    check([{ name: `${p}x.go`, data: 'x'.repeat(2000) }], { ...bounds, maxUnpackedBytes: 1000 }),
    refused('size', /more than 1000 bytes/),
  )
  await assert.rejects(
    check([{ name: `${p}go.mod`, data: 'x'.repeat(2000) }], { ...bounds, maxGoModBytes: 1000 }),
    refused('size', /over 1000 bytes/),
  )
  await assert.rejects(checkModuleZip(path.join(work, 'none.zip'), 'example.com/m', 'v1.0.0', bounds))
  writeFileSync(path.join(work, 'junk.zip'), 'not a zip')
  await assert.rejects(
    checkModuleZip(path.join(work, 'junk.zip'), 'example.com/m', 'v1.0.0', bounds),
    refused('format', /not a zip/),
  )
})

test("folder entries are accepted and hashed as the go command's HashZip hashes every entry (a folder: no bytes)", async () => {
  const m = goModuleFixtures().find((f) => f.module === 'github.com/pkg/errors')
  assert.ok(m)
  const p = `${m.module}@${m.version}/`
  const sub = 'package sub\n'
  const entries = [{ name: p }, { name: `${p}sub/` }, { name: `${p}sub/x.go`, data: sub }]
  const file = zipFile([...entries, ...[...m.files].map(([name, data]) => ({ name: `${p}${name}`, data }))])
  const checked = await checkModuleZip(file, m.module, m.version, bounds)
  // the real go command's Sum for this zip (go 1.19.8 `go mod download -json` from the FIXTURE proxy)
  assert.equal(checked.h1, 'h1:fjNlA1L7P5TQrvs/LZ6+y6drLbmGq+ntHXNF62Y6EZ4=')
  const files = new Map([...m.files, ['', Buffer.alloc(0)], ['sub/', Buffer.alloc(0)], ['sub/x.go', Buffer.from(sub)]])
  assert.equal(checked.h1, definitionH1(p, files))
  assert.equal(checked.fileCount, m.files.size + 1)
  const withBytes = zipFile([{ name: `${p}d/`, data: 'x' }])
  await assert.rejects(checkModuleZip(withBytes, m.module, m.version, bounds), refused('format', /a folder with bytes/))
})

test('a damaged entry (its CRC-32) refuses the zip', async () => {
  const bytes = zipBytes([{ name: 'example.com/m@v1.0.0/x.go', data: 'package m\n' }])
  const central = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]))
  bytes.writeUInt32LE(0xdeadbeef, 14) // the local header's CRC
  bytes.writeUInt32LE(0xdeadbeef, central + 16) // the central directory's
  const file = path.join(work, 'crc.zip')
  writeFileSync(file, bytes)
  await assert.rejects(checkModuleZip(file, 'example.com/m', 'v1.0.0', bounds), refused('format', /CRC-32/))
})
