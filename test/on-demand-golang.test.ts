// Go modules learned on demand from Debian's golang-*-dev packages (docs/golang.md "On demand"), from the FIXTURE
// repository test/fixtures/debian/repo (README there: golang-github-stretchr-testify-dev 1.8.1-1,
// golang-github-gorilla-mux-dev 1.8.0-1, golang-github-pmezard-go-difflib-dev 1.0.0-3) that the server's worker reads
// through apt as a local file: repository: an unknown module answered within the wait with its license, its go.mod
// requirements stored and walked by minimal version selection, its files analyzed; a module whose package ships no
// go.mod (go-difflib, packaged before modules) found by its source package's Go-Import-Path (the Sources index); a
// module path is case-sensitive; a package's subfolder and a path that is no module path are no module.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { analysesOf, manifestDependencies, post } from './helpers/debian-kb.ts'
import { debianRepoApp, queueUnits as queuedUnits } from './helpers/debian-repo-app.ts'

const app = (env: Record<string, string> = {}) => debianRepoApp({ env, onDemand: true })

describe('Go modules on demand', () => {
  test('an unknown module is learned from its Debian package: version, license, requirements, analysis', async () => {
    const t = await app()
    try {
      const [testify, mux] = await post(t, '/v2/licenses/components', [
        { purl: 'pkg:golang/github.com/stretchr/testify@v1.8.1' },
        { purl: 'pkg:golang/github.com/gorilla/mux@v1.8.0' },
      ])
      assert.equal(testify?.info_code, undefined, JSON.stringify(testify))
      assert.equal(testify?.version, 'v1.8.1')
      assert.ok(
        testify?.licenses?.some((l) => l.id === 'MIT'),
        JSON.stringify(testify),
      )
      assert.equal(mux?.version, 'v1.8.0')
      assert.ok(
        mux?.licenses?.some((l) => l.id === 'BSD-3-Clause'),
        JSON.stringify(mux),
      )
      // the versions and where they came from: Debian's package, at the upstream Go version
      const row = await t.storage.db
        .selectFrom('versions')
        .innerJoin('components', 'components.id', 'versions.component_id')
        .select(['versions.version', 'versions.status_raw', 'components.source_purl'])
        .where('components.purl', '=', 'pkg:golang/github.com/stretchr/testify')
        .executeTakeFirstOrThrow()
      assert.equal(row.version, 'v1.8.1')
      assert.match(row.status_raw ?? '', /^debian:golang-github-stretchr-testify-dev@1\.8\.1-1 /)
      // its go.mod's requirements, stored; the walk lists them at the versions MVS selects (none known: missing)
      const deps = await t.app.inject({
        method: 'POST',
        url: '/v2/dependencies/transitive/components',
        headers: { 'x-api-key': t.keys.full },
        payload: { components: [{ purl: 'pkg:golang/github.com/stretchr/testify@v1.8.1' }] },
      })
      assert.equal(deps.statusCode, 200, deps.body)
      assert.match(deps.body, /gopkg\.in\/yaml\.v3/)
      assert.match(deps.body, /v3\.0\.1/)
      // the analysis: the module's files walked
      const [crypto] = await post(t, '/v2/cryptography/algorithms/components', [
        { purl: 'pkg:golang/github.com/gorilla/mux@v1.8.0' },
      ])
      assert.doesNotMatch(JSON.stringify(crypto), /being fetched/)
      const analyzed = await analysesOf(t, 'pkg:golang/github.com/gorilla/mux')
      assert.ok(analyzed.length >= 3, JSON.stringify(analyzed))
    } finally {
      await t.close()
    }
  })

  test('a package without go.mod is found by its source package Go-Import-Path (Sources)', async () => {
    const t = await app()
    try {
      const [difflib] = await post(t, '/v2/licenses/components', [
        { purl: 'pkg:golang/github.com/pmezard/go-difflib@v1.0.0' },
      ])
      assert.equal(difflib?.info_code, undefined, JSON.stringify(difflib))
      assert.equal(difflib?.version, 'v1.0.0')
      // no license file at the module's top: the package's debian/copyright
      assert.ok(
        difflib?.licenses?.some((l) => l.id === 'BSD-3-Clause'),
        JSON.stringify(difflib),
      )
      const row = await t.storage.db
        .selectFrom('versions')
        .innerJoin('components', 'components.id', 'versions.component_id')
        .select(['versions.version', 'versions.status_raw', 'versions.file_count', 'components.source_purl'])
        .where('components.purl', '=', 'pkg:golang/github.com/pmezard/go-difflib')
        .executeTakeFirstOrThrow()
      assert.match(row.status_raw ?? '', /^debian:golang-github-pmezard-go-difflib-dev@1\.0\.0-3 /)
      assert.equal(row.file_count, 2) // difflib/difflib.go and its test, as the Contents index lists them
      assert.match(row.source_purl ?? '', /^pkg:deb\/debian\/golang-github-pmezard-go-difflib-dev@1\.0\.0-3/)
    } finally {
      await t.close()
    }
  })

  test('a module path no package ships, and what is no module path', async () => {
    const t = await app()
    try {
      const answers = await post(t, '/v2/licenses/components', [
        { purl: 'pkg:golang/github.com/Gorilla/mux@v1.8.0' },
        { purl: 'pkg:golang/github.com/pmezard/go-difflib/difflib@v1.0.0' },
        { purl: 'pkg:golang/zlib1g@v1.0.0' },
      ])
      for (const a of answers) assert.equal(a.info_code, 'COMPONENT_NOT_FOUND', JSON.stringify(a))
      const queued = await queuedUnits(t)
      assert.deepEqual(
        queued.filter((u) => u[2] === 'known'),
        [
          ['golang', 'github.com/Gorilla/mux', 'known', 'failed', 'not found'],
          ['golang', 'github.com/pmezard/go-difflib/difflib', 'known', 'failed', 'not found'],
        ],
      )
    } finally {
      await t.close()
    }
  })
  test('scanoss-py scan --dependencies on a go.mod: each requirement with its license', async () => {
    const t = await app()
    try {
      const deps = await manifestDependencies(t, 'go.mod', [
        { purl: 'pkg:golang/github.com/stretchr/testify@v1.8.1' },
        { purl: 'pkg:golang/github.com/gorilla/mux', requirement: 'v1.8.0' },
      ])
      assert.deepEqual(
        deps.map((d) => [d.purl, d.version, d.licenses.map((l) => l.spdx_id)]),
        [
          ['pkg:golang/github.com/stretchr/testify', 'v1.8.1', ['MIT']],
          ['pkg:golang/github.com/gorilla/mux', 'v1.8.0', ['BSD-3-Clause']],
        ],
        JSON.stringify(deps),
      )
    } finally {
      await t.close()
    }
  })
})
