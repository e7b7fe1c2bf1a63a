// npm ingestion end to end against the fixture registry on 127.0.0.1 (never the network): fetching, analyzers,
// not-found, retries, integrity failures, idempotence, unpublished versions, dependency closure and resume.
import assert from 'node:assert/strict'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { DEFAULT_ANALYZERS } from '../src/ingest/analyzers/index.ts'
import { RegistryClient } from '../src/sources/npm/registry-client.ts'
import { type RunOptions, runIngest } from '../src/sources/npm/run-ingest.ts'
import type { Storage } from '../src/storage/database.ts'
import { SqlKbWriter } from '../src/storage/kb-writer.ts'
import { migrate } from '../src/storage/migrate.ts'
import { type Backend, backends, sqliteBackend } from './helpers/backends.ts'
import { type FixtureRegistry, startFixtureRegistry } from './helpers/fixture-registry.ts'

const quiet = { isTTY: false, write: () => {} }
const base: RunOptions = {
  versions: 'all',
  analyze: 'all',
  analyzers: DEFAULT_ANALYZERS,
  dryRun: false,
  concurrency: 2,
  now: () => '2026-11-22T00:00:00.000Z',
  sink: quiet,
  retryBaseMs: 5,
}

async function snapshot(storage: Storage) {
  const db = storage.db
  return {
    components: await db.selectFrom('components').selectAll().orderBy('id').execute(),
    versions: await db.selectFrom('versions').selectAll().orderBy('id').execute(),
    licenses: await db
      .selectFrom('version_licenses')
      .selectAll()
      .orderBy(['version_id', 'kind', 'license_id', 'path'])
      .execute(),
    deps: await db.selectFrom('version_dependencies').selectAll().orderBy(['version_id', 'scope', 'name']).execute(),
    files: await db.selectFrom('version_files').selectAll().orderBy(['version_id', 'path']).execute(),
    analyses: await db.selectFrom('analyses').selectAll().orderBy(['version_id', 'analyzer']).execute(),
  }
}

interface Kb {
  storage: Storage
  cleanup(): Promise<void>
  registry: RegistryClient
}

/** A migrated, empty KB on `backend` and a registry client for the fixture registry (its own npm cache). */
async function openKb(backend: Backend, reg: FixtureRegistry): Promise<Kb> {
  const { storage, cleanup } = await backend.open()
  await migrate(storage)
  const registry = new RegistryClient({
    registry: reg.url,
    cache: mkdtempSync(path.join(tmpdir(), 'compintel-cache-')),
  })
  return { storage, cleanup, registry }
}

/** For a describe(): a fixture registry of its own and a KB on `backend`, handed to `use` before the tests. */
function suiteKb(backend: Backend, use: (kb: Kb & { reg: FixtureRegistry }) => void): void {
  let kb: (Kb & { reg: FixtureRegistry }) | undefined
  before(async () => {
    const reg = await startFixtureRegistry()
    kb = { ...(await openKb(backend, reg)), reg }
    use(kb)
  })
  after(async () => {
    await kb?.cleanup()
    await kb?.reg.close()
  })
}

