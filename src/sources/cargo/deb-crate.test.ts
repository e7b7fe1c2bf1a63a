// Crates read out of .deb files: the FIXTURE repository's real librust-*-dev packages (test/fixtures/debian/repo,
// README there), and packages made up here with dpkg-deb (a manifest naming another crate or version, a file
// differing from its checksum, a crate too large), which are refused.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { UpstreamRefused } from '../../ingest/failure.ts'
import { walkCommand } from '../debian/deb-file.ts'
import { readDebCrates, versionOfFolder, walkCrate } from './deb-crate.ts'

const POOL = fileURLToPath(new URL('../../../test/fixtures/debian/repo/pool/main/r/', import.meta.url))
const work = mkdtempSync(path.join(tmpdir(), 'ci-debcrate-'))
after(() => rmSync(work, { recursive: true, force: true }))
let n = 0
const fresh = () => {
  const d = path.join(work, String(n++))
  mkdirSync(d)
  return d
}

test('itoa 1.0.1 from librust-itoa-dev: its manifest, the .crate SHA-256, its files', async () => {
  const [c, more] = await readDebCrates(`${POOL}rust-itoa/librust-itoa-dev_1.0.1-2_amd64.deb`, 'itoa', fresh(), 1e6)
  assert.equal(more, undefined)
  assert.ok(c)
  assert.deepEqual(
    [c.manifest.name, c.manifest.version, c.registryPath],
    ['itoa', '1.0.1', 'usr/share/cargo/registry/itoa-1.0.1'],
  )
  assert.equal(c.checksum.crate, '1aab8fc367588b89dcee83ab0fd66b72b50b72fa1904d7095045ace2b0c81c35')
  assert.ok(c.files.includes('src/lib.rs') && !c.files.includes('.cargo-checksum.json'), c.files.join(' '))
  assert.deepEqual(c.patches, [])
  // the sizes dpkg-deb -c lists, the checksum file aside
  assert.equal(c.bytes, 31855)
})

test("lazy_static asked as lazy-static: Debian's patch named, its debian/ folder not the crate's", async () => {
  const deb = `${POOL}rust-lazy-static/librust-lazy-static-dev_1.4.0-2_amd64.deb`
  const [c] = await readDebCrates(deb, 'Lazy-Static', fresh(), 1e6)
  assert.ok(c)
  assert.equal(c.manifest.name, 'lazy_static')
  assert.equal(c.checksum.crate, null, 'Debian had no checksum for it')
  assert.deepEqual(c.patches, ['tweak-deps.patch'])
  assert.ok(!c.files.some((f) => f.startsWith('debian/')), c.files.join(' '))
  const walked = await walkCrate(c, [], walkCommand)
  assert.deepEqual(
    walked.files.map((f) => f.path),
    [...c.files].sort(),
    'the walk holds the crate files, by their paths in the crate',
  )
  // another crate's package holds none of this one
  assert.deepEqual(await readDebCrates(deb, 'lazy', fresh(), 1e6), [])
})

test('folder names: the crate asked, then a version Cargo allows', () => {
  assert.equal(versionOfFolder('lazy_static-1.4.0', 'lazy-static'), '1.4.0')
  assert.equal(versionOfFolder('sha-1-0.10.1', 'sha-1'), '0.10.1')
  assert.equal(versionOfFolder('wasi-0.11.0+wasi-snapshot-preview1', 'wasi'), '0.11.0+wasi-snapshot-preview1')
  assert.equal(versionOfFolder('sha-1-0.10.1', 'sha'), undefined)
  assert.equal(versionOfFolder('itoa-1.0', 'itoa'), undefined)
  assert.equal(versionOfFolder('itoax-1.0.0', 'itoa'), undefined)
})

/** A made-up .deb shipping `files` (and `links`: path → target) under usr/share/cargo/registry/<folder>/. */
function madeUpDeb(folder: string, files: Record<string, string>, links: Record<string, string> = {}): string {
  const root = fresh()
  mkdirSync(path.join(root, 'DEBIAN'))
  writeFileSync(
    path.join(root, 'DEBIAN', 'control'),
    'Package: librust-made-up-dev\nVersion: 1.0.0-1\nArchitecture: amd64\nMaintainer: Test <t@example.org>\nDescription: made up\n',
  )
  for (const [f, text] of Object.entries(files)) {
    const p = path.join(root, 'usr/share/cargo/registry', folder, f)
    mkdirSync(path.dirname(p), { recursive: true })
    writeFileSync(p, text)
  }
  for (const [f, target] of Object.entries(links))
    symlinkSync(target, path.join(root, 'usr/share/cargo/registry', folder, f))
  const deb = `${root}.deb`
  execFileSync('dpkg-deb', ['--root-owner-group', '-Zgzip', '-b', root, deb], { stdio: 'ignore' })
  return deb
}

