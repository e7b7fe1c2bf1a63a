// The components endpoints (search, versions, statistics, status) over the FIXTURE KB, on SQLite and PostgreSQL.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { makeTestApp, type TestApp } from './helpers/app.ts'
import { backends } from './helpers/backends.ts'
import { loadFixtureKb } from './helpers/kb-fixture.ts'

for (const backend of backends()) {
  describe(`components endpoints on ${backend.name}`, () => {
    let t: TestApp
    let cleanup: () => Promise<void>
    before(async () => {
      const opened = await backend.open()
      cleanup = opened.cleanup
      t = await makeTestApp({ storage: opened.storage, env: { MAX_BATCH_SIZE: '5' } })
      await loadFixtureKb(opened.storage)
    })
    after(async () => {
      await t.close()
      await cleanup()
    })
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'x-api-key': t.keys.components } })
      return { code: res.statusCode, body: res.json() }
    }
    const post = async (url: string, payload: unknown) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: payload as object,
        headers: { 'x-api-key': t.keys.full },
      })
      return { code: res.statusCode, body: res.json() }
    }
    const names = (body: { components: { name: string }[] }) => body.components.map((c) => c.name)

    test('search: exact, then prefix, then substring; ties by dependents in the KB, then name', async () => {
      assert.deepEqual(names((await get('/v2/components/search?search=fx')).body), [
        'fx-util',
        'fx-lib',
        'fx-app',
        'fx-old',
      ])
      assert.deepEqual(names((await get('/v2/components/search?search=FX-LIB')).body), ['fx-lib'])
      assert.deepEqual(names((await get('/v2/components/search?search=scoped')).body), ['@fx/scoped'])
      assert.deepEqual(names((await get('/v2/components/search?search=x-u')).body), ['fx-util'])
      assert.deepEqual(names((await get('/v2/components/search?search=lib')).body), ['fx-lib'])
    })

    test('search: hit fields, deprecated component = name, status.db and status.server filled', async () => {
      const { code, body } = await get('/v2/components/search?search=scoped')
      assert.equal(code, 200)
      assert.deepEqual(body.components, [
        {
          name: '@fx/scoped',
          purl: 'pkg:npm/%40fx/scoped',
          url: 'https://www.npmjs.com/package/@fx/scoped',
          component: '@fx/scoped',
        },
      ])
      assert.equal(body.status.status, 'SUCCESS')
      assert.equal(body.status.db.schema_version, t.config ? body.status.db.schema_version : '')
      assert.match(body.status.db.created_at, /^\d{4}-/)
      assert.equal(body.status.server.version, '0.0.0-test')
    })

    test('search: vendor, component + vendor, package filter, limit and offset', async () => {
      assert.deepEqual(names((await get('/v2/components/search?vendor=fx')).body), ['@fx/scoped'])
      assert.deepEqual(names((await get('/v2/components/search?vendor=%40fx&component=scoped')).body), ['@fx/scoped'])
      assert.deepEqual(names((await get('/v2/components/search?vendor=other&component=scoped')).body), [])
      assert.deepEqual(names((await get('/v2/components/search?search=fx&package=github')).body), [])
      assert.deepEqual(names((await get('/v2/components/search?search=fx&package=npm&limit=2')).body), [
        'fx-util',
        'fx-lib',
      ])
      assert.deepEqual(names((await get('/v2/components/search?search=fx&limit=2&offset=2')).body), [
        'fx-app',
        'fx-old',
      ])
      assert.deepEqual(names((await get('/v2/components/search?search=fx&limit=0')).body).length, 4)
    })

    test('search: nothing to search for is a 400; no hits is an empty list', async () => {
      const none = await get('/v2/components/search?package=npm')
      assert.equal(none.code, 400)
      assert.equal(none.body.error.code, 'VALIDATION_FAILED')
      const empty = await get('/v2/components/search?search=nothing-like-this')
      assert.deepEqual(empty.body.components, [])
      assert.equal(empty.body.status.status, 'SUCCESS')
      const wild = await get('/v2/components/search?search=%25_%25')
      assert.deepEqual(wild.body.components, [])
    })

    test('versions: newest first, dates and licenses; limit; unknown and malformed purls', async () => {
      const { body } = await get('/v2/components/versions?purl=pkg:npm/fx-lib@1.0.0')
      assert.equal(body.component.name, 'fx-lib')
      assert.equal(body.component.component, 'fx-lib')
      assert.equal(body.component.url, 'https://www.npmjs.com/package/fx-lib')
      assert.equal(body.component.source_purl, '', 'fx-lib names no repository')
      const app = await get('/v2/components/versions?purl=pkg:npm/fx-app')
      assert.equal(app.body.component.source_purl, 'pkg:github/fx-org/fx-app')
      assert.deepEqual(
        body.component.versions.map((v: { version: string }) => v.version),
        ['2.0.0', '1.3.0', '1.2.0', '1.0.0'],
      )
      assert.deepEqual(body.component.versions[3], {
        version: '1.0.0',
        date: '2020-02-01T00:00:00.000Z',
        licenses: [
          { name: 'MIT', spdx_id: 'MIT', is_spdx_approved: true, url: 'https://spdx.org/licenses/MIT.html' },
          {
            name: 'Apache-2.0',
            spdx_id: 'Apache-2.0',
            is_spdx_approved: true,
            url: 'https://spdx.org/licenses/Apache-2.0.html',
          },
        ],
      })
      assert.ok(body.status.db)
      const two = await get('/v2/components/versions?purl=pkg:npm/fx-lib&limit=2')
      assert.equal(two.body.component.versions.length, 2)
      const util = await get('/v2/components/versions?purl=pkg:npm/fx-util')
      const licenses = util.body.component.versions.map((v: { licenses: { name: string }[] }) =>
        v.licenses.map((l) => l.name),
      )
      // 2.2.0 declares nothing: the licenses found in its files; the others declare a string that is not SPDX
      assert.deepEqual(licenses, [
        ['BSD-3-Clause', 'Zlib'],
        ['LicenseRef-Custom-see-LICENSE.txt'],
        ['LicenseRef-Custom-see-LICENSE.txt'],
      ])
      assert.equal(util.body.component.versions[1].licenses[0].is_spdx_approved, false)
      const unknown = await get('/v2/components/versions?purl=pkg:npm/fx-none')
      assert.equal(unknown.code, 200)
      assert.deepEqual(unknown.body.component.versions, [])
      assert.equal(unknown.body.component.error_code, 'COMPONENT_NOT_FOUND')
      assert.equal((await get('/v2/components/versions?purl=nope')).body.component.error_code, 'INVALID_PURL')
      assert.equal((await get('/v2/components/versions')).code, 400)
    })

    test('statistics: the three request shapes, zeros without error fields, request order', async () => {
      const expected = {
        purl: 'pkg:npm/fx-app',
        version: '1.1.0',
        statistics: {
          total_source_files: 3,
          total_lines: 120,
          total_blank_lines: 14,
          languages: [
            { name: 'JavaScript', files: 2 },
            { name: 'TypeScript', files: 1 },
          ],
        },
      }
      const zero = { total_source_files: 0, total_lines: 0, total_blank_lines: 0, languages: [] }
      const spec = await post('/v2/components/statistics', { purls: ['pkg:npm/fx-app@1.1.0', 'pkg:npm/fx-lib@1.0.0'] })
      assert.equal(spec.code, 200)
      assert.deepEqual(spec.body.component_statistics, [
        expected,
        { purl: 'pkg:npm/fx-lib', version: '1.0.0', statistics: zero },
      ])
      assert.deepEqual(spec.body.purls, spec.body.component_statistics)
      const js = await post('/v2/components/statistics', {
        purls: [{ purl: 'pkg:npm/fx-none' }, { purl: 'pkg:npm/fx-app', requirement: '~1.1.0' }],
      })
      assert.deepEqual(js.body.purls, [{ purl: 'pkg:npm/fx-none', version: '', statistics: zero }, expected])
      const ref = await post('/v2/components/statistics', {
        components: [{ purl: 'pkg:npm/fx-app', requirement: '1.1.0' }, { purl: 'bad' }],
      })
      assert.deepEqual(ref.body.component_statistics[0], expected)
      assert.equal(ref.body.component_statistics[1].error_code, 'INVALID_PURL')
      assert.equal(ref.body.purls, undefined)
      assert.ok(ref.body.status.db)
      assert.equal((await post('/v2/components/statistics', {})).code, 400)
      const big = await post('/v2/components/statistics', { purls: Array(6).fill('pkg:npm/fx-app') })
      assert.equal(big.code, 400)
      assert.equal(big.body.error.code, 'BATCH_TOO_LARGE')
    })

    test('status: component and version lifecycle beside the raw registry words', async () => {
      const { code, body } = await get('/v2/components/status/component?purl=pkg:npm/fx-lib&requirement=1.3.0')
      assert.equal(code, 200)
      assert.equal(body.status.status, 'SUCCESS')
      assert.deepEqual(
        { ...body.version_status, indexed_date: undefined },
        {
          version: '1.3.0',
          status: 'deprecated',
          repository_status: 'deprecated: use fx-lib 2',
          indexed_date: undefined,
          status_change_date: '',
        },
      )
      assert.equal(body.component_status.status, 'active')
      assert.equal(body.name, 'fx-lib')
      assert.equal(body.requirement, '1.3.0')
      const old = await get('/v2/components/status/component?purl=pkg:npm/fx-old@0.9.1')
      assert.equal(old.body.version_status.status, 'removed')
      assert.equal(old.body.version_status.repository_status, 'unpublished')
      assert.equal(old.body.component_status.status, 'deprecated')
      assert.equal(old.body.component_status.repository_status, 'deprecated: fx-old is no longer maintained')
    })

    test('status batch: outcomes per component, in request order', async () => {
      const { code, body } = await post('/v2/components/status/components', {
        components: [
          { purl: 'pkg:npm/fx-app', requirement: '^9' },
          { purl: 'pkg:npm/fx-none' },
          { purl: 'pkg:npm/fx-app', requirement: '>>1' },
          { purl: '' },
          { purl: 'pkg:npm/fx-app' },
        ],
      })
      assert.equal(code, 200)
      assert.equal(body.components[0].version_status.info_code, 'VERSION_NOT_FOUND')
      assert.equal(body.components[0].component_status.status, 'active')
      assert.deepEqual(body.components[1].component_status, {
        error_code: 'COMPONENT_NOT_FOUND',
        error_message: 'Component not found',
        info_code: 'COMPONENT_NOT_FOUND',
        info_message: 'Component not found',
      })
      assert.equal(body.components[1].name, '')
      assert.equal(body.components[2].version_status.info_code, 'INVALID_SEMVER')
      assert.equal(body.components[3].component_status.info_code, 'INVALID_PURL')
      assert.equal(body.components[4].version_status.version, '2.0.0-beta.1')
      assert.equal((await post('/v2/components/status/components', { components: [] })).code, 400)
    })
  })
}
