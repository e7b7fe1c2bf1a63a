// A Debian package's upstream source through the analyzers (sources/debian/source-tree.ts): libsasl2-2 of the FIXTURE
// repository (test/fixtures/debian/repo), whose source package cyrus-sasl2's real .orig tarball (xz) and Sources
// stanza are in it, fetched with apt-get source, walked once for the binary's versions, its statistics,
// cryptography and issues answered for the binary's purl; its files and the installed tree's side by side; and the
// origin of its contributors read from the changelog's upload trailers.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { DEFAULT_ANALYZERS } from '../src/ingest/analyzers/index.ts'
import { type Walker, walkCommand } from '../src/sources/debian/deb-file.ts'
import { upstreamTarball, upstreamVersion } from '../src/sources/debian/source-tree.ts'
import { type DebianRun, ingestDebianInto, post } from './helpers/debian-kb.ts'

const REPO = fileURLToPath(new URL('./fixtures/debian/repo', import.meta.url))
const LOCAL = { archive: `file:${REPO}`, security: `file:${REPO}`, keyring: '' }
const POOL = path.join(REPO, 'pool/main/c/cyrus-sasl2')
const ORIG = path.join(POOL, 'cyrus-sasl2_2.1.28+dfsg.orig.tar.xz')
const P = 'pkg:deb/debian/libsasl2-2'
const V = '2.1.28+dfsg-10'

/** A folder's regular files, path → MD5, as tar or dpkg-deb unpacked them. */
function md5s(dir: string, rel = '', out = new Map<string, string>()): Map<string, string> {
  for (const e of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const p = rel ? `${rel}/${e.name}` : e.name
    if (e.isDirectory()) md5s(dir, p, out)
    else if (e.isFile())
      out.set(
        p,
        createHash('md5')
          .update(readFileSync(path.join(dir, p)))
          .digest('hex'),
      )
  }
  return out
}