for (const backend of backends()) {
  describe(`npm ingestion on ${backend.name}`, () => {
    let reg: FixtureRegistry
    let storage: Storage
    let registry: RegistryClient
    suiteKb(backend, (kb) => {
      ;({ reg, storage, registry } = kb)
    })

    test('ingests packages, reports the missing one and goes on', async () => {
      const s = await runIngest(
        ['fixture-alpha', '@fixture/scoped', 'no-such-package'],
        registry,
        new SqlKbWriter(storage),
        base,
      )
      assert.deepEqual(s.notFound, ['no-such-package'])
      assert.deepEqual(s.failed, [])
      assert.equal(s.packages, 2)
      assert.equal(s.analyzed, 4)
      const comps = await storage.db.selectFrom('components').selectAll().orderBy('purl').execute()
      assert.deepEqual(
        comps.map((c) => [c.purl, c.source_purl, c.latest_version, c.status]),
        [
          ['pkg:npm/%40fixture/scoped', null, '2.0.0', 'active'],
          ['pkg:npm/fixture-alpha', 'pkg:github/fixture-org/alpha', '1.1.0', 'active'],
        ],
      )
      const alpha = comps[1]
      assert.equal(alpha?.repository_url, 'https://github.com/Fixture-Org/Alpha')
      assert.equal(alpha?.source, 'npm-registry')
      const versions = await storage.db
        .selectFrom('versions')
        .selectAll()
        .where('component_id', '=', alpha?.id as number)
        .orderBy('sort_key')
        .execute()
      assert.deepEqual(
        versions.map((v) => v.version),
        ['1.0.0', '1.1.0', '2.0.0-beta.1'],
      )
      assert.equal(versions[2]?.is_prerelease, 1)
      assert.equal(versions[0]?.released_at, '2026-01-15T12:00:00.000Z')
      assert.match(versions[0]?.integrity ?? '', /^sha512-/)
    })

    test('dependencies keep their scope; optional ones are not doubled as runtime', async () => {
      const deps = await storage.db
        .selectFrom('version_dependencies as d')
        .innerJoin('versions as v', 'v.id', 'd.version_id')
        .select(['v.version', 'd.scope', 'd.name', 'd.requirement'])
        .where('v.version', 'in', ['1.0.0', '1.1.0'])
        .orderBy(['v.version', 'd.scope', 'd.name'])
        .execute()
      assert.deepEqual(
        deps.map((d) => `${d.version} ${d.scope} ${d.name} ${d.requirement}`),
        [
          '1.0.0 dev fixture-missing 1.0.0',
          '1.0.0 runtime fixture-beta ^0.3.0',
          '1.1.0 optional fixture-beta ^0.3.0',
          '1.1.0 runtime @fixture/scoped ~2.0.0',
        ],
      )
    })

    test('declared and detected licenses, file list and code statistics are stored', async () => {
      const lic = await storage.db
        .selectFrom('version_licenses as l')
        .innerJoin('versions as v', 'v.id', 'l.version_id')
        .innerJoin('components as c', 'c.id', 'v.component_id')
        .select(['c.name', 'v.version', 'l.kind', 'l.license_id', 'l.path', 'l.is_spdx'])
        .where('v.version', 'in', ['1.1.0', '2.0.0'])
        .orderBy(['c.name', 'l.kind', 'l.license_id'])
        .execute()
      assert.deepEqual(
        lic.map((l) => `${l.name}@${l.version} ${l.kind} ${l.license_id} ${l.path} ${l.is_spdx}`),
        [
          'fixture-alpha@1.1.0 declared MIT  1',
          'fixture-alpha@1.1.0 detected MIT LICENSE 1',
          'scoped@2.0.0 declared ISC  1',
          'scoped@2.0.0 declared MIT  1',
          'scoped@2.0.0 detected ISC LICENSE 1',
        ],
      )
      const scoped = await storage.db
        .selectFrom('versions')
        .select(['id', 'declared_license', 'license_expression'])
        .where('version', '=', '2.0.0')
        .executeTakeFirstOrThrow()
      assert.equal(scoped.license_expression, '(ISC OR MIT)')
      const files = await storage.db
        .selectFrom('version_files')
        .select(['path', 'size', 'md5'])
        .where('version_id', '=', scoped.id)
        .orderBy('path')
        .execute()
      assert.deepEqual(
        files.map((f) => f.path),
        ['LICENSE', 'README.md', 'lib/index.ts', 'package.json'],
      )
      assert.match(files[2]?.md5 ?? '', /^[0-9a-f]{32}$/)
      const stats = await storage.db
        .selectFrom('analyses')
        .select(['output', 'analyzer_version'])
        .where('version_id', '=', scoped.id)
        .where('analyzer', '=', 'code-stats')
        .executeTakeFirstOrThrow()
      const out = JSON.parse(stats.output)
      assert.equal(out.total_source_files, 1)
      assert.deepEqual(out.languages, [{ name: 'TypeScript', files: 1 }])
    })

    test('rows without provenance columns have the row they inherit it from', async () => {
      const db = storage.db
      const deps = await db
        .selectFrom('version_dependencies as d')
        .innerJoin('versions as v', 'v.id', 'd.version_id')
        .select(['v.source', 'v.as_of'])
        .execute()
      assert.ok(deps.length > 0)
      for (const d of deps) assert.deepEqual(d, { source: 'npm-registry', as_of: '2026-11-22T00:00:00.000Z' })
      const files = await db
        .selectFrom('version_files as f')
        .leftJoin('analyses as a', (j) => j.onRef('a.version_id', '=', 'f.version_id').on('a.analyzer', '=', 'files'))
        .select(['f.version_id', 'a.analyzer_version', 'a.as_of'])
        .execute()
      assert.ok(files.length > 0)
      const perVersion = new Map<number, number>()
      for (const f of files) {
        assert.equal(f.analyzer_version, '1', 'every file row has its version’s files analysis: computed:files@1')
        assert.equal(f.as_of, '2026-11-22T00:00:00.000Z')
        perVersion.set(f.version_id, (perVersion.get(f.version_id) ?? 0) + 1)
      }
      const analyses = await db
        .selectFrom('analyses')
        .select(['version_id', 'output'])
        .where('analyzer', '=', 'files')
        .execute()
      assert.deepEqual(
        new Map(analyses.map((a) => [a.version_id, JSON.parse(a.output).files])),
        perVersion,
        'the files analysis counts exactly the file rows it stands for',
      )
    })

    test('a second identical run changes nothing', async () => {
      const before = await snapshot(storage)
      const s = await runIngest(['fixture-alpha', '@fixture/scoped'], registry, new SqlKbWriter(storage), {
        ...base,
        now: () => '2026-12-01T00:00:00.000Z',
      })
      assert.equal(s.changedPackages, 0)
      assert.equal(s.versionsWritten, 0)
      assert.equal(s.analysesWritten, 0)
      assert.equal(s.analyzed, 0, 'nothing left to analyze')
      assert.deepEqual(await snapshot(storage), before)
    })

    test('transient registry errors are retried', async () => {
      reg.failNext('fixture-beta', 2)
      const s = await runIngest(['fixture-beta'], registry, new SqlKbWriter(storage), base)
      assert.equal(s.packages, 1)
      const beta = await storage.db
        .selectFrom('components')
        .selectAll()
        .where('purl', '=', 'pkg:npm/fixture-beta')
        .executeTakeFirstOrThrow()
      assert.equal(beta.status, 'deprecated')
      assert.equal(beta.status_raw, 'deprecated: fixture-beta is deprecated: use fixture-alpha')
      const v = await storage.db
        .selectFrom('versions')
        .selectAll()
        .where('component_id', '=', beta.id)
        .executeTakeFirstOrThrow()
      assert.equal(v.status, 'deprecated')
      assert.equal(v.license_expression, 'Apache-2.0', 'spdx-correct fixes "Apache 2.0"')
      assert.equal(v.declared_license, 'Apache 2.0', 'the raw value is kept')
    })

    test('an unpublished version is marked removed, and dry runs write nothing', async () => {
      reg.unpublish('fixture-alpha', '1.0.0')
      const dry = await runIngest(['fixture-alpha'], registry, new SqlKbWriter(storage), { ...base, dryRun: true })
      assert.equal(dry.packages, 1)
      const stillActive = await storage.db
        .selectFrom('versions')
        .select('status')
        .where('version', '=', '1.0.0')
        .executeTakeFirstOrThrow()
      assert.equal(stillActive.status, 'active')
      await runIngest(['fixture-alpha'], registry, new SqlKbWriter(storage), base)
      const v = await storage.db
        .selectFrom('versions')
        .select(['status', 'status_raw'])
        .where('version', '=', '1.0.0')
        .executeTakeFirstOrThrow()
      assert.deepEqual(v, { status: 'removed', status_raw: 'unpublished' })
    })
  })
}

