// The pypi source's units and refresh with a PyPI index configured (PYPI_INDEX_URL; docs/pypi.md "From a configured
// index"), against the FIXTURE index test/helpers/pypi-index-server.ts on 127.0.0.1: the known phase from the JSON
// API (versions with dates, license, Requires-Dist), the analysis phase walking the wheel (else the sdist), yanked
// versions deprecated, a file failing its sha256 refused with nothing written, and `compintel update` reading the
// index again. Without an index the Debian path is unchanged (test/on-demand-pypi.test.ts, test/update-pypi.test.ts).
import assert from 'node:assert/strict'
import { after, before, beforeEach, describe, test } from 'node:test'
import { parseConfig } from '../src/config/config.ts'
import { UpstreamRefused } from '../src/ingest/failure.ts'
import { unitRunners } from '../src/jobs/unit-runner.ts'
import { pypiSource } from '../src/sources/pypi/source.ts'
import { makeTestApp, type TestApp } from './helpers/app.ts'
import { type PypiIndexServer, startPypiIndexServer } from './helpers/pypi-index-server.ts'
import { isolateRegistryClients } from './helpers/registry-client-env.ts'
import { runIngest, updateMetadata } from './helpers/source-commands.ts'

let server: PypiIndexServer
let t: TestApp
let env: ReturnType<typeof isolateRegistryClients>

before(async () => {
  env = isolateRegistryClients()
  server = await startPypiIndexServer()
})
after(async () => {
  await server.close()
  env.restore()
})
beforeEach(async () => {
  server.switches.corrupt = false
  server.switches.yanked = {}
  server.switches.older = {}
  t = await makeTestApp()
})

const growth = () => parseConfig({ PYPI_INDEX_URL: server.indexUrl }).growth
const known = (asked: string[] = ['']) => ({
  versions: 'all',
  analyze: 'none',
  withDependencies: false,
  asked,
  phase: 'known' as const,
})
const analysis = (asked: string[] = ['']) => ({ ...known(asked), analyze: 'all', phase: 'analysis' as const })

async function versions(purl: string) {
  return t.storage.db
    .selectFrom('versions')
    .innerJoin('components', 'components.id', 'versions.component_id')
    .select([
      'versions.version',
      'versions.released_at',
      'versions.status',
      'versions.status_raw',
      'versions.license_expression',
      'versions.source',
    ])
    .where('components.purl', '=', purl)
    .execute()
}

async function dependencies(purl: string) {
  return t.storage.db
    .selectFrom('version_dependencies')
    .innerJoin('versions', 'versions.id', 'version_dependencies.version_id')
    .innerJoin('components', 'components.id', 'versions.component_id')
    .select(['version_dependencies.scope', 'version_dependencies.name', 'version_dependencies.requirement'])
    .where('components.purl', '=', purl)
    .execute()
}

async function files(purl: string) {
  const rows = await t.storage.db
    .selectFrom('version_files')
    .innerJoin('versions', 'versions.id', 'version_files.version_id')
    .innerJoin('components', 'components.id', 'versions.component_id')
    .select('version_files.path')
    .where('components.purl', '=', purl)
    .execute()
  return rows.map((r) => r.path).sort()
}

