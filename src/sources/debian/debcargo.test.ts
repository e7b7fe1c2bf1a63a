// The crates of librust-*-dev packages read from their Packages stanzas (debcargo's naming rule and Provides), over
// real stanzas of trixie's Packages index (FIXTURE: test/fixtures/debian/trixie-librust/README.md); the folders
// expected are the ones the packages hold (dpkg-deb -c of each .deb, November 2026).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { cratesOfPackage, cratesOfSuites, crateVersion, seriesOf, upstreamVersion } from './debcargo.ts'
import { type BinaryRecord, readPackages } from './indexes.ts'

const FIXTURE = fileURLToPath(new URL('../../../test/fixtures/debian/trixie-librust/Packages', import.meta.url))

async function trixie(): Promise<Map<string, BinaryRecord[]>> {
  return readPackages([{ suite: 'trixie', kind: 'Packages', file: FIXTURE, mirror: '' }])
}

const record = (packages: Map<string, BinaryRecord[]>, name: string) => packages.get(name)?.[0] as BinaryRecord

test('each package: its crates, their versions and folders as the package holds them', async () => {
  const packages = await trixie()
  const folders = (name: string) =>
    cratesOfPackage(record(packages, name)).map((e) => `${e.name} ${e.version} ${e.path} ${e.package} ${e.from}`)
  const at = (crate: string, version: string, pkg: string) =>
    `${crate} ${version} usr/share/cargo/registry/${crate}-${version}/Cargo.toml ${pkg} Packages`
  assert.deepEqual(folders('librust-md-5-dev'), [at('md-5', '0.10.6', 'librust-md-5-dev')])
  assert.deepEqual(folders('librust-codepage-437-dev'), [at('codepage-437', '0.1.0', 'librust-codepage-437-dev')])
  assert.deepEqual(folders('librust-syn-1-dev'), [at('syn', '1.0.109', 'librust-syn-1-dev')])
  assert.deepEqual(folders('librust-cfg-if-0.1-dev'), [at('cfg-if', '0.1.10', 'librust-cfg-if-0.1-dev')])
  assert.deepEqual(folders('librust-cov-mark-dev'), [at('cov-mark', '2.0.0-pre.1', 'librust-cov-mark-dev')])
  assert.deepEqual(folders('librust-femme-dev'), [at('femme', '2.2.1', 'librust-femme-dev')])
  assert.deepEqual(folders('librust-mdbook-dev'), [at('mdbook', '0.4.48', 'librust-mdbook-dev')])
  assert.deepEqual(folders('librust-oxrdf-dev'), [
    at('oxrdf', '0.2.4', 'librust-oxrdf-dev'),
    at('oxrdfio', '0.1.7', 'librust-oxrdf-dev'),
    at('oxrdfxml', '0.1.6', 'librust-oxrdf-dev'),
    at('oxttl', '0.1.7', 'librust-oxrdf-dev'),
  ])
  // the package writes lazy_static's `_` as `-`: the folder is lazy_static-1.5.0, found up to `-`/`_` by the walk
  assert.deepEqual(folders('librust-lazy-static-dev'), [at('lazy-static', '1.5.0', 'librust-lazy-static-dev')])
  assert.deepEqual(folders('librust-adler+core-dev'), [])
})

test('without Provides, the name and the version tell a crate ending in digits from a series suffix', async () => {
  const packages = await trixie()
  const bare = (name: string) => {
    const r = record(packages, name)
    return cratesOfPackage({ name: r.name, version: r.version, provides: '' }).map((e) => `${e.name} ${e.version}`)
  }
  assert.deepEqual(bare('librust-syn-1-dev'), ['syn 1.0.109'])
  assert.deepEqual(bare('librust-cfg-if-0.1-dev'), ['cfg-if 0.1.10'])
  assert.deepEqual(bare('librust-codepage-437-dev'), ['codepage-437 0.1.0'])
  assert.deepEqual(bare('librust-md-5-dev'), ['md-5 0.10.6'])
  assert.deepEqual(bare('librust-cov-mark-dev'), ['cov-mark 2.0.0-pre.1'])
  const refused: string[] = []
  assert.deepEqual(
    cratesOfPackage({ name: 'librust-foo-dev', version: '20240101-1', provides: '' }, (w) => refused.push(w)),
    [],
  )
  assert.match(refused[0] as string, /no crate version/)
})

test('cratesOfSuites reads the packages of the suites named, no other', async () => {
  const packages = await trixie()
  const crates = (suites: string[]) => cratesOfSuites(packages, new Set(suites)).map((e) => e.name)
  assert.equal(crates(['trixie']).length, 12)
  assert.ok(crates(['trixie']).includes('md-5'))
  assert.deepEqual(crates(['bookworm']), [])
  assert.deepEqual(crates([]), [])
})

test('the Debian version: epoch, revision, binNMU, ~really; the series suffix', () => {
  assert.equal(upstreamVersion('1.0.197-1+b1'), '1.0.197')
  assert.equal(upstreamVersion('2:1.0.197-1'), '1.0.197')
  assert.equal(upstreamVersion('0.4.0~really0.2.4+0.4.9-1'), '0.2.4+0.4.9')
  assert.equal(upstreamVersion('1.2.3'), '1.2.3')
  assert.equal(crateVersion('1:0.25.0~beta.1-2+b1', '0.25.0'), '0.25.0-beta.1')
  assert.equal(crateVersion('1.0.0+22.2.1~ds-1', '1.0.0'), '1.0.0')
  assert.equal(crateVersion('2.2.1~dfsg-6', '2.2.1'), '2.2.1')
  assert.equal(crateVersion('9.9.9-1', '0.1.7'), '0.1.7')
  assert.deepEqual(['1.0.109', '0.10.6', '0.0.3'].map(seriesOf), ['1', '0.10', '0.0.3'])
})
