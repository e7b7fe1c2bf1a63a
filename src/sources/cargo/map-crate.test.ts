// The facts of crates read from the FIXTURE repository's real librust-*-dev packages (test/fixtures/debian/repo,
// README there): the component and its versions as the KB keeps them, the license forms, the newest Debian version of
// an upstream version kept, the first upload's date.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { parseDebianChangelog } from '../../domain/vulnerabilities/debian-changelog.ts'
import { readDebDocs } from '../debian/deb-file.ts'
import { type DebCrate, readDebCrates } from './deb-crate.ts'
import { firstUpload, mapCrate, type ShippedCrate } from './map-crate.ts'

const POOL = fileURLToPath(new URL('../../../test/fixtures/debian/repo/pool/main/r/', import.meta.url))
const AS_OF = '2026-07-11T10:16:37.000Z'
const work = mkdtempSync(path.join(tmpdir(), 'ci-mapcrate-'))
after(() => rmSync(work, { recursive: true, force: true }))

async function shipped(crate: string, pkg: string, debianVersion: string): Promise<ShippedCrate> {
  const deb = `${POOL}rust-${pkg}/librust-${pkg}-dev_${debianVersion}_amd64.deb`
  const [c] = await readDebCrates(deb, crate, mkdtempSync(path.join(work, 'c-')), 1e6)
  const changelog = parseDebianChangelog((await readDebDocs(deb, `librust-${pkg}-dev`)).changelog ?? '')
  return {
    crate: c as DebCrate,
    package: `librust-${pkg}-dev`,
    debianVersion,
    arch: 'amd64',
    suites: ['bookworm'],
    firstUpload: firstUpload(changelog, (c as DebCrate).manifest.version),
  }
}

test('itoa: the component, its version with the .crate SHA-256, its license, the date Debian first had it', async () => {
  const mapped = mapCrate([await shipped('itoa', 'itoa', '1.0.1-2')], AS_OF)
  assert.ok(mapped)
  const { component: c, versions } = mapped
  assert.deepEqual(
    [c.purl, c.purlType, c.name, c.purlName, c.latestVersion, c.sourcePurl, c.source, c.asOf, c.projectUrl],
    [
      'pkg:cargo/itoa',
      'cargo',
      'itoa',
      'itoa',
      '1.0.1',
      'pkg:deb/debian/librust-itoa-dev@1.0.1-2?arch=amd64',
      'debian-cargo',
      AS_OF,
      '',
    ],
  )
  assert.equal(c.repositoryUrl, 'https://github.com/dtolnay/itoa')
  const [v] = versions
  assert.ok(v)
  assert.deepEqual(
    [v.version, v.releasedAt, v.statusRaw, v.integrity, v.fileCount, v.unpackedSize],
    [
      '1.0.1',
      // rust-itoa (1.0.1-1) experimental, 1 May 2022: 1.0.1-2 is a later upload of the same upstream version
      '2022-05-01T16:29:46.000Z',
      'librust-itoa-dev 1.0.1-2 (bookworm)',
      `sha256-${Buffer.from('1aab8fc367588b89dcee83ab0fd66b72b50b72fa1904d7095045ace2b0c81c35', 'hex').toString('base64')}`,
      13,
      31855,
    ],
  )
  assert.deepEqual(v.license, {
    raw: 'MIT OR Apache-2.0',
    expression: '(MIT OR Apache-2.0)',
    ids: ['MIT', 'Apache-2.0'],
    valid: true,
  })
  assert.deepEqual(v.licenseOrigin, { source: 'debian-cargo', path: 'Cargo.toml' })
  assert.deepEqual(v.dependencies, [])
  assert.equal(v.features, undefined, 'no [features] table')
})

