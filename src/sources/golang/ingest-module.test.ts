// Which package versions ingestModule takes a module's versions from, over indexes holding a real bookworm package:
// golang-github-docker-docker-dev 20.10.24+dfsg1-1+deb12u1 (fields of its real Packages stanza; its source docker.io
// names the Go import path github.com/docker/docker alone), whose gocode tree also holds buildkit's go.mod (the real
// Contents-all line). A module its source does not name is only bundled: refused before anything is downloaded.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { KbWriter } from '../../domain/kb/types.ts'
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

/** ingestModule over those indexes, with an archive that records what is downloaded (and downloads nothing). */
async function learn(name: string) {
  const downloaded: string[] = []
  const archive = {
    downloadDebs: async (wanted: readonly DebLocation[]) => {
      downloaded.push(...wanted.map((w) => `${w.name}=${w.version}`))
      return new Map<string, string>()
    },
  }
  const walker: Walker = () => Promise.reject(new Error('nothing is walked'))
  const run = ingestModule({
    archive,
    indexes,
    writer: {} as KbWriter,
    name,
    walker,
    maxUnpackedBytes: 1024,
    now: () => '2026-11-28T00:00:00.000Z',
  })
  return { run, downloaded }
}

test('a module the source package does not name is bundled: refused, nothing downloaded', async () => {
  const { run, downloaded } = await learn('github.com/moby/buildkit')
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
  const { run, downloaded } = await learn('github.com/docker/docker')
  assert.equal((await run).notFound, true) // the archive gave no file
  assert.deepEqual(downloaded, ['golang-github-docker-docker-dev=20.10.24+dfsg1-1+deb12u1'])
})
