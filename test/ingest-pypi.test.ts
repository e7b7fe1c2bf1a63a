// PyPI distributions learned from Debian end to end, offline: the pypi source's runner (sources/pypi/pypi-units.ts)
// over the FIXTURE repository test/fixtures/debian/repo (python3-six, python3-idna, python3-url-normalize, README
// there) read through apt as a local file: repository, into an in-memory KB answered by the app: the `known` phase
// (versions, licenses, dependencies, no files walked), then the `analysis` phase (the distribution's own files).
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import type { UnitOptions } from '../src/domain/kb/ingest-queue.ts'
import { DEFAULT_ANALYZERS } from '../src/ingest/analyzers/index.ts'
import { AptArchive } from '../src/sources/debian/apt.ts'
import { walkCommand } from '../src/sources/debian/deb-file.ts'
import { parseIndexes, SharedIndexes } from '../src/sources/debian/suite-indexes.ts'
import { PackageNotFound } from '../src/sources/npm/registry.ts'
import { pypiRunner } from '../src/sources/pypi/pypi-units.ts'
import type { UnitRunner } from '../src/sources/source.ts'
import { SqlAdvisoryWriter } from '../src/storage/advisory-writer.ts'
import { SqlKbWriter } from '../src/storage/kb-writer.ts'
import { makeTestApp, type TestApp } from './helpers/app.ts'
import { analysesOf, post } from './helpers/debian-kb.ts'

const REPO = fileURLToPath(new URL('./fixtures/debian/repo', import.meta.url))
// the newest Date of the fixture's suites' Release files
const SUITE_DATE = '2026-11-25T02:22:30.000Z'
const KNOWN: UnitOptions = { versions: 'all', analyze: 'none', withDependencies: false, phase: 'known' }
const ANALYSIS: UnitOptions = { versions: 'all', analyze: 'all', withDependencies: false, phase: 'analysis' }

describe('PyPI distributions from Debian packages', () => {
  let t: TestApp
  let dir: string
  let run: UnitRunner
  let archive: AptArchive
  before(async () => {
    t = await makeTestApp()
    dir = mkdtempSync(path.join(tmpdir(), 'compintel-apt-pypi-'))
    archive = new AptArchive({
      dir,
      suites: ['bookworm'],
      mirrors: { archive: `file:${REPO}`, security: `file:${REPO}`, keyring: '' },
      trusted: true,
    })
    run = pypiRunner({
      indexes: new SharedIndexes(() => archive, 60_000, Date.now, parseIndexes),
      writer: new SqlKbWriter(t.storage),
      advisories: new SqlAdvisoryWriter(t.storage),
      analyzers: DEFAULT_ANALYZERS,
    })
  })
  after(async () => {
    await t.close()
    rmSync(dir, { recursive: true, force: true })
  })

  test('known: the upstream version, its license and Requires-Dist, the Debian package as source; nothing walked', async () => {
    const done = await run({ name: 'URL_Normalize', options: KNOWN })
    assert.deepEqual(done.facts, { packages: ['python3-url-normalize'], versions: ['1.4.3'], analyzed: 0, refused: 0 })
    assert.deepEqual(done.dependencies, ['six'], 'what --with-dependencies follows')
    const c = await t.storage.db
      .selectFrom('components')
      .selectAll()
      .where('purl', '=', 'pkg:pypi/url-normalize')
      .executeTakeFirstOrThrow()
    assert.deepEqual(
      [c.purl_name, c.latest_version, c.source, c.source_purl, c.as_of],
      [
        'url-normalize',
        '1.4.3',
        'debian:python3-url-normalize@1.4.3-2',
        'pkg:deb/debian/python3-url-normalize@1.4.3-2',
        SUITE_DATE,
      ],
    )
    const [lic] = await post(t, '/v2/licenses/components', [{ purl: 'pkg:pypi/url-normalize@1.4.3' }])
    assert.deepEqual([lic?.version, lic?.statement], ['1.4.3', 'MIT'], JSON.stringify(lic))
    const deps = await t.storage.db
      .selectFrom('version_dependencies')
      .select(['scope', 'name', 'requirement'])
      .execute()
    assert.deepEqual(deps, [{ scope: 'runtime', name: 'six', requirement: '' }])
    assert.deepEqual(await analysesOf(t, 'pkg:pypi/url-normalize'), [])
  })

  test('analysis: the files the distribution owns walked (its RECORD), as a wheel holds them', async () => {
    const done = await run({ name: 'url-normalize', options: ANALYSIS })
    assert.equal(done.facts.analyzed, 1)
    const walked = new Set((await analysesOf(t, 'pkg:pypi/url-normalize')).map((a) => a.analyzer))
    for (const a of ['code-stats', 'crypto', 'snippets', 'license-files']) assert.ok(walked.has(a), `${a} ran`)
    const files = await t.storage.db
      .selectFrom('analyses')
      .innerJoin('versions', 'versions.id', 'analyses.version_id')
      .select('output')
      .where('analyzer', '=', 'code-stats')
      .execute()
    assert.equal(files.length, 1)
    const [stats] = await post(t, '/v2/components/statistics', [{ purl: 'pkg:pypi/url-normalize@1.4.3' }])
    // url_normalize/__init__.py, tools.py, url_normalize.py: the package's modules, not Debian's files
    assert.deepEqual((stats as { statistics?: unknown }).statistics, {
      total_source_files: 3,
      total_lines: 376,
      total_blank_lines: 92,
      languages: [{ name: 'Python', files: 3 }],
    })
  })

  test('an egg-info distribution (six: top_level.txt) and another (idna), each its own package', async () => {
    await run({ name: 'six', options: ANALYSIS })
    await run({ name: 'IDNA', options: KNOWN })
    const [six, idna] = await post(t, '/v2/licenses/components', [{ purl: 'pkg:pypi/six' }, { purl: 'pkg:pypi/idna' }])
    assert.deepEqual([six?.version, six?.statement], ['1.16.0', 'MIT'])
    assert.deepEqual([idna?.version, idna?.statement], ['3.3', 'BSD-3-Clause'])
    const paths = await t.storage.db
      .selectFrom('analyses')
      .innerJoin('versions', 'versions.id', 'analyses.version_id')
      .innerJoin('components', 'components.id', 'versions.component_id')
      .select('analyses.output')
      .where('components.purl', '=', 'pkg:pypi/six')
      .where('analyzer', '=', 'code-stats')
      .executeTakeFirstOrThrow()
    assert.match(paths.output, /Python/)
  })

  test('a unit aborted during its walk fails at once and writes nothing', async () => {
    const stop = new AbortController()
    const aborting = pypiRunner({
      indexes: new SharedIndexes(() => archive, 60_000, Date.now, parseIndexes),
      writer: new SqlKbWriter(t.storage),
      advisories: new SqlAdvisoryWriter(t.storage),
      analyzers: DEFAULT_ANALYZERS,
      // the walk runs to its end whatever the abort: then the write is what must not happen
      walker: (command, args, analyzers) => {
        stop.abort(new Error('the worker stops'))
        return walkCommand(command, args, analyzers)
      },
    })
    await assert.rejects(aborting({ name: 'idna', options: ANALYSIS, signal: stop.signal }), /the worker stops/)
    await new Promise((resolve) => setTimeout(resolve, 500)) // the work behind it ends
    assert.deepEqual(await analysesOf(t, 'pkg:pypi/idna'), [])
  })

  test('a distribution no package in the suites installs is not found', async () => {
    await assert.rejects(run({ name: 'requests', options: KNOWN }), PackageNotFound)
  })
})