test("either: `MIT/Apache-2.0` read as OR; lazy_static: its name as its manifest spells it, Debian's patch said", async () => {
  const either = mapCrate([await shipped('either', 'either', '1.6.1-1')], AS_OF)
  assert.deepEqual(either?.versions[0]?.license?.expression, '(MIT OR Apache-2.0)')
  assert.deepEqual(either?.versions[0]?.license?.raw, 'MIT/Apache-2.0')
  const lazy = mapCrate([await shipped('lazy-static', 'lazy-static', '1.4.0-2')], AS_OF)
  assert.deepEqual([lazy?.component.purl, lazy?.component.purlName], ['pkg:cargo/lazy_static', 'lazy-static'])
  const v = lazy?.versions[0]
  assert.equal(v?.integrity, null, 'no checksum of the .crate')
  assert.equal(v?.statusRaw, "librust-lazy-static-dev 1.4.0-2 (bookworm); Debian's patches: tweak-deps.patch")
  assert.equal(v?.releasedAt, '2019-11-17T09:06:37.000Z')
  // its `[features]` table and its optional spin (the `spin_no_std` feature enables it) kept for the walk
  assert.deepEqual(v?.features, { spin_no_std: ['spin'] })
  assert.deepEqual(
    v?.dependencies.filter((d) => d.scope !== 'dev'),
    [{ scope: 'optional', name: 'spin', requirement: '0.9', features: { asks: ['default'], optional: true } }],
  )
  assert.deepEqual(either?.versions[0]?.features, { default: ['use_std'], use_std: [] })
})

test('an upstream version shipped by two Debian versions: the newer one; the newest release is the latest', async () => {
  const s = await shipped('itoa', 'itoa', '1.0.1-2')
  const older = { ...s, debianVersion: '1.0.1-1', suites: ['bookworm'] }
  const newer = { ...s, debianVersion: '1.0.1-2+deb12u1', suites: ['bookworm-security'] }
  const pre = { ...s, crate: { ...s.crate, manifest: { ...s.crate.manifest, version: '2.0.0-rc.1' } } }
  const mapped = mapCrate([older, newer, s, pre], AS_OF)
  assert.deepEqual(
    mapped?.versions.map((v) => [v.version, v.statusRaw, v.isPrerelease]),
    [
      ['1.0.1', 'librust-itoa-dev 1.0.1-2+deb12u1 (bookworm-security)', false],
      ['2.0.0-rc.1', 'librust-itoa-dev 1.0.1-2 (bookworm)', true],
    ],
  )
  assert.equal(mapped?.component.latestVersion, '1.0.1', 'a pre-release is not the latest while a release is')
  assert.equal(mapCrate([], AS_OF), undefined)
})

test('a license-file only: kept as a reference to the file; none: no license', async () => {
  const s = await shipped('itoa', 'itoa', '1.0.1-2')
  const manifest = { ...s.crate.manifest, license: null, licenseFile: 'LICENSE.txt' }
  const v = mapCrate([{ ...s, crate: { ...s.crate, manifest } }], AS_OF)?.versions[0]
  assert.deepEqual(v?.license?.ids, ['LicenseRef-see-license-file'])
  const none = { ...s.crate.manifest, license: null, licenseFile: null }
  assert.equal(mapCrate([{ ...s, crate: { ...s.crate, manifest: none } }], AS_OF)?.versions[0]?.license, null)
})

test('first upload: the oldest entry of the upstream version, a pre-release in Debian spelling', () => {
  const entries = [
    { version: '2.0.0~rc.1-1', date: '2024-01-02T00:00:00.000Z' },
    { version: '1:1.0.1-2', date: '2022-05-02T12:08:16.000Z' },
    { version: '1.0.1-1', date: '2022-05-01T16:29:46.000Z' },
    { version: '1.0.10-1', date: '2021-01-01T00:00:00.000Z' },
  ]
  assert.equal(firstUpload(entries, '1.0.1'), '2022-05-01T16:29:46.000Z')
  assert.equal(firstUpload(entries, '2.0.0-rc.1'), '2024-01-02T00:00:00.000Z')
  assert.equal(firstUpload(entries, '3.0.0'), null)
})
