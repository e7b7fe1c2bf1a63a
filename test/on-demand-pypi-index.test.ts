// On-demand learning of PyPI distributions from a configured index (docs/pypi.md "From a configured index"): with
// PYPI_INDEX_URL naming the FIXTURE index test/helpers/pypi-index-server.ts on 127.0.0.1, an unknown pkg:pypi purl is
// answered from the index within the wait (license and versions), then its wheel is walked for a question that needs
// its files. Without an index the units read Debian (test/on-demand-pypi.test.ts).
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { makeTestApp } from './helpers/app.ts'
import { post } from './helpers/debian-kb.ts'
import { type PypiIndexServer, startPypiIndexServer } from './helpers/pypi-index-server.ts'
import { isolateRegistryClients } from './helpers/registry-client-env.ts'

let server: PypiIndexServer
let env: ReturnType<typeof isolateRegistryClients>

before(async () => {
  env = isolateRegistryClients()
  server = await startPypiIndexServer()
})
after(async () => {
  await server.close()
  env.restore()
})

test('an unknown distribution is learned from the index: its license within the wait, then its wheel walked', async () => {
  const t = await makeTestApp({
    env: { ON_DEMAND_WAIT_MS: '30000', PYPI_INDEX_URL: server.indexUrl },
    // no npm package is asked: a registry that answers nothing
    onDemandRegistry: { registry: 'http://127.0.0.1:9/' },
  })
  try {
    const [lic] = await post(t, '/v2/licenses/components', [{ purl: 'pkg:pypi/Six@1.16.0' }])
    assert.equal(lic?.info_code, undefined, JSON.stringify(lic))
    assert.deepEqual([lic?.version, lic?.statement], ['1.16.0', 'MIT'])
    const [stats] = await post(t, '/v2/components/statistics', [{ purl: 'pkg:pypi/six@1.16.0' }])
    assert.equal((stats as { statistics?: { total_source_files?: number } }).statistics?.total_source_files, 1)
    const units = await t.storage.db.selectFrom('ingest_queue').select(['source', 'name', 'state', 'options']).execute()
    assert.deepEqual(
      units.map((u) => [u.source, u.name, u.state, JSON.parse(u.options).phase]),
      [
        ['pypi', 'six', 'done', 'known'],
        ['pypi', 'six', 'done', 'analysis'],
      ],
    )
    const [v] = await t.storage.db.selectFrom('versions').select(['source', 'released_at']).execute()
    assert.deepEqual(v, { source: 'pypi-registry', released_at: '2021-05-05T14:18:18.000Z' })
  } finally {
    await t.close()
  }
})