describe('npm ingestion on a fresh KB each: failures, resume, re-analysis', () => {
  let reg: FixtureRegistry
  before(async () => {
    reg = await startFixtureRegistry()
  })
  after(() => reg.close())
  const fresh = () => openKb(sqliteBackend, reg)

  test('a tarball that fails its integrity check fails that package only, leaving nothing of it', async () => {
    const { storage, cleanup, registry } = await fresh()
    try {
      reg.corrupt('fixture-beta', '0.3.0')
      const s = await runIngest(['fixture-beta', '@fixture/scoped'], registry, new SqlKbWriter(storage), base)
      assert.equal(s.failed.length, 1)
      assert.equal(s.failed[0]?.name, 'fixture-beta')
      assert.match(s.failed[0]?.reason ?? '', /integrity/i)
      assert.equal(
        await storage.db
          .selectFrom('components')
          .select('id')
          .where('purl', '=', 'pkg:npm/fixture-beta')
          .executeTakeFirst(),
        undefined,
      )
      assert.ok(
        await storage.db
          .selectFrom('components')
          .select('id')
          .where('purl', '=', 'pkg:npm/%40fixture/scoped')
          .executeTakeFirst(),
      )
    } finally {
      await cleanup()
    }
  })

  test('--with-dependencies follows the latest version’s runtime and optional dependencies', async () => {
    const { storage, cleanup, registry } = await fresh()
    try {
      const s = await runIngest(['fixture-alpha'], registry, new SqlKbWriter(storage), {
        ...base,
        analyze: 'none',
        withDependencies: true,
      })
      const purls = (await storage.db.selectFrom('components').select('purl').orderBy('purl').execute()).map(
        (c) => c.purl,
      )
      assert.equal(s.packages, purls.length)
      assert.ok(purls.includes('pkg:npm/%40fixture/scoped'), purls.join())
    } finally {
      await cleanup()
    }
  })

  test('a stopped run resumes without duplicates', async () => {
    const { storage, cleanup, registry } = await fresh()
    try {
      let started = 0
      const names = ['fixture-alpha', '@fixture/scoped']
      const first = await runIngest(names, registry, new SqlKbWriter(storage), {
        ...base,
        concurrency: 1,
        analyze: 'latest',
        shouldStop: () => started++ >= 1,
      })
      assert.equal(first.stopped, true)
      assert.equal(first.packages, 1)
      const second = await runIngest(names, registry, new SqlKbWriter(storage), {
        ...base,
        concurrency: 1,
        analyze: 'latest',
      })
      assert.equal(second.packages, 2)
      const count = await storage.db
        .selectFrom('versions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      assert.equal(Number(count.n), 4)
    } finally {
      await cleanup()
    }
  })

  test('a bumped analyzer re-analyzes only the versions it analyzed before, and runs alone there', async () => {
    const { storage, cleanup, registry } = await fresh()
    try {
      const outputs = () =>
        storage.db
          .selectFrom('analyses as a')
          .innerJoin('versions as v', 'v.id', 'a.version_id')
          .select(['v.version', 'a.analyzer', 'a.analyzer_version', 'a.as_of'])
          .orderBy(['v.version', 'a.analyzer'])
          .execute()
      // Two analyzers, whatever else DEFAULT_ANALYZERS holds by now.
      const two = DEFAULT_ANALYZERS.filter((a) => a.name === 'code-stats' || a.name === 'license-files')
      const alpha = (opts: Partial<RunOptions>) =>
        runIngest(['fixture-alpha'], registry, new SqlKbWriter(storage), { ...base, analyzers: two, ...opts })
      assert.equal((await alpha({ analyze: 'latest' })).analyzed, 1)
      const t0 = '2026-11-22T00:00:00.000Z'
      assert.deepEqual(await outputs(), [
        { version: '1.1.0', analyzer: 'code-stats', analyzer_version: '1', as_of: t0 },
        { version: '1.1.0', analyzer: 'files', analyzer_version: '1', as_of: t0 },
        { version: '1.1.0', analyzer: 'license-files', analyzer_version: '1', as_of: t0 },
      ])

      const seen: string[] = []
      const bumped = two.map((a) =>
        a.name === 'code-stats'
          ? {
              name: a.name,
              version: '2',
              start: () => {
                seen.push('code-stats')
                return a.start()
              },
            }
          : {
              name: a.name,
              version: a.version,
              start: () => {
                seen.push(a.name)
                return a.start()
              },
            },
      )
      const t1 = '2026-12-01T00:00:00.000Z'
      // --analyze none: nothing new is asked for, yet what code-stats@1 produced is redone by code-stats@2.
      const second = await alpha({ analyze: 'none', analyzers: bumped, now: () => t1 })
      assert.equal(second.analyzed, 1, 'only 1.1.0, the one version analyzed before')
      assert.deepEqual(seen, ['code-stats'], 'license-files did not change, so it does not run')
      assert.deepEqual(await outputs(), [
        { version: '1.1.0', analyzer: 'code-stats', analyzer_version: '2', as_of: t1 },
        { version: '1.1.0', analyzer: 'files', analyzer_version: '1', as_of: t0 },
        { version: '1.1.0', analyzer: 'license-files', analyzer_version: '1', as_of: t0 },
      ])

      seen.length = 0
      const third = await alpha({ analyze: 'latest', analyzers: bumped, now: () => t1 })
      assert.equal(third.analyzed, 0, 'a rerun with the same analyzers has nothing left to do')
      assert.deepEqual(seen, [])
    } finally {
      await cleanup()
    }
  })

  test('a failure while writing rolls the whole package back', async () => {
    const { storage, cleanup, registry } = await fresh()
    try {
      const broken = { name: 'broken', version: '1', start: () => ({ file: () => {}, finish: () => ({ n: 1n }) }) }
      const s = await runIngest(['fixture-alpha'], registry, new SqlKbWriter(storage), { ...base, analyzers: [broken] })
      assert.equal(s.failed.length, 1)
      assert.equal((await storage.db.selectFrom('versions').select('id').execute()).length, 0)
      assert.equal((await storage.db.selectFrom('components').select('id').execute()).length, 0)
    } finally {
      await cleanup()
    }
  })
})

for (const backend of backends())
  describe(`npm ingestion of a subset of versions (--versions latest|N) after a full one on ${backend.name}`, () => {
    let reg: FixtureRegistry
    let storage: Storage
    let registry: RegistryClient
    suiteKb(backend, (kb) => {
      ;({ reg, storage, registry } = kb)
    })
    const statuses = async () =>
      (
        await storage.db
          .selectFrom('versions')
          .select(['version', 'status', 'status_raw'])
          .orderBy('sort_key')
          .execute()
      ).map((v) => `${v.version} ${v.status} ${v.status_raw}`)

    test('versions left out of the selection are kept as they are, not marked removed', async () => {
      await runIngest(['fixture-alpha'], registry, new SqlKbWriter(storage), { ...base, analyze: 'latest' })
      const before = await snapshot(storage)
      assert.deepEqual(await statuses(), ['1.0.0 active null', '1.1.0 active null', '2.0.0-beta.1 active null'])
      for (const versions of ['latest', 1, 2] as const) {
        const s = await runIngest(['fixture-alpha'], registry, new SqlKbWriter(storage), {
          ...base,
          versions,
          analyze: 'latest',
          now: () => '2026-12-01T00:00:00.000Z',
        })
        assert.equal(s.versions, versions === 'latest' ? 1 : versions, `--versions ${versions}`)
        assert.equal(s.changedPackages, 0, `--versions ${versions} changes nothing`)
        assert.equal(s.versionsWritten, 0, `--versions ${versions} writes no version`)
        assert.deepEqual(await snapshot(storage), before, `--versions ${versions} leaves the KB as it was`)
      }
    })

    test('a version the full packument no longer serves is removed even when not selected', async () => {
      reg.unpublish('fixture-alpha', '1.0.0')
      reg.forget('fixture-alpha', '2.0.0-beta.1')
      const s = await runIngest(['fixture-alpha'], registry, new SqlKbWriter(storage), {
        ...base,
        versions: 'latest',
        analyze: 'none',
      })
      assert.equal(s.versionsWritten, 2)
      assert.deepEqual(await statuses(), [
        '1.0.0 removed unpublished',
        '1.1.0 active null',
        '2.0.0-beta.1 removed missing from registry',
      ])
    })
  })
