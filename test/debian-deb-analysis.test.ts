// A Debian package's installed tree through the analyzers (sources/debian/deb-file.ts walkDeb), and what a later run
// that reads nothing leaves in place; the files as they sit
// under / (paths such as lib/x86_64-linux-gnu/libz.so.1.2.13, the MD5 of each as dpkg-deb unpacks it), and every analyzer's output recorded for the
// version, on the FIXTURE repository's real zlib1g package (test/fixtures/debian/repo).
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { DEFAULT_ANALYZERS } from '../src/ingest/analyzers/index.ts'
import { AptArchive } from '../src/sources/debian/apt.ts'
import { ingestDebian } from '../src/sources/debian/ingest-debian.ts'
import { splitAnalyzers } from '../src/sources/debian/source-tree.ts'
import { SqlAdvisoryWriter } from '../src/storage/advisory-writer.ts'
import { SqlKbWriter } from '../src/storage/kb-writer.ts'
import { type DebianRun, ingestDebianInto } from './helpers/debian-kb.ts'

const REPO = fileURLToPath(new URL('./fixtures/debian/repo', import.meta.url))
const LOCAL = { archive: `file:${REPO}`, security: `file:${REPO}`, keyring: '' }
const ANALYZERS = DEFAULT_ANALYZERS.filter((a) => a.name !== 'snippets')
const INSTALLED = splitAnalyzers(ANALYZERS).installed

let run: DebianRun
before(async () => {
  run = await ingestDebianInto({ suites: ['bookworm'], mirrors: LOCAL, trusted: true }, ['zlib1g'], {
    analyzers: ANALYZERS,
  })
})
after(() => run.close())

/** Another run into the same KB, over the FIXTURE repository, without analyzers. */
async function again(names: string[], analyze: 'all' | 'latest' | 'none'): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ci-apt-'))
  try {
    await ingestDebian({
      archive: new AptArchive({ dir, suites: ['bookworm'], mirrors: LOCAL, trusted: true }),
      writer: new SqlKbWriter(run.t.storage),
      advisories: new SqlAdvisoryWriter(run.t.storage),
      names,
      withDependencies: false,
      analyze,
      update: true,
      now: () => new Date().toISOString(),
      log: () => {},
    })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The .deb of the fixture pool, unpacked by dpkg-deb itself: path → MD5. */
function unpacked(): Map<string, string> {
  const deb = execFileSync('find', [REPO, '-name', 'zlib1g_*.deb'], { encoding: 'utf8' }).trim()
  const dir = mkdtempSync(path.join(tmpdir(), 'ci-deb-'))
  try {
    execFileSync('dpkg-deb', ['-x', deb, dir])
    const out = new Map<string, string>()
    const walk = (rel: string) => {
      for (const e of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
        const p = rel ? `${rel}/${e.name}` : e.name
        if (e.isDirectory()) walk(p)
        else if (e.isFile())
          out.set(
            p,
            createHash('md5')
              .update(readFileSync(path.join(dir, p)))
              .digest('hex'),
          )
      }
    }
    walk('')
    return out
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

test('the installed tree: every regular file at its path under /, with the MD5 dpkg-deb unpacks', async () => {
  const files = await run.t.storage.db
    .selectFrom('version_files as f')
    .innerJoin('versions as v', 'v.id', 'f.version_id')
    .select(['f.path', 'f.md5'])
    .where('v.version', '=', '1:1.2.13.dfsg-1')
    .execute()
  const expected = unpacked()
  assert.ok(expected.size >= 3, [...expected.keys()].join(' '))
  assert.deepEqual(new Map(files.map((f) => [f.path, f.md5])), expected)
  assert.ok(expected.has('lib/x86_64-linux-gnu/libz.so.1.2.13'), 'paths as under /, without ./')
})

test("the installed tree's analyzers ran, the copyright file among its notices; without its source, no other", async () => {
  const rows = await run.t.storage.db
    .selectFrom('analyses as a')
    .innerJoin('versions as v', 'v.id', 'a.version_id')
    .select(['a.analyzer'])
    .where('v.version', '=', '1:1.2.13.dfsg-1')
    .execute()
  // zlib's source package is not in the FIXTURE repository's Sources index (cyrus-sasl2's is:
  // test/debian-source-analysis.test.ts)
  assert.deepEqual(rows.map((r) => r.analyzer).sort(), ['files', ...INSTALLED.map((a) => a.name)].sort())
  const notices = await run.t.storage.db.selectFrom('version_notices').select('path').execute()
  assert.ok(
    notices.some((n) => n.path === 'usr/share/doc/zlib1g/copyright'),
    JSON.stringify(notices),
  )
})

test('a later run that reads no version (--analyze none) keeps the licenses and analyses read before', async () => {
  await again(['zlib1g'], 'none')
  const v = await run.t.storage.db
    .selectFrom('versions')
    .select(['license_expression', 'status'])
    .where('version', '=', '1:1.2.13.dfsg-1')
    .executeTakeFirstOrThrow()
  assert.deepEqual(v, { license_expression: 'Zlib', status: 'active' })
  const analyses = await run.t.storage.db.selectFrom('analyses').select('analyzer').execute()
  assert.equal(analyses.length, INSTALLED.length + 1)
})

test("the debian-changelog source counts every one of its advisories in the KB, not a run's", async () => {
  const source = () =>
    run.t.storage.db
      .selectFrom('data_sources')
      .select('records')
      .where('name', '=', 'debian-changelog')
      .executeTakeFirstOrThrow()
  const count = async () =>
    (await run.t.storage.db.selectFrom('advisories').select('id').where('source', '=', 'debian-changelog').execute())
      .length
  assert.equal((await source()).records, await count())
  const before = await count()
  await again(['libsasl2-2'], 'latest')
  assert.ok((await count()) > before)
  assert.equal((await source()).records, await count())
})
