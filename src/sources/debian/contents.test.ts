// The Contents index reader over real lines of bookworm's main Contents-all and Contents-amd64 (November 2026): the
// Python distributions' metadata and the crates' manifests kept, every other line skipped, a malformed one refused.
import assert from 'node:assert/strict'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { crateKey, pep503 } from '../../domain/shared/purl.ts'
import { AptArchive } from './apt.ts'
import { parseContentsLine, readRepackaged } from './contents.ts'
import { parseIndexes } from './suite-indexes.ts'

// real lines, verbatim (the column padding as the index writes it)
const LINES = [
  'bin/ash                                                 shells/ash',
  'usr/lib/python3/dist-packages/six-1.16.0.egg-info/PKG-INFO python/python3-six',
  'usr/lib/python3/dist-packages/six-1.16.0.egg-info/top_level.txt python/python3-six',
  'usr/lib/python3/dist-packages/six.py                    python/python3-six',
  'usr/lib/python3/dist-packages/url_normalize-1.4.3.dist-info/METADATA python/python3-url-normalize',
  'usr/lib/python3/dist-packages/url_normalize-1.4.3.dist-info/RECORD python/python3-url-normalize',
  'usr/lib/python3/dist-packages/requests_cache-0.9.8.dist-info/METADATA python/python3-requests-cache',
  'usr/lib/python3/dist-packages/CDApplet-1.0.egg-info     x11/cairo-dock-dbus-plug-in-interface-python',
  'usr/lib/python3/dist-packages/SCons-4.4.0-py3.10.egg-info/PKG-INFO devel/scons',
  'usr/lib/python3/dist-packages/furo.egg-info/PKG-INFO    python/furo',
  'usr/share/cargo/registry/ahash-0.7.6/Cargo.toml         rust/librust-ahash-0.7-dev,rust/librust-ahash-dev',
  'usr/share/cargo/registry/sha-1-0.9.8/Cargo.toml         rust/librust-sha-1-0.9-dev',
  'usr/share/cargo/registry/ahash-0.7.6/src/lib.rs         rust/librust-ahash-0.7-dev,rust/librust-ahash-dev',
]

test('a distribution metadata line: its name as the path spells it, the upstream version, the package', () => {
  assert.deepEqual(parseContentsLine(LINES[4] as string), [
    {
      ecosystem: 'pypi',
      name: 'url_normalize',
      version: '1.4.3',
      path: 'usr/lib/python3/dist-packages/url_normalize-1.4.3.dist-info/METADATA',
      package: 'python3-url-normalize',
    },
  ])
})

const cases: { name: string; line: string; want: [string, string, string][] }[] = [
  { name: 'an egg-info PKG-INFO', line: LINES[1] as string, want: [['six', '1.16.0', 'python3-six']] },
  {
    name: 'an egg-info file',
    line: LINES[7] as string,
    want: [['CDApplet', '1.0', 'cairo-dock-dbus-plug-in-interface-python']],
  },
  { name: "an egg's -py3.10 dropped", line: LINES[8] as string, want: [['SCons', '4.4.0', 'scons']] },
  {
    name: 'a crate in two packages',
    line: LINES[10] as string,
    want: [
      ['ahash', '0.7.6', 'librust-ahash-0.7-dev'],
      ['ahash', '0.7.6', 'librust-ahash-dev'],
    ],
  },
  {
    name: "a crate whose name holds a '-<digit>'",
    line: LINES[11] as string,
    want: [['sha-1', '0.9.8', 'librust-sha-1-0.9-dev']],
  },
  { name: 'another file of a distribution', line: LINES[2] as string, want: [] },
  { name: 'a module', line: LINES[3] as string, want: [] },
  { name: "a crate's source file", line: LINES[12] as string, want: [] },
  { name: 'any other path', line: LINES[0] as string, want: [] },
]
for (const c of cases)
  test(c.name, () => {
    const got = parseContentsLine(c.line).map((e) => [e.name, e.version, e.package])
    assert.deepEqual(got, c.want)
  })

