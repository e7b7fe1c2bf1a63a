// On-demand learning of PyPI distributions from Debian's packages (docs/pypi.md "On demand"), from the FIXTURE
// repository test/fixtures/debian/repo (README there) read by the server's worker through apt as a local file:
// repository: an unknown pkg:pypi purl answered within the wait (its name in any PEP 503 spelling), the two phases
// (known, then the files walked), a distribution no package installs remembered as not found, and purls that are not
// the archive's to answer never queued. The Debian equivalents: test/on-demand-debian.test.ts.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { TestApp } from './helpers/app.ts'
import { post } from './helpers/debian-kb.ts'
import { debianRepoApp as app } from './helpers/debian-repo-app.ts'

/** The queue's units as [source, name, state, last error, phase]. */
async function units(t: TestApp) {
  const rows = await t.storage.db
    .selectFrom('ingest_queue')
    .select(['source', 'name', 'state', 'last_error', 'options'])
    .orderBy('id')
    .execute()
  return rows.map((r) => [r.source, r.name, r.state, r.last_error, JSON.parse(r.options).phase])
}

describe('PyPI distributions on demand, from Debian', () => {
  test('an unknown distribution is learned within the wait: its license, then its files for a question that needs them', async () => {
    const t = await app()
    try {
      const [lic] = await post(t, '/v2/licenses/components', [{ purl: 'pkg:pypi/URL_Normalize@1.4.3' }])
      assert.equal(lic?.info_code, undefined, JSON.stringify(lic))
      assert.deepEqual([lic?.version, lic?.statement], ['1.4.3', 'MIT'])
      const [stats] = await post(t, '/v2/components/statistics', [{ purl: 'pkg:pypi/url-normalize@1.4.3' }])
      assert.equal((stats as { statistics?: { total_source_files?: number } }).statistics?.total_source_files, 3)
      const queued = await units(t)
      assert.deepEqual(queued.slice(0, 2), [
        ['pypi', 'url-normalize', 'done', null, 'known'],
        ['pypi', 'url-normalize', 'done', null, 'analysis'],
      ])
    } finally {
      await t.close()
    }
  })

  test('ON_DEMAND=metadata: the known phase only', async () => {
    const t = await app({ ON_DEMAND: 'metadata' })
    try {
      const [lic] = await post(t, '/v2/licenses/components', [{ purl: 'pkg:pypi/six@1.16.0' }])
      assert.deepEqual([lic?.version, lic?.statement], ['1.16.0', 'MIT'], JSON.stringify(lic))
      assert.deepEqual(await units(t), [['pypi', 'six', 'done', null, 'known']])
    } finally {
      await t.close()
    }
  })

  test('a distribution no package in the suites installs is not found, and remembered', async () => {
    const t = await app()
    try {
      for (let i = 0; i < 2; i++) {
        const [a] = await post(t, '/v2/licenses/components', [{ purl: 'pkg:pypi/requests@2.28.1' }])
        assert.equal(a?.info_code, 'COMPONENT_NOT_FOUND', JSON.stringify(a))
        assert.doesNotMatch(JSON.stringify(a), /being fetched/)
      }
      assert.deepEqual(
        (await units(t)).map((u) => u.slice(0, 4)),
        [
          ['pypi', 'requests', 'failed', 'not found'],
          ['pypi', 'requests', 'failed', 'not found'],
        ],
      )
    } finally {
      await t.close()
    }
  })

  test('a purl naming another index, or a name PEP 508 refuses, is never queued', async () => {
    const t = await app()
    try {
      const answers = await post(t, '/v2/licenses/components', [
        { purl: 'pkg:pypi/six@1.16.0?repository_url=https://example.invalid/simple' },
        { purl: 'pkg:pypi/-option@1.0' },
        { purl: 'pkg:pypi/a%20b@1.0' },
      ])
      for (const a of answers) assert.equal(a.info_code, 'COMPONENT_NOT_FOUND', JSON.stringify(a))
      assert.deepEqual(await units(t), [])
    } finally {
      await t.close()
    }
  })
})
