// Which package versions ingestModule takes a module's versions from, over indexes holding real bookworm packages:
// golang-github-docker-docker-dev 20.10.24+dfsg1-1+deb12u1 (fields of its real Packages stanza; its source docker.io
// names the Go import path github.com/docker/docker alone), whose gocode tree also holds buildkit's go.mod (the real
// Contents-all line): a module its source does not name is only bundled, refused before anything is downloaded; and
// the FIXTURE repository's golang-golang-x-xerrors-dev 0.0~git20200804.5ec99f8-1 (test/fixtures/debian/repo), a
// snapshot identified by the pseudo-version of its commit (v0.0.0-20200804184101-5ec99f83aff1, as public go.mod files
// require it) whether asked or already held by the KB.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import type { KbWriter, PackageUpdate, WriteReport } from '../../domain/kb/types.ts'
import { UpstreamRefused } from '../../ingest/failure.ts'
import type { RepackagedEntry } from '../debian/contents.ts'
import type { DebLocation } from '../debian/deb-fetch.ts'
import type { Walker } from '../debian/deb-file.ts'
import { parseDeb822 } from '../debian/deb822.ts'
import { binaryRecord } from '../debian/indexes.ts'
import type { ParsedIndexes } from '../debian/suite-indexes.ts'
import { ingestModule } from './ingest-module.ts'

const STANZA = `Package: golang-github-docker-docker-dev
Source: docker.io
Version: 20.10.24+dfsg1-1+deb12u1
Architecture: all
Filename: pool/main/d/docker.io/golang-github-docker-docker-dev_20.10.24+dfsg1-1+deb12u1_all.deb
Size: 1111640
SHA256: ecbf86108a209a86a69dc16a6d6e1f354c31d855237498109401fb3e55042692
`
const PKG = 'golang-github-docker-docker-dev'
const [paragraph] = [...parseDeb822(STANZA)]
const record = binaryRecord(paragraph as NonNullable<typeof paragraph>, PKG, '20.10.24+dfsg1-1+deb12u1', 'bookworm')
const modules = ['github.com/docker/docker', 'github.com/moby/buildkit']
const entries: RepackagedEntry[] = modules.map((name) => ({
  ecosystem: 'golang',
  name,
  version: '',
  path: `usr/share/gocode/src/${name}/go.mod`,
  package: PKG,
}))
const indexes: ParsedIndexes = {
  packages: new Map([[PKG, [record]]]),
  dates: new Map(),
  providers: new Map(),
  repackaged: { find: (_, name) => entries.filter((e) => e.name === name), entries: () => entries },
  goImportPaths: new Map([['docker.io', ['github.com/docker/docker']]]),
  contentsMissing: [],
  refused: [],
}

/** ingestModule over indexes, with an archive that records what is downloaded (and gives the `files` it has). */
function learn(
  name: string,
  o: { indexes?: ParsedIndexes; files?: Map<string, string>; held?: string[]; asked?: string[] } = {},
) {
  const downloaded: string[] = []
  const written: PackageUpdate[] = []
  const archive = {
    downloadDebs: async (wanted: readonly DebLocation[]) => {
      downloaded.push(...wanted.map((w) => `${w.name}=${w.version}`))
      return o.files ?? new Map<string, string>()
    },
  }
  const writer: KbWriter = {
    state: async () => (o.held ? { versions: new Set(o.held), analyses: new Map() } : undefined),
    writePackage: async (u) => {
      written.push(u)
      return {} as WriteReport
    },
  }
  const walker: Walker = () => Promise.reject(new Error('nothing is walked'))
  const run = ingestModule({
    archive,
    indexes: o.indexes ?? indexes,
    writer,
    name,
    ...(o.asked ? { asked: o.asked } : {}),
    walker,
    maxUnpackedBytes: 64 * 1024 * 1024,
    now: () => '2026-11-28T00:00:00.000Z',
  })
  return { run, downloaded, written }
}

test('a module the source package does not name is bundled: refused, nothing downloaded', async () => {
  const { run, downloaded } = learn('github.com/moby/buildkit')
  await assert.rejects(
    run,
    (err) =>
      err instanceof UpstreamRefused &&
      err.message ===
        "github.com/moby/buildkit: golang-github-docker-docker-dev 20.10.24+dfsg1-1+deb12u1: github.com/moby/buildkit is not the module of source package docker.io (its Go-Import-Path: github.com/docker/docker), which only bundles it: the package's version is not the module's",
  )
  assert.deepEqual(downloaded, [])
})

test("the source package's own module is downloaded and read", async () => {
  const { run, downloaded } = learn('github.com/docker/docker')
  assert.equal((await run).notFound, true) // the archive gave no file
  assert.deepEqual(downloaded, ['golang-github-docker-docker-dev=20.10.24+dfsg1-1+deb12u1'])
})

const REPO = fileURLToPath(new URL('../../../test/fixtures/debian/repo/', import.meta.url))
const XERRORS = 'v0.0.0-20200804184101-5ec99f83aff1'
const XPKG = 'golang-golang-x-xerrors-dev'

/** The FIXTURE repository's xerrors package: its record from the Packages index, its go.mod's Contents entry. */
function xerrors() {
  const p = [...parseDeb822(readFileSync(`${REPO}dists/bookworm/main/binary-amd64/Packages`, 'utf8'))].find(
    (x) => x.get('Package') === XPKG,
  )
  assert.ok(p)
  const r = binaryRecord(p, XPKG, p.get('Version') ?? '', 'bookworm')
  const entry: RepackagedEntry = { ...entries[0], name: 'golang.org/x/xerrors', package: XPKG } as RepackagedEntry
  const x: ParsedIndexes = {
    ...indexes,
    packages: new Map([[XPKG, [r]]]),
    repackaged: { find: (_, name) => (name === entry.name ? [entry] : []), entries: () => [entry] },
    goImportPaths: new Map([['golang-golang-x-xerrors', ['golang.org/x/xerrors']]]),
  }
  return { indexes: x, files: new Map([[`${XPKG}=${r.version}`, `${REPO}${r.filename}`]]) }
}

test('a snapshot is the pseudo-version naming its commit, asked or held by the KB; else refused for its version', async () => {
  const asked = learn('golang.org/x/xerrors', { ...xerrors(), asked: [XERRORS] })
  assert.equal((await asked.run).versions, 1)
  assert.deepEqual(
    asked.written.flatMap((u) => u.versions.map((v) => v.version)),
    [XERRORS],
  )
  // asked at other versions, the version the KB holds still names the commit: written again (not removed)
  const held = learn('golang.org/x/xerrors', {
    ...xerrors(),
    asked: ['v0.0.0-20191204190536-9bdfabe68543'],
    held: [XERRORS],
  })
  await held.run
  assert.deepEqual(
    held.written.flatMap((u) => u.versions.map((v) => v.version)),
    [XERRORS],
  )
  const none = learn('golang.org/x/xerrors', xerrors())
  await assert.rejects(
    none.run,
    (err) =>
      err instanceof UpstreamRefused &&
      err.kind === 'format' &&
      /^golang\.org\/x\/xerrors: golang-golang-x-xerrors-dev 0\.0~git20200804\.5ec99f8-1: Debian snapshot /.test(
        err.message,
      ),
  )
  assert.deepEqual(none.written, [])
})