const manifest = (name: string, version: string) => `[package]\nname = "${name}"\nversion = "${version}"\n`
const sha = (s: string) => createHash('sha256').update(s).digest('hex')
const refusal = (kind: string, re: RegExp) => (e: unknown) =>
  e instanceof UpstreamRefused && e.kind === kind && re.test(e.message)

test("a version with build metadata is the folder's without it, as Debian names libgit2-sys-0.14.1 (0.14.1+1.5.0)", async () => {
  const deb = madeUpDeb('libgit2-sys-0.14.1', { 'Cargo.toml': manifest('libgit2-sys', '0.14.1+1.5.0') })
  const [crate] = await readDebCrates(deb, 'libgit2-sys', fresh(), 1e6)
  assert.equal(crate?.manifest.version, '0.14.1+1.5.0')
})

test('identity refused: a manifest naming another crate, or another version than its folder', async () => {
  const other = madeUpDeb('itoa-1.0.1', { 'Cargo.toml': manifest('evil', '1.0.1') })
  await assert.rejects(readDebCrates(other, 'itoa', fresh(), 1e6), refusal('identity', /names "evil", not itoa/))
  const version = madeUpDeb('itoa-1.0.1', { 'Cargo.toml': manifest('itoa', '9.9.9') })
  await assert.rejects(readDebCrates(version, 'itoa', fresh(), 1e6), refusal('identity', /of version "9.9.9"/))
  const build = madeUpDeb('itoa-1.0.1', { 'Cargo.toml': manifest('itoa', '1.0.2+1.5.0') })
  await assert.rejects(readDebCrates(build, 'itoa', fresh(), 1e6), refusal('identity', /of version "1\.0\.2\+1\.5\.0"/))
  const none = madeUpDeb('itoa-1.0.1', { 'src/lib.rs': '' })
  await assert.rejects(readDebCrates(none, 'itoa', fresh(), 1e6), refusal('format', /no Cargo\.toml/))
})

test('a file differing from its checksum refuses the crate; a crate over the bound is refused', async () => {
  const toml = manifest('itoa', '1.0.1')
  const files = { 'Cargo.toml': sha(toml), 'src/lib.rs': sha('pub fn f() {}\n') }
  const checksum = JSON.stringify({ package: sha('crate'), files })
  const good = madeUpDeb('itoa-1.0.1', {
    'Cargo.toml': toml,
    'src/lib.rs': 'pub fn f() {}\n',
    '.cargo-checksum.json': checksum,
  })
  const [c] = await readDebCrates(good, 'itoa', fresh(), 1e6)
  assert.equal(c?.files.length, 2)
  const tampered = madeUpDeb('itoa-1.0.1', {
    'Cargo.toml': toml,
    'src/lib.rs': 'evil()\n',
    '.cargo-checksum.json': checksum,
  })
  await assert.rejects(readDebCrates(tampered, 'itoa', fresh(), 1e6), refusal('integrity', /src\/lib\.rs differs/))
  const large = madeUpDeb('itoa-1.0.1', { 'Cargo.toml': toml, 'big.bin': 'x'.repeat(20_000) })
  await assert.rejects(readDebCrates(large, 'itoa', fresh(), 10_000), refusal('size', /more than 10000 bytes/))
})

test('links in the package are neither unpacked nor read', async () => {
  const into = fresh()
  const deb = madeUpDeb('itoa-1.0.1', { 'Cargo.toml': manifest('itoa', '1.0.1') }, { 'passwd.rs': '/etc/passwd' })
  const [c] = await readDebCrates(deb, 'itoa', into, 1e6)
  assert.deepEqual(c?.files, ['Cargo.toml'])
  assert.equal(existsSync(path.join(into, 'usr/share/cargo/registry/itoa-1.0.1/passwd.rs')), false)
})