test('a metadata path without a version, or a package Policy does not allow, is refused', () => {
  const refused: string[] = []
  assert.deepEqual(
    parseContentsLine(LINES[9] as string, (w) => refused.push(w)),
    [],
  )
  const bad = 'usr/lib/python3/dist-packages/six-1.16.0.egg-info/PKG-INFO python/Python3_Six,python/python3-six'
  assert.deepEqual(
    parseContentsLine(bad, (w) => refused.push(w)).map((e) => e.package),
    ['python3-six'],
  )
  assert.equal(refused.length, 2)
  assert.match(refused[0] as string, /furo\.egg-info.*no distribution name and version/)
  assert.match(refused[1] as string, /Python3_Six.*Policy/)
})

test('names normalised as each ecosystem compares them', () => {
  assert.equal(pep503('Requests_Cache'), 'requests-cache')
  assert.equal(pep503('zope.interface'), 'zope-interface')
  assert.equal(crateKey('Serde_JSON'), 'serde-json')
})

test('readRepackaged: plain and compressed files, found by normalised name, a path listed twice kept once', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'contents-'))
  const plain = path.join(dir, 'Contents-all')
  const gz = path.join(dir, 'Contents-amd64.gz')
  writeFileSync(plain, `${LINES.join('\n')}\n`)
  writeFileSync(gz, gzipSync(`${LINES[1]}\n${'x'.repeat(10_000)}\n${LINES[6]}`))
  const refused: string[] = []
  const index = await readRepackaged([plain, gz], (w) => refused.push(w))
  assert.deepEqual(
    index.find('pypi', 'Requests.Cache').map((e) => e.package),
    ['python3-requests-cache'],
  )
  assert.deepEqual(
    index.find('pypi', 'six').map((e) => e.version),
    ['1.16.0'],
  )
  assert.deepEqual(
    index.find('cargo', 'AHash').map((e) => e.package),
    ['librust-ahash-0.7-dev', 'librust-ahash-dev'],
  )
  assert.deepEqual(
    index.find('cargo', 'sha_1').map((e) => e.version),
    ['0.9.8'],
  )
  assert.deepEqual(index.find('pypi', 'ahash'), [])
  assert.equal(refused.length, 2) // furo's version-less egg-info, and the over-long line
  assert.match(refused[1] as string, /longer than 4096/)
})

test("Go modules: a go.mod under usr/share/gocode/src names its module (case kept); testdata, vendor, internal don't", () => {
  // real lines of bookworm's Contents-all (golang-github-stretchr-testify-dev, golang-github-burntsushi-toml-dev)
  const line = (p: string, pkg: string) => `${p}${' '.repeat(8)}golang/${pkg}`
  assert.deepEqual(
    parseContentsLine(
      line('usr/share/gocode/src/github.com/BurntSushi/toml/go.mod', 'golang-github-burntsushi-toml-dev'),
    ),
    [
      {
        ecosystem: 'golang',
        name: 'github.com/BurntSushi/toml',
        version: '',
        path: 'usr/share/gocode/src/github.com/BurntSushi/toml/go.mod',
        package: 'golang-github-burntsushi-toml-dev',
      },
    ],
  )
  for (const p of [
    'usr/share/gocode/src/github.com/stretchr/testify/assert/assertions.go',
    'usr/share/gocode/src/example.com/m/testdata/go.mod',
    'usr/share/gocode/src/example.com/m/vendor/example.org/x/go.mod',
    'usr/share/gocode/src/go.mod',
  ])
    assert.deepEqual(parseContentsLine(line(p, 'golang-x-dev')), [], p)
})

