// `compintel update` re-reads the PyPI distributions the KB knows from Debian's packages (the pypi source's refresh,
// sources/pypi/source.ts) over the FIXTURE repository test/fixtures/debian/repo: a distribution whose facts went
// stale is written again, one no package of the suites installs any more is counted as not found.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { parseConfig } from '../src/config/config.ts'
import { unitRunners } from '../src/jobs/unit-runner.ts'
import { mapDistComponent, mapDistVersion } from '../src/sources/pypi/map-pypi.ts'
import { parseCoreMetadata } from '../src/sources/pypi/metadata.ts'
import { SqlKbWriter } from '../src/storage/kb-writer.ts'
import { runUpdate } from '../src/update/run-update.ts'
import { makeTestApp } from './helpers/app.ts'
import { debianRepoEnv } from './helpers/debian-repo-app.ts'

test('update: the known distributions read again from the suites; one no package installs is not found', async () => {
  const t = await makeTestApp()
  const dir = mkdtempSync(path.join(tmpdir(), 'ci-update-pypi-'))
  try {
    const { growth } = parseConfig(debianRepoEnv(dir))
    const { pypi } = unitRunners(t.storage, growth)
    await pypi?.({
      name: 'six',
      options: { versions: 'all', analyze: 'none', withDependencies: false, phase: 'known' },
    })
    // a distribution Debian no longer ships (made up: the fixture's suites have no python3-requests)
    const gone = {
      metadata: parseCoreMetadata('Name: requests\nVersion: 2.28.1\n'),
      pathVersion: '2.28.1',
      metadataPath: 'requests-2.28.1.egg-info/PKG-INFO',
      requiresTxt: '',
      debPackage: 'python3-requests',
      debVersion: '2.28.1+dfsg-1',
      suites: ['bookworm'],
      asOf: '2026-07-11T10:16:37.000Z',
    }
    await new SqlKbWriter(t.storage).writePackage({
      component: mapDistComponent('requests', [gone]),
      versions: [mapDistVersion(gone)],
      analyses: [],
    })
    await t.storage.db
      .updateTable('components')
      .set({ description: 'stale', facts_hash: 'stale' }) // as an older read would have left it
      .where('purl', '=', 'pkg:pypi/six')
      .execute()
    const log = { info: () => {}, warn: () => {} }
    const report = await runUpdate({ storage: t.storage, registry: {}, growth, log }, { metadata: true, feeds: false })
    assert.deepEqual(report.metadata, { checked: 2, changed: 1, notFound: 1, failed: 0 })
    const six = await t.storage.db
      .selectFrom('components')
      .select('description')
      .where('purl', '=', 'pkg:pypi/six')
      .executeTakeFirstOrThrow()
    assert.equal(six.description, 'Python 2 and 3 compatibility utilities')
    const feed = await t.storage.db.selectFrom('feeds').selectAll().where('name', '=', 'pypi-debian').execute()
    assert.equal(feed.length, 1)
  } finally {
    await t.close()
    rmSync(dir, { recursive: true, force: true })
  }
})