describe('PyPI distributions from a configured index', () => {
  test('known phase: every version with its upload date, the license and Requires-Dist, source pypi-registry', async () => {
    try {
      const { pypi } = unitRunners(t.storage, growth())
      const done = await pypi?.({ name: 'Cryptography', options: known(['38.0.4']) })
      assert.equal(done?.changed, true)
      assert.deepEqual(await versions('pkg:pypi/cryptography'), [
        {
          version: '38.0.4',
          released_at: '2021-05-05T14:18:18.000Z',
          status: 'active',
          status_raw: null,
          license_expression: '(BSD-3-Clause OR Apache-2.0)', // as the declared-license normaliser writes an OR
          source: 'pypi-registry',
        },
      ])
      const deps = await dependencies('pkg:pypi/cryptography')
      assert.deepEqual(
        deps.filter((d) => d.name === 'bcrypt').map((d) => [d.scope, d.requirement]),
        [['optional', "(>=3.1.5) ; extra == 'ssh'"]],
      )
      assert.deepEqual(await files('pkg:pypi/cryptography'), []) // nothing walked yet
    } finally {
      await t.close()
    }
  })

  test('analysis phase: the wheel walked, its files as the wheel holds them, the analyzers run on its code', async () => {
    try {
      const { pypi } = unitRunners(t.storage, growth())
      await pypi?.({ name: 'six', options: known() })
      const done = await pypi?.({ name: 'six', options: analysis(['1.16.0']) })
      assert.deepEqual(done?.facts, { versions: 1, asked: ['1.16.0'], analyzed: 1, skipped: [] })
      assert.deepEqual(await files('pkg:pypi/six'), [
        'six-1.16.0.dist-info/METADATA',
        'six-1.16.0.dist-info/RECORD',
        'six-1.16.0.dist-info/WHEEL',
        'six.py',
      ])
      // the analyzers' findings on the wheel's code: its statistics and a Semgrep issue in six.py
      const outputs = await t.storage.db.selectFrom('analyses').select(['analyzer', 'output']).execute()
      const out = (name: string) => JSON.parse(outputs.find((o) => o.analyzer === name)?.output ?? 'null')
      assert.equal(out('code-stats').total_source_files, 1)
      assert.deepEqual(
        out('semgrep').files.map((f: { path: string; issues: { rule: string }[] }) => [f.path, f.issues[0]?.rule]),
        [['six.py', 'semgrep.python.eval-dynamic']],
      )
      // analyzed once: a second analysis unit walks nothing again
      const again = await pypi?.({ name: 'six', options: analysis(['1.16.0']) })
      assert.equal(again?.facts.analyzed, 0)
    } finally {
      await t.close()
    }
  })

  test('compintel ingest pypi: the known then the analysis unit from the index', async () => {
    try {
      const { done, lines } = await runIngest(t, pypiSource, ['six'], {}, growth())
      assert.deepEqual(
        [done.summary, lines],
        ['pypi: 1 packages written; not found: 0; failed: 0', ['pypi: six written']],
      )
      assert.equal((await versions('pkg:pypi/six'))[0]?.source, 'pypi-registry')
      assert.ok((await files('pkg:pypi/six')).includes('six.py'))
    } finally {
      await t.close()
    }
  })

  test('a yanked release is deprecated, its reason kept', async () => {
    try {
      server.switches.yanked = { six: 'broke the import of six.moves' }
      const { pypi } = unitRunners(t.storage, growth())
      await pypi?.({ name: 'six', options: known() })
      const [v] = await versions('pkg:pypi/six')
      assert.deepEqual([v?.status, v?.status_raw], ['deprecated', 'yanked: broke the import of six.moves'])
    } finally {
      await t.close()
    }
  })

  test('a distribution failing its sha256 is refused: the unit fails and nothing of it is written', async () => {
    try {
      server.switches.corrupt = true
      const { pypi } = unitRunners(t.storage, growth())
      await assert.rejects(
        pypi?.({ name: 'six', options: analysis(['1.16.0']) }) ?? Promise.resolve(),
        (e) => e instanceof UpstreamRefused && e.kind === 'integrity',
      )
      assert.deepEqual(await versions('pkg:pypi/six'), [])
      assert.deepEqual(await files('pkg:pypi/six'), [])
    } finally {
      await t.close()
    }
  })

  test('update reads the known distributions again from the index', async () => {
    try {
      const g = growth()
      const { pypi } = unitRunners(t.storage, g)
      await pypi?.({ name: 'six', options: known() })
      await t.storage.db
        .updateTable('components')
        .set({ description: 'stale', facts_hash: 'stale' })
        .where('purl', '=', 'pkg:pypi/six')
        .execute()
      server.switches.yanked = { six: 'withdrawn' }
      const report = await updateMetadata(t, g)
      assert.deepEqual(report.metadata, { checked: 1, changed: 1, notFound: 0, failed: 0 })
      const [v] = await versions('pkg:pypi/six')
      assert.equal(v?.status_raw, 'yanked: withdrawn')
    } finally {
      await t.close()
    }
  })

  test("update records the yank of an older version it does not read again, from the Simple API's files", async () => {
    try {
      server.switches.older = { six: '1.15.0' }
      const g = growth()
      await unitRunners(t.storage, g).pypi?.({ name: 'six', options: known() })
      const row = async (version: string) => (await versions('pkg:pypi/six')).find((v) => v.version === version)
      const before = await row('1.15.0')
      assert.deepEqual([before?.status, before?.status_raw], ['active', null])
      const update = () => updateMetadata(t, g)
      // the old release yanked: only the latest is read again, the Simple API's files say which are yanked
      server.switches.yanked = { 'six==1.15.0': 'a regression' }
      assert.deepEqual((await update()).metadata, { checked: 1, changed: 1, notFound: 0, failed: 0 })
      const yanked = await row('1.15.0')
      assert.deepEqual([yanked?.status, yanked?.status_raw], ['deprecated', 'yanked: a regression'])
      assert.equal(yanked?.released_at, before?.released_at, 'its other facts kept')
      assert.deepEqual([(await row('1.16.0'))?.status], ['active'])
      // un-yanked: active again
      server.switches.yanked = {}
      await update()
      assert.deepEqual([(await row('1.15.0'))?.status, (await row('1.15.0'))?.status_raw], ['active', null])
    } finally {
      await t.close()
    }
  })
})