test('readRepackaged: the folders of Go import paths their packages ship, once each, a go.mod entry first', async () => {
  // real lines of bookworm's Contents-all (golang-github-pmezard-go-difflib-dev, golang-github-stretchr-testify-dev)
  const dir = mkdtempSync(path.join(tmpdir(), 'contents-'))
  const file = path.join(dir, 'Contents-all')
  writeFileSync(
    file,
    [
      'usr/share/gocode/src/github.com/pmezard/go-difflib/difflib/difflib.go golang/golang-github-pmezard-go-difflib-dev',
      'usr/share/gocode/src/github.com/pmezard/go-difflib/difflib/difflib_test.go golang/golang-github-pmezard-go-difflib-dev',
      'usr/share/gocode/src/github.com/stretchr/testify/LICENSE golang/golang-github-stretchr-testify-dev',
      'usr/share/gocode/src/github.com/stretchr/testify/go.mod golang/golang-github-stretchr-testify-dev',
    ].join('\n'),
  )
  const asked: string[] = []
  const sources = new Set(['github.com/pmezard/go-difflib', 'github.com/stretchr/testify', 'github.com/stretchr'])
  const index = await readRepackaged([file], undefined, [], (p) => {
    asked.push(p)
    return sources.has(p)
  })
  assert.deepEqual(
    index.entries().map((e) => `${e.name} ${e.path} ${e.from ?? 'Contents'}`),
    [
      'github.com/stretchr/testify usr/share/gocode/src/github.com/stretchr/testify/go.mod Contents',
      'github.com/pmezard/go-difflib usr/share/gocode/src/github.com/pmezard/go-difflib/ Sources',
      // a shorter path the source names too, a folder of the package: its entry (the unit reads what is there)
      'github.com/stretchr usr/share/gocode/src/github.com/stretchr/ Sources',
    ],
  )
  // each folder above a file is asked about, the file itself not
  assert.ok(asked.includes('github.com/pmezard/go-difflib/difflib'))
  assert.ok(!asked.some((p) => p.endsWith('.go')))
})

test('readRepackaged: a missing file fails the read', async () => {
  await assert.rejects(readRepackaged([path.join(tmpdir(), 'no-such-contents-file')]), /apt-helper cat-file/)
})