function unpackedBy(command: (dir: string) => void): Map<string, string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ci-src-'))
  try {
    command(dir)
    return md5s(dir)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

test('the upstream version and tarball of a source version: no epoch, no revision; .orig or native', () => {
  assert.equal(upstreamVersion('1:1.2.13.dfsg-1'), '1.2.13.dfsg')
  assert.equal(upstreamVersion('2.1.28+dfsg-10+deb12u1'), '2.1.28+dfsg')
  assert.equal(upstreamVersion('1.0-beta-2'), '1.0-beta', 'the revision is after the last hyphen')
  assert.equal(upstreamVersion('1.12'), '1.12', 'a native version has no revision')
  assert.equal(upstreamTarball(POOL, 'cyrus-sasl2', V), ORIG)
  assert.equal(
    upstreamTarball(POOL, 'cyrus-sasl2', '2.1.28+dfsg-10+deb12u1'),
    ORIG,
    'one upstream version, one tarball',
  )
  assert.equal(upstreamTarball(POOL, 'cyrus-sasl2', '2.1.27-1'), undefined)
  assert.equal(upstreamTarball(POOL, 'libsasl2-2', V), undefined, 'named by the source package')
})

describe('libsasl2-2 analyzed with its source package cyrus-sasl2', () => {
  let run: DebianRun
  before(async () => {
    run = await ingestDebianInto({ suites: ['bookworm'], mirrors: LOCAL, trusted: true }, ['libsasl2-2'], {
      analyzers: DEFAULT_ANALYZERS.filter((a) => a.name !== 'snippets'),
      analyze: 'all',
    })
  })
  after(() => run.close())

  const ask = async (url: string, purl: string) =>
    (await post(run.t, url, [{ purl }]))[0] as unknown as Record<string, unknown>

  test("the version's files: the installed tree under / and the upstream tarball's, each with its MD5", async () => {
    const rows = await run.t.storage.db
      .selectFrom('version_files as f')
      .innerJoin('versions as v', 'v.id', 'f.version_id')
      .select(['f.path', 'f.md5'])
      .where('v.version', '=', V)
      .execute()
    const deb = path.join(POOL, `libsasl2-2_${V}_amd64.deb`)
    const installed = unpackedBy((dir) => execFileSync('dpkg-deb', ['-x', deb, dir]))
    const source = unpackedBy((dir) => execFileSync('tar', ['-xJf', ORIG, '-C', dir]))
    assert.ok(source.has('cyrus-sasl-2.1.28/plugins/digestmd5.c'), 'paths as in the tarball, its top folder kept')
    assert.deepEqual(new Map(rows.map((r) => [r.path, r.md5])), new Map([...installed, ...source]))
  })

  test('statistics, cryptography and issues of the binary are those of its upstream source', async () => {
    const stats = (await ask('/v2/components/statistics', `${P}@${V}`)).statistics as {
      total_source_files: number
      languages: { name: string; files: number }[]
    }
    const cFiles = [...unpackedBy((dir) => execFileSync('tar', ['-xJf', ORIG, '-C', dir])).keys()].filter((p) =>
      /\.[ch]$/.test(p),
    ).length
    assert.ok((stats.languages.find((l) => l.name === 'C')?.files ?? 0) >= cFiles, JSON.stringify(stats))

    const crypto = (await ask('/v2/cryptography/algorithms/components', `${P}@${V}`)).algorithms as {
      algorithm: string
    }[]
    const names = crypto.map((a) => a.algorithm)
    // DIGEST-MD5 and CRAM-MD5 are SASL mechanisms of this source; the installed tree is compiled code
    assert.ok(names.includes('md5') && names.includes('hmac'), names.join(' '))

    const issues = (await ask('/v2/semgrep/issues/components', `${P}@${V}`)).files as { path: string }[]
    assert.ok(issues.length > 0)
    for (const f of issues) assert.match(f.path, /^cyrus-sasl-2\.1\.28\//)
  })

  test('each analyzer reads the tree it describes: folder hashes and notices the installed one', async () => {
    const rows = await run.t.storage.db
      .selectFrom('analyses as a')
      .innerJoin('versions as v', 'v.id', 'a.version_id')
      .select(['a.analyzer', 'a.output'])
      .where('v.version', '=', V)
      .execute()
    const out = new Map(rows.map((r) => [r.analyzer, JSON.parse(r.output)]))
    const notices = out.get('notices').notices as { path: string }[]
    assert.ok(notices.some((n) => n.path === 'usr/share/doc/libsasl2-2/copyright'))
    assert.ok(notices.every((n) => !n.path.startsWith('cyrus-sasl-2.1.28/')))
    const licenses = out.get('license-files').licenses as { path: string }[]
    assert.ok(licenses.some((l) => l.path === 'cyrus-sasl-2.1.28/COPYING'))
  })

  test('the newer version built from the same upstream tarball is analyzed from it too', async () => {
    const stats = (await ask('/v2/components/statistics', `${P}@2.1.28+dfsg-10+deb12u1`)).statistics as {
      total_source_files: number
    }
    const older = (await ask('/v2/components/statistics', `${P}@${V}`)).statistics as { total_source_files: number }
    assert.equal(stats.total_source_files, older.total_source_files)
    assert.ok(statSync(ORIG).size > 0)
  })

  test("the origin of its contributors from the changelog's upload trailers, marked as such", async () => {
    // the newest upload's changelog holds every earlier entry
    const deb = path.join(REPO, 'pool/updates/main/c/cyrus-sasl2/libsasl2-2_2.1.28+dfsg-10+deb12u1_amd64.deb')
    const changelog = execFileSync(
      'bash',
      [
        '-c',
        'dpkg-deb --fsys-tarfile "$1" | tar -xO ./usr/share/doc/libsasl2-2/changelog.Debian.gz | gunzip',
        '-',
        deb,
      ],
      { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    )
    const trailers = changelog.split('\n').filter((l) => /^ -- .*<[^>]+@[^>]+> {1,2}\w{3}, .*[+-]\d{4}$/.test(l))
    assert.ok(trailers.length > 10)
    const repo = await run.t.storage.db
      .selectFrom('origin_repos')
      .select(['commits', 'source'])
      .where('repo_purl', '=', 'pkg:deb/debian/cyrus-sasl2?arch=source')
      .executeTakeFirstOrThrow()
    assert.deepEqual(repo, { commits: trailers.length, source: 'debian-changelog' })
    const res = await run.t.app.inject({
      method: 'GET',
      // as a container scan names it: with its qualifiers
      url: `/v2/geoprovenance/origin/component?purl=${encodeURIComponent(`${P}@${V}?arch=amd64&distro=debian-12`)}`,
      headers: { 'x-api-key': run.t.keys.full },
    })
    const c = res.json().component_locations
    assert.deepEqual(c.sources, ['debian-changelog'])
    assert.ok(c.locations.length > 0 && c.error_code === undefined, JSON.stringify(c))
  })
})

test('the walks, installed tree and upstream source alike, run through the walker given (threads, on a server)', async () => {
  const commands: string[] = []
  const walker: Walker = (command, args, analyzers) => {
    commands.push(command)
    return walkCommand(command, args, analyzers)
  }
  const run = await ingestDebianInto({ suites: ['bookworm'], mirrors: LOCAL, trusted: true }, ['libsasl2-2'], {
    analyzers: DEFAULT_ANALYZERS.filter((a) => a.name === 'code-stats' || a.name === 'folder-hash'),
    analyze: 'latest',
    walker,
  })
  try {
    assert.deepEqual([...commands].sort(), ['dpkg-deb', 'xz'])
  } finally {
    await run.close()
  }
})

test('a version whose source files cannot be had takes its upstream tarball through another version of its source', async () => {
  // only the newest libsasl2-2 is read: its source version (+deb12u1) is not in the FIXTURE Sources index, the older
  // one with the same upstream version is, and the archive keeps one .orig tarball per upstream version
  const run = await ingestDebianInto({ suites: ['bookworm'], mirrors: LOCAL, trusted: true }, ['libsasl2-2'], {
    analyzers: DEFAULT_ANALYZERS.filter((a) => a.name === 'code-stats'),
    analyze: 'latest',
  })
  try {
    const [stats] = await post(run.t, '/v2/components/statistics', [{ purl: `${P}@2.1.28+dfsg-10+deb12u1` }])
    const s = (stats as unknown as { statistics: { total_source_files: number } }).statistics
    assert.ok(s.total_source_files > 100, JSON.stringify(stats))
  } finally {
    await run.close()
  }
})
