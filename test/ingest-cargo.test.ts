// Crates learned from Debian end to end, offline (docs/cargo.md): the cargo source's runner over the FIXTURE
// repository test/fixtures/debian/repo (real bookworm librust-*-dev packages and their real Contents-amd64 lines,
// README there), read through apt as a local file: repository, into an in-memory KB answered by the app: upstream
// versions, licenses declared and found in files, the .crate's SHA-256, dependencies, the Debian package each came
// from, the files walked; a crate the suites lack is not found, a name asked with `_` or in capitals is the same crate;
// a unit aborted while it walks writes nothing.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { unitRunners } from '../src/jobs/unit-runner.ts'
import { type Walker, walkCommand } from '../src/sources/debian/deb-file.ts'
import { PackageNotFound } from '../src/sources/npm/registry.ts'
import type { TestApp } from './helpers/app.ts'
import { post } from './helpers/debian-kb.ts'
import { debianRepoApp } from './helpers/debian-repo-app.ts'

// the newest Date of bookworm's Release files (bookworm-security's counts as the suite's), as for Debian's packages
const SUITE_DATE = '2026-11-25T02:22:30.000Z'
const ALL = { versions: 'all', analyze: 'all', withDependencies: false }

describe('crates from the FIXTURE repository, known and analyzed by one bulk unit each', () => {
  let t: TestApp
  before(async () => {
    t = await debianRepoApp()
    const { cargo } = unitRunners(t.storage, t.config.growth)
    assert.ok(cargo)
    for (const name of ['itoa', 'either', 'LAZY_static']) await cargo({ name, options: ALL })
  })
  after(() => t.close())

  test('one component per crate, named as its Cargo.toml spells it, from its Debian package', async () => {
    const rows = await t.storage.db
      .selectFrom('components')
      .selectAll()
      .where('purl_type', '=', 'cargo')
      .orderBy('purl')
      .execute()
    assert.deepEqual(
      rows.map((c) => [c.purl, c.purl_name, c.latest_version, c.source_purl, c.source, c.as_of]),
      [
        [
          'pkg:cargo/either',
          'either',
          '1.6.1',
          'pkg:deb/debian/librust-either-dev@1.6.1-1?arch=amd64',
          'debian-cargo',
          SUITE_DATE,
        ],
        [
          'pkg:cargo/itoa',
          'itoa',
          '1.0.1',
          'pkg:deb/debian/librust-itoa-dev@1.0.1-2?arch=amd64',
          'debian-cargo',
          SUITE_DATE,
        ],
        [
          'pkg:cargo/lazy_static',
          'lazy-static',
          '1.4.0',
          'pkg:deb/debian/librust-lazy-static-dev@1.4.0-2?arch=amd64',
          'debian-cargo',
          SUITE_DATE,
        ],
      ],
    )
  })

  test('licenses: the declared expression (`MIT/Apache-2.0` as OR) and the license files found', async () => {
    const answers = await post(t, '/v2/licenses/components', [
      { purl: 'pkg:cargo/either@1.6.1' },
      { purl: 'pkg:cargo/lazy-static@1.4.0' },
      { purl: 'pkg:cargo/Itoa' },
    ])
    for (const a of answers) {
      assert.equal(a.info_code, undefined, JSON.stringify(a))
      const ids = (a.licenses ?? []).map((l) => l.id)
      assert.ok(ids.includes('MIT') && ids.includes('Apache-2.0'), JSON.stringify(a))
    }
    assert.equal(answers[2]?.version, '1.0.1')
    const found = await t.storage.db
      .selectFrom('version_licenses')
      .select(['license_id', 'path', 'kind', 'source'])
      .where('kind', '=', 'detected')
      .execute()
    assert.ok(
      found.some((l) => l.path === 'LICENSE-MIT' && l.license_id === 'MIT'),
      JSON.stringify(found),
    )
  })

  test("versions: the .crate's SHA-256, the Debian package each came from, the first upload's date, dependencies", async () => {
    const rows = await t.storage.db
      .selectFrom('versions')
      .innerJoin('components', 'components.id', 'versions.component_id')
      .select([
        'versions.id',
        'components.name',
        'version',
        'integrity',
        'versions.status_raw',
        'released_at',
        'file_count',
      ])
      .where('purl_type', '=', 'cargo')
      .orderBy('components.name')
      .execute()
    assert.deepEqual(
      rows.map((r) => [r.name, r.version, r.integrity, r.status_raw, r.released_at]),
      [
        [
          'either',
          '1.6.1',
          `sha256-${Buffer.from('e78d4f1cc4ae33bbfc157ed5d5a5ef3bc29227303d595861deb238fcec4e9457', 'hex').toString('base64')}`,
          'librust-either-dev 1.6.1-1 (bookworm)',
          '2022-02-06T18:48:41.000Z',
        ],
        [
          'itoa',
          '1.0.1',
          `sha256-${Buffer.from('1aab8fc367588b89dcee83ab0fd66b72b50b72fa1904d7095045ace2b0c81c35', 'hex').toString('base64')}`,
          'librust-itoa-dev 1.0.1-2 (bookworm)',
          '2022-05-01T16:29:46.000Z',
        ],
        [
          'lazy_static',
          '1.4.0',
          null,
          "librust-lazy-static-dev 1.4.0-2 (bookworm); Debian's patches: tweak-deps.patch",
          '2019-11-17T09:06:37.000Z',
        ],
      ],
    )
    const either = rows.find((r) => r.name === 'either')
    const deps = await t.storage.db
      .selectFrom('version_dependencies')
      .select(['scope', 'name', 'requirement'])
      .where('version_id', '=', either?.id as number)
      .orderBy('name')
      .execute()
    assert.deepEqual(
      deps.map((d) => [d.scope, d.name, d.requirement]),
      [
        ['optional', 'serde', '1.0'],
        ['dev', 'serde_json', '1.0.0'],
      ],
    )
  })

  test("the analysis: the crate's own files walked (not Debian's patches), code statistics, snippets indexed", async () => {
    const files = await t.storage.db
      .selectFrom('version_files')
      .innerJoin('versions', 'versions.id', 'version_files.version_id')
      .innerJoin('components', 'components.id', 'versions.component_id')
      .select(['version_files.path'])
      .where('components.purl', '=', 'pkg:cargo/lazy_static')
      .execute()
    const analyses = await t.storage.db
      .selectFrom('analyses')
      .innerJoin('versions', 'versions.id', 'analyses.version_id')
      .innerJoin('components', 'components.id', 'versions.component_id')
      .select(['analyses.analyzer', 'components.name'])
      .where('purl_type', '=', 'cargo')
      .execute()
    for (const name of ['itoa', 'either', 'lazy_static'])
      assert.ok(analyses.filter((a) => a.name === name).length >= 3, JSON.stringify(analyses))
    const paths = files.map((f) => f.path).sort()
    assert.ok(paths.includes('src/lib.rs') && paths.includes('Cargo.toml'), paths.join(' '))
    assert.ok(!paths.some((p) => p.startsWith('debian/') || p === '.cargo-checksum.json'), paths.join(' '))
  })

  test('a crate no package ships is not found', async () => {
    const { cargo } = unitRunners(t.storage, t.config.growth)
    await assert.rejects(cargo?.({ name: 'serde', options: ALL }) as Promise<unknown>, PackageNotFound)
  })
})

test('a unit aborted during its walk fails at once and writes nothing', async () => {
  const t = await debianRepoApp()
  try {
    let walking: () => void = () => {}
    const walked = new Promise<void>((resolve) => {
      walking = resolve
    })
    let finish: () => void = () => {}
    const finished = new Promise<void>((resolve) => {
      finish = resolve
    })
    // a walk that answers after the abort, as one under way when it came: then the write is what must not happen
    const walker: Walker = async (command, args, analyzers) => {
      walking()
      await new Promise((r) => setTimeout(r, 300))
      try {
        return await walkCommand(command, args, analyzers)
      } finally {
        finish()
      }
    }
    const { cargo } = unitRunners(t.storage, t.config.growth, { walker })
    const ac = new AbortController()
    const run = cargo?.({ name: 'itoa', options: ALL, signal: ac.signal }) as Promise<unknown>
    await walked
    ac.abort(new Error('stopping'))
    await assert.rejects(run, /stopping/)
    await finished
    await new Promise((r) => setTimeout(r, 200))
    assert.deepEqual(await t.storage.db.selectFrom('components').select('purl').execute(), [], 'nothing written')
  } finally {
    await t.close()
  }
})