test('apt fetches the Contents index of the FIXTURE repository with the Packages indexes; parseIndexes reads it', async () => {
  const repo = fileURLToPath(new URL('../../../test/fixtures/debian/repo', import.meta.url))
  const archive = new AptArchive({
    dir: mkdtempSync(path.join(tmpdir(), 'contents-apt-')),
    suites: ['bookworm'],
    mirrors: { archive: `file:${repo}`, security: `file:${repo}`, keyring: '' },
    trusted: true,
  })
  await archive.update()
  assert.deepEqual(
    archive
      .contentsFiles()
      .map((f) => /_dists_(.*?)(?:\.[a-z0-9]+)?$/.exec(f)?.[1])
      .sort(),
    ['bookworm_main_Contents-all', 'bookworm_main_Contents-amd64'],
  )
  const { repackaged } = await parseIndexes(archive)
  assert.deepEqual(
    ['six', 'idna', 'url-normalize', 'requests'].map((n) =>
      repackaged.find('pypi', n).map((e) => `${e.package} ${e.version}`),
    ),
    [['python3-six 1.16.0'], ['python3-idna 3.3'], ['python3-url-normalize 1.4.3'], []],
  )
  // the crates' packages are architecture-specific: their lines are in Contents-amd64
  assert.deepEqual(
    repackaged.find('cargo', 'LAZY_STATIC').map((e) => `${e.package} ${e.name} ${e.version} ${e.path}`),
    ['librust-lazy-static-dev lazy_static 1.4.0 usr/share/cargo/registry/lazy_static-1.4.0/Cargo.toml'],
  )
  // a Maven artifact by group:artifact, any case; the 3.x alias folder and Debian's own `debian` folder left out
  assert.deepEqual(
    repackaged.find('maven', 'org.apache.commons:Commons-Lang3').map((e) => `${e.package} ${e.version} ${e.path}`),
    [
      'libcommons-lang3-java 3.12.0 usr/share/maven-repo/org/apache/commons/commons-lang3/3.12.0/commons-lang3-3.12.0.pom',
    ],
  )
  // a Go module by its go.mod (the Contents index), or by its source package's Go-Import-Path (its folder); testify's
  // source golang-testify names github.com/stretchr/testify too: its go.mod's entry alone
  assert.deepEqual(
    ['github.com/stretchr/testify', 'github.com/pmezard/go-difflib'].map((m) =>
      repackaged.find('golang', m).map((e) => `${e.package} ${e.path} ${e.from ?? 'Contents'}`),
    ),
    [
      ['golang-github-stretchr-testify-dev usr/share/gocode/src/github.com/stretchr/testify/go.mod Contents'],
      ['golang-github-pmezard-go-difflib-dev usr/share/gocode/src/github.com/pmezard/go-difflib/ Sources'],
    ],
  )
  // every entry, each once: what each package holds
  const held = repackaged.entries().map((e) => `${e.package} ${e.ecosystem}:${e.name}`)
  assert.deepEqual([...held].sort(), [
    // its go.mod names github.com/cespare/xxhash/v2: the folder is the path (ingest-module.ts reads the go.mod)
    'golang-github-cespare-xxhash-dev golang:github.com/cespare/xxhash',
    'golang-github-gorilla-mux-dev golang:github.com/gorilla/mux',
    // no go.mod: the folder of the path its source's Go-Import-Path names (the Sources index)
    'golang-github-pmezard-go-difflib-dev golang:github.com/pmezard/go-difflib',
    'golang-github-stretchr-testify-dev golang:github.com/stretchr/testify',
    'golang-golang-x-xerrors-dev golang:golang.org/x/xerrors',
    // Maven POMs: Apache's parent at versions 18 and 29 (Debian's `debian` folders left out), and `apache.`, an
    // artifact of that name the package really ships
    'libapache-pom-java maven:org.apache:apache',
    'libapache-pom-java maven:org.apache:apache',
    'libapache-pom-java maven:org.apache:apache.',
    'libcommons-lang3-java maven:org.apache.commons:commons-lang3',
    'libcommons-parent-java maven:org.apache.commons:commons-parent',
    'librust-either-dev cargo:either',
    'librust-itoa-dev cargo:itoa',
    'librust-lazy-static-dev cargo:lazy_static',
    'python3-idna pypi:idna',
    'python3-six pypi:six',
    'python3-url-normalize pypi:url_normalize',
  ])
})

test("Maven POM paths (Debian's maven-repo layout): group and artifact from the folders, aliases and other files left out", () => {
  const read = (path: string) => parseContentsLine(`${path} java/libx-java`).map((e) => `${e.name} ${e.version}`)
  const repo = 'usr/share/maven-repo'
  assert.deepEqual(read(`${repo}/com/fasterxml/jackson/core/jackson-core/2.14.1/jackson-core-2.14.1.pom`), [
    'com.fasterxml.jackson.core:jackson-core 2.14.1',
  ])
  assert.deepEqual(read(`${repo}/com/google/guava/guava/31.1-jre/guava-31.1-jre.pom`), [
    'com.google.guava:guava 31.1-jre',
  ])
  assert.deepEqual(read(`${repo}/com/google/guava/guava/debian/guava-debian.pom`), [])
  assert.deepEqual(read(`${repo}/org/apache/commons/commons-lang3/3.x/commons-lang3-3.x.pom`), [])
  assert.deepEqual(read(`${repo}/org/apache/commons/commons-lang3/3.12.0/commons-lang3-3.12.0.jar`), [])
  assert.deepEqual(read(`${repo}/org/apache/commons/commons-lang3/3.12.0/other-3.12.0.pom`), [])
})
