// The dependencies endpoints (transitive and legacy) over the FIXTURE KBs (kb-fixture.ts + kb-fixture-deps.ts), on
// SQLite and PostgreSQL: resolution, BFS order, depth and limit caps, cycles, request errors, wire shapes.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { makeTestApp, type TestApp } from './helpers/app.ts'
import { backends } from './helpers/backends.ts'
import { loadFixtureKb } from './helpers/kb-fixture.ts'
import { CHAIN, loadDepsFixtureKb, WIDE } from './helpers/kb-fixture-deps.ts'

const TRANSITIVE = '/v2/dependencies/transitive/components'
const LEGACY = '/v2/dependencies/dependencies'
type Dep = { purl: string; version: string; requirement: string }
const row = (purl: string, version: string, requirement: string): Dep => ({ purl, version, requirement })

for (const backend of backends()) {
  describe(`dependencies endpoints on ${backend.name}`, () => {
    let t: TestApp
    let cleanup: () => Promise<void>
    before(async () => {
      const opened = await backend.open()
      cleanup = opened.cleanup
      t = await makeTestApp({ storage: opened.storage, env: { MAX_BATCH_SIZE: '8' } })
      await loadFixtureKb(opened.storage)
      await loadDepsFixtureKb(opened.storage)
    })
    after(async () => {
      await t.close()
      await cleanup()
    })
    const post = async (url: string, payload: unknown, key = t.keys.full) => {
      const res = await t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-api-key': key } })
      return { code: res.statusCode, body: res.json() }
    }
    const transitive = async (payload: unknown) => {
      const r = await post(TRANSITIVE, payload)
      assert.equal(r.code, 200, JSON.stringify(r.body))
      assert.equal(r.body.status.status, 'SUCCESS')
      // the tree's fields (depth, dependent) are asserted by a test of their own
      const dependencies = (r.body.dependencies as Dep[]).map(({ purl, version, requirement }) => ({
        purl,
        version,
        requirement,
      }))
      return { ...r.body, dependencies } as { dependencies: Dep[]; status: { message: string } }
    }
    const purls = (deps: Dep[]) => deps.map((d) => d.purl.replace('pkg:npm/', ''))

    test('transitive: BFS in name order; alias followed, git and missing listed, deprecated avoided, cycle safe', async () => {
      const body = await transitive({ components: [{ purl: 'pkg:npm/fx-app@1.1.0' }] })
      assert.deepEqual(body.dependencies, [
        row('pkg:npm/fx-util', '2.2.0', 'npm:fx-util@^2.2.0'),
        row('pkg:npm/fx-git', '', 'git+https://example.invalid/fx-git.git'),
        // ^1.0.0: latest (2.0.0) is outside the range and 1.3.0 is deprecated → 1.2.0, as npm installs
        row('pkg:npm/fx-lib', '1.2.0', '^1.0.0'),
        row('pkg:npm/fx-missing', '', '^1.0.0'),
        row('pkg:npm/fx-util', '2.1.5', '~2.1.0'),
        // level 2: fx-lib 1.2.0 → fx-app ^1.0.0 (the input, not listed) and fx-util ^2.0.0 (2.2.0, already listed)
      ])
      assert.equal(body.status.message, 'Success')
    })

    test('transitive: requirement as input, dev and peer dependencies never followed', async () => {
      const body = await transitive({ components: [{ purl: 'pkg:npm/fx-app', requirement: '~1.1.0' }], depth: 1 })
      assert.ok(!purls(body.dependencies).some((p) => p === 'fx-dev' || p === 'fx-peer'))
      assert.equal(body.dependencies.length, 5)
    })

    test('transitive: every specifier shape (dist-tags, x-ranges, ||, scoped, optional, URL, file, git)', async () => {
      const body = await transitive({ components: [{ purl: 'pkg:npm/fxd-shapes@1.0.0' }] })
      assert.deepEqual(body.dependencies, [
        row('pkg:npm/%40fx/scoped', '0.1.0', '^0.1.0'),
        row('pkg:npm/fxd-gh', '', 'fxd-org/fxd-gh#v1'),
        row('pkg:npm/fxd-leaf-a', '1.0.0', 'latest'),
        row('pkg:npm/fxd-leaf-b', '1.0.0', '*'),
        row('pkg:npm/fxd-leaf-c', '1.5.0', '1.x || >=3.0.0'),
        row('pkg:npm/fxd-leaf-d', '', '^5.0.0'),
        row('pkg:npm/fxd-local', '', 'file:../fxd-local'),
        row('pkg:npm/fxd-opt', '1.0.0', '^1.0.0'),
        row('pkg:npm/fxd-tagged', '', 'next'),
        row('pkg:npm/fxd-tarball', '', 'https://example.invalid/fxd-tarball-1.0.0.tgz'),
      ])
    })

    test('transitive: depth default 3, 0 = default, capped at 10', async () => {
      const chain = async (depth?: number) =>
        purls((await transitive({ components: [{ purl: `pkg:npm/${CHAIN[0]}` }], depth })).dependencies)
      assert.deepEqual(await chain(), CHAIN.slice(1, 4))
      assert.deepEqual(await chain(0), CHAIN.slice(1, 4))
      assert.deepEqual(await chain(1), CHAIN.slice(1, 2))
      assert.deepEqual(await chain(7), CHAIN.slice(1, 8))
      assert.deepEqual(await chain(1000), CHAIN.slice(1, 11))
    })

    test('transitive: limit keeps the first dependencies in BFS order and says so', async () => {
      const wide = async (limit?: number) => transitive({ components: [{ purl: 'pkg:npm/fxd-wide' }], limit })
      const five = await wide(5)
      assert.deepEqual(purls(five.dependencies), WIDE.slice(0, 5))
      assert.match(five.status.message, /truncated at limit 5/)
      assert.deepEqual(purls((await wide(0)).dependencies), WIDE)
      assert.deepEqual(purls((await wide(999_999)).dependencies), WIDE)
      assert.equal((await wide(12)).status.message, 'Success')
    })

    test('transitive: inputs are not listed; unresolvable inputs are skipped and named', async () => {
      const body = await transitive({
        components: [{ purl: 'pkg:npm/fx-app@1.1.0' }, { purl: 'pkg:npm/fx-lib@1.2.0' }, { purl: 'pkg:npm/fx-nope' }],
      })
      assert.deepEqual(purls(body.dependencies), ['fx-util', 'fx-git', 'fx-missing', 'fx-util'])
      assert.match(body.status.message, /skipped 1 input component\(s\): pkg:npm\/fx-nope \(Component not found\)/)
      const none = await transitive({ components: [{ purl: 'pkg:npm/fx-nope' }] })
      assert.deepEqual(none.dependencies, [])
    })

    test('transitive: a package without dependencies has an empty list', async () => {
      assert.deepEqual((await transitive({ components: [{ purl: 'pkg:npm/fx-util@2.2.0' }] })).dependencies, [])
    })

    test('transitive: request errors are 400 in the error shape', async () => {
      const bad: [unknown, string, RegExp][] = [
        [
          { components: [{ purl: 'pkg:npm/fx-app' }, { purl: 'pkg:pypi/requests' }] },
          'VALIDATION_FAILED',
          /multiple ecosystems/,
        ],
        [{ components: [{ purl: 'pkg:gem/rails' }] }, 'VALIDATION_FAILED', /unsupported ecosystem: 'gem'/],
        [{ components: [{ purl: 'nope' }] }, 'VALIDATION_FAILED', /invalid purls/],
        [{ components: [] }, 'VALIDATION_FAILED', /at least one component/],
        [{ components: [{ purl: 'pkg:npm/fx-app' }], depth: -1 }, 'VALIDATION_FAILED', /depth/],
        [{ components: [{ purl: 'pkg:npm/fx-app' }], limit: -1 }, 'VALIDATION_FAILED', /limit/],
        [{ components: [{ purl: 'pkg:npm/fx-app' }], depth: 'deep' }, 'VALIDATION_FAILED', /depth/],
        [{ components: Array(9).fill({ purl: 'pkg:npm/fx-app' }) }, 'BATCH_TOO_LARGE', /9 components/],
      ]
      for (const [payload, code, message] of bad) {
        const r = await post(TRANSITIVE, payload)
        assert.equal(r.code, 400, JSON.stringify(payload))
        assert.equal(r.body.status.status, 'FAILED')
        assert.equal(r.body.error.code, code)
        assert.match(r.body.status.message, message)
      }
    })

    test('dependencies area: a key without it is refused', async () => {
      const r = await post(TRANSITIVE, { components: [{ purl: 'pkg:npm/fx-app' }] }, t.keys.components)
      assert.equal(r.code, 403)
      assert.equal((await post(LEGACY, { files: [] }, t.keys.components)).code, 403)
    })

    test('transitive: one dependency query per level and at most one catalog read per level', async () => {
      const counts = { deps: 0, catalog: 0, exact: 0, licenses: 0 }
      const { dependencies, catalog, licenses } = t.services
      const exact = catalog.exact?.bind(catalog)
      t.services.dependencies = {
        ofVersions: (...a) => {
          counts.deps++
          return dependencies.ofVersions(...a)
        },
      }
      t.services.licenses = {
        ofVersions: (...a) => {
          counts.licenses++
          return licenses.ofVersions(...a)
        },
        licensedVersions: (...a) => {
          counts.licenses++
          return licenses.licensedVersions(...a)
        },
      }
      t.services.catalog = {
        components: (...a) => {
          counts.catalog++
          return catalog.components(...a)
        },
        ...(exact
          ? {
              exact: (...a: Parameters<typeof exact>) => {
                counts.exact++
                return exact(...a)
              },
            }
          : {}),
      }
      try {
        await transitive({ components: [{ purl: `pkg:npm/${CHAIN[0]}` }], depth: 10 })
        assert.deepEqual(counts, { deps: 10, catalog: 11, exact: 0, licenses: 0 })
        counts.deps = counts.catalog = 0
        await post(LEGACY, {
          files: [
            { file: 'a', purls: [{ purl: 'pkg:npm/fx-lib' }, { purl: 'pkg:npm/fx-util@2.2.0' }] },
            { file: 'b', purls: [{ purl: 'pkg:npm/fx-app', requirement: '1.1.0' }, { purl: 'pkg:npm/fx-old' }] },
          ],
        })
        // exact versions through the catalog's fast path when it has one, the rest in one read; one license read
        assert.deepEqual(counts, { deps: 0, catalog: 1, exact: exact ? 1 : 0, licenses: 1 })
      } finally {
        t.services.dependencies = dependencies
        t.services.catalog = catalog
        t.services.licenses = licenses
      }
    })

    test('transitive: an input read by exact version is read in full when the walk comes back to its package', async () => {
      const body = await transitive({ components: [{ purl: 'pkg:npm/fx-app@1.0.0' }] })
      assert.deepEqual(body.dependencies, [
        row('pkg:npm/fx-lib', '1.2.0', '^1.0.0'),
        row('pkg:npm/fx-app', '1.1.0', '^1.0.0'), // another version of the input package: listed
        row('pkg:npm/fx-util', '2.2.0', '^2.0.0'),
        row('pkg:npm/fx-git', '', 'git+https://example.invalid/fx-git.git'),
        row('pkg:npm/fx-missing', '', '^1.0.0'),
        row('pkg:npm/fx-util', '2.1.5', '~2.1.0'),
      ])
    })

    test('legacy: an exact version the KB lacks shows the nearest one', async () => {
      const r = await post(LEGACY, { files: [{ file: 'f', purls: [{ purl: 'pkg:npm/fx-lib@1.1.0' }] }] })
      const [d] = r.body.files[0].dependencies
      assert.deepEqual([d.version, d.requirement, d.info_code], ['1.2.0', '1.1.0', 'REQUIREMENT_NOT_MET'])
      assert.equal(d.licenses.length, 2)
    })

    test('legacy: files and purls in request order, with versions, licenses and outcomes', async () => {
      const r = await post(LEGACY, {
        files: [
          {
            file: 'proj/package.json',
            purls: [
              { purl: 'pkg:npm/fx-lib', requirement: '^1.0.0' },
              { purl: 'pkg:npm/fx-util@2.2.0' },
              { purl: 'pkg:npm/%40fx/scoped', requirement: '0.1.0' },
            ],
          },
          { file: 'proj/empty/package.json', purls: [] },
          {
            file: 'proj/requirements.txt',
            purls: [
              { purl: 'pkg:npm/fx-lib', requirement: '1.1.0' },
              { purl: 'pkg:npm/fx-util', requirement: '~2.1.0' },
              { purl: 'pkg:pypi/requests@2.31.0', requirement: '==2.31.0' },
              { purl: 'not-a-purl' },
            ],
          },
        ],
        depth: 1,
      })
      assert.equal(r.code, 200)
      assert.equal(r.body.status.status, 'SUCCESS')
      assert.deepEqual(
        r.body.files.map((f: { file: string; id: string; status: string }) => [f.file, f.id, f.status]),
        [
          ['proj/package.json', 'dependency', 'pending'],
          ['proj/empty/package.json', 'dependency', 'pending'],
          ['proj/requirements.txt', 'dependency', 'pending'],
        ],
      )
      const [a, empty, c] = r.body.files
      assert.deepEqual(empty.dependencies, [])
      const mit = { name: 'MIT', spdx_id: 'MIT', is_spdx_approved: true, url: 'https://spdx.org/licenses/MIT.html' }
      assert.deepEqual(a.dependencies[0], {
        component: 'fx-lib',
        purl: 'pkg:npm/fx-lib',
        version: '1.3.0', // the shared resolver (docs/requirements.md): the highest satisfying version
        licenses: [mit],
        url: 'https://www.npmjs.com/package/fx-lib',
        comment: '',
        requirement: '^1.0.0',
      })
      assert.deepEqual(
        a.dependencies[1].licenses.map((l: { spdx_id: string }) => l.spdx_id),
        ['BSD-3-Clause', 'Zlib'],
      )
      assert.equal(a.dependencies[1].requirement, '2.2.0')
      assert.equal(a.dependencies[2].purl, 'pkg:npm/%40fx/scoped')
      assert.equal(a.dependencies[2].component, '@fx/scoped')
      const [notMet, custom, pypi, invalid] = c.dependencies
      assert.deepEqual([notMet.version, notMet.info_code], ['1.2.0', 'REQUIREMENT_NOT_MET'])
      assert.match(notMet.info_message, /showing information for version '1.2.0'/)
      assert.equal(custom.version, '2.1.5')
      assert.deepEqual(custom.licenses, [
        {
          name: 'LicenseRef-Custom-see-LICENSE.txt',
          spdx_id: 'LicenseRef-Custom-see-LICENSE.txt',
          is_spdx_approved: false,
          url: '',
        },
      ])
      assert.equal(custom.info_code, undefined)
      assert.deepEqual(
        [pypi.purl, pypi.version, pypi.requirement, pypi.info_code, pypi.licenses],
        ['pkg:pypi/requests@2.31.0', '', '2.31.0', 'COMPONENT_NOT_FOUND', []], // unknown: echoed as sent
      )
      assert.deepEqual([invalid.purl, invalid.info_code, invalid.licenses], ['not-a-purl', 'INVALID_PURL', []])
    })

    test('legacy: purls are counted across files against MAX_BATCH_SIZE; no files is a 400', async () => {
      const five = ['a', 'b', 'c', 'd', 'e'].map((n) => ({ purl: `pkg:npm/${n}` }))
      const r = await post(LEGACY, {
        files: [
          { file: 'a', purls: five },
          { file: 'b', purls: five },
        ],
      })
      assert.equal(r.code, 400)
      assert.equal(r.body.error.code, 'BATCH_TOO_LARGE')
      const none = await post(LEGACY, { files: [] })
      assert.equal(none.code, 400)
      assert.equal(none.body.error.code, 'VALIDATION_FAILED')
      const noPurls = await post(LEGACY, { files: [{ file: 'x', purls: [] }] })
      assert.equal(noPurls.code, 200)
      assert.deepEqual(noPurls.body.files[0].dependencies, [])
    })
  })
}
