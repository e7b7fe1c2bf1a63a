// Go modules learned from the module proxy a user configured (docs/golang.md "From a module proxy"), against the
// FIXTURE proxy test/helpers/go-proxy-server.ts on 127.0.0.1 (real pkg/errors 0.9.1 and BurntSushi/toml 1.2.0 files
// from Debian's packages, README in test/fixtures/go-proxy; their license files from the same packages' copyright,
// README in test/fixtures/go-proxy-licenses): an unknown module asked on demand is known with its versions and
// `.info` times and its go.mod requirements, then the asked version's zip is downloaded, checked and walked, its
// license file's license its declared one; `compintel ingest golang` reads the proxy too and `update` reads it again;
// a module GOPRIVATE keeps from proxies is not fetched from it (Debian's, none here: not found), nor is one the
// proxy does not have (404: Debian's); a zip failing its checks fails the unit and writes nothing. Without a proxy: test/on-demand-golang.test.ts, unchanged.
import assert from 'node:assert/strict'
import { after, before, beforeEach, test } from 'node:test'
import { parseUnitOptions } from '../src/domain/kb/ingest-queue.ts'
import { unitRunners } from '../src/jobs/unit-runner.ts'
import { golangSource } from '../src/sources/golang/source.ts'
import type { TestApp } from './helpers/app.ts'
import { type Answer, post } from './helpers/debian-kb.ts'
import { debianRepoApp } from './helpers/debian-repo-app.ts'
import { type GoProxyServer, startGoProxyServer } from './helpers/go-proxy-server.ts'
import { isolateRegistryClients } from './helpers/registry-client-env.ts'
import { runIngest, updateMetadata } from './helpers/source-commands.ts'

let server: GoProxyServer
// the client's document cache in a folder of the test's; this machine's go env file and GOPROXY not read
let env: ReturnType<typeof isolateRegistryClients>

before(async () => {
  env = isolateRegistryClients()
  server = await startGoProxyServer({ licenses: true })
})
after(async () => {
  await server.close()
  env.restore()
})
beforeEach(() => {
  server.reset()
  server.switches.corruptZip = false
  delete process.env.GOPRIVATE
})

// Debian's archive: the FIXTURE repository (test/fixtures/debian/repo), where a module kept from proxies is looked up
async function app(env: Record<string, string> = {}): Promise<TestApp> {
  return debianRepoApp({ env: { GOLANG_PROXY_URL: server.url, ...env }, onDemand: true })
}

const ALL = { versions: 'all', analyze: 'all', withDependencies: false }
const TOML = 'pkg:golang/github.com/BurntSushi/toml'

async function versionRows(t: TestApp, purl: string) {
  return t.storage.db
    .selectFrom('versions')
    .innerJoin('components', 'components.id', 'versions.component_id')
    .select(['versions.id', 'version', 'released_at', 'integrity', 'file_count', 'versions.source'])
    .where('components.purl', '=', purl)
    .execute()
}

async function licenses(t: TestApp, versionId: number) {
  const rows = await t.storage.db
    .selectFrom('version_licenses')
    .select(['license_id', 'kind', 'path'])
    .where('version_id', '=', versionId)
    .execute()
  return rows.map((r) => `${r.kind} ${r.license_id} ${r.path ?? ''}`.trim()).sort()
}

test('an unknown module on demand: its versions and times, its go.mod, then its zip walked and its license', async () => {
  const t = await app()
  try {
    // known: the version listed (its license comes with its zip, in the analysis)
    const [first] = await post(t, '/v2/licenses/components', [{ purl: `${TOML}@v1.2.0` }])
    assert.equal(first?.version, 'v1.2.0', JSON.stringify(first))
    const component = await t.storage.db
      .selectFrom('components')
      .select(['purl', 'source', 'latest_version', 'source_purl'])
      .where('purl_type', '=', 'golang')
      .executeTakeFirstOrThrow()
    assert.deepEqual(
      [component.purl, component.source, component.latest_version, component.source_purl],
      [TOML, 'golang-proxy', 'v1.2.0', null],
    )
    // the analysis: the zip downloaded, checked and walked (paths in the module), its license file matched
    const [crypto] = await post(t, '/v2/cryptography/algorithms/components', [{ purl: `${TOML}@v1.2.0` }])
    assert.doesNotMatch(JSON.stringify(crypto), /being fetched/)
    const [v] = await versionRows(t, TOML)
    assert.equal(v?.version, 'v1.2.0')
    assert.equal(new Date(v?.released_at ?? 0).toISOString(), '2022-08-21T05:51:00.000Z')
    assert.match(v?.integrity ?? '', /^h1:/)
    assert.equal(v?.file_count, 7)
    assert.equal(v?.source, 'golang-proxy')
    const found = await licenses(t, v?.id as number)
    assert.ok(found.includes('declared MIT COPYING'), JSON.stringify(found))
    assert.ok(found.includes('detected MIT COPYING'), JSON.stringify(found))
    const files = await t.storage.db
      .selectFrom('version_files')
      .select('path')
      .where('version_id', '=', v?.id as number)
      .execute()
    assert.ok(files.some((f) => f.path === 'doc.go') && files.some((f) => f.path === 'go.mod'), JSON.stringify(files))
    const [lic] = await post(t, '/v2/licenses/components', [{ purl: `${TOML}@v1.2.0` }])
    assert.ok(
      (lic?.licenses ?? []).some((l) => l.id === 'MIT'),
      JSON.stringify(lic),
    )
    const units = await t.storage.db.selectFrom('ingest_queue').select(['name', 'options', 'state']).execute()
    assert.deepEqual(
      units.map((u) => [u.name, parseUnitOptions(u.options).phase, u.state]),
      [
        ['github.com/BurntSushi/toml', 'known', 'done'],
        ['github.com/BurntSushi/toml', 'analysis', 'done'],
      ],
    )
    assert.ok(
      server.seen.some((s) => /^\/proxy\/github\.com\/(!|%21)burnt(!|%21)sushi\/toml\/@v\/v1\.2\.0\.zip$/.test(s.path)),
      JSON.stringify(server.seen),
    )
  } finally {
    await t.close()
  }
})

test('`compintel ingest golang` reads the proxy (go.mod requirements, license); `update` reads it again', async () => {
  const t = await app({ ON_DEMAND_CONCURRENCY: '0' })
  try {
    const { done, lines } = await runIngest(t, golangSource, ['github.com/pkg/errors'])
    assert.equal(done.summary, 'golang: 1 packages written; not found: 0; failed: 0', lines.join('\n'))
    const [v] = await versionRows(t, 'pkg:golang/github.com/pkg/errors')
    assert.deepEqual(
      [v?.version, new Date(v?.released_at ?? 0).toISOString(), v?.source],
      ['v0.9.1', '2021-08-28T13:24:21.000Z', 'golang-proxy'],
    )
    const found = await licenses(t, v?.id as number)
    assert.ok(found.includes('declared BSD-2-Clause LICENSE'), JSON.stringify(found))
    assert.ok(found.includes('detected BSD-2-Clause LICENSE'), JSON.stringify(found))
    // toml's go.mod requires nothing; its requirements are read all the same (the `.mod` asked)
    const { golang } = unitRunners(t.storage, t.config.growth)
    const r = await golang?.({ name: 'github.com/BurntSushi/toml', options: { ...ALL, phase: 'known' } })
    assert.deepEqual(r?.dependencies, [])
    assert.ok(
      server.seen.some((s) => /^\/proxy\/github\.com\/(!|%21)burnt(!|%21)sushi\/toml\/@v\/v1\.2\.0\.mod$/.test(s.path)),
      JSON.stringify(server.seen),
    )
    const report = await updateMetadata(t)
    assert.deepEqual(report.metadata, { checked: 2, changed: 0, notFound: 0, failed: 0 })
    // the license the zip gave is kept: the `.info` alone does not rewrite a known version
    assert.ok((await licenses(t, v?.id as number)).includes('declared BSD-2-Clause LICENSE'))
  } finally {
    await t.close()
  }
})

/** A licenses answer of the version Debian's package ships, with its license, the component's source Debian's. */
async function assertFromDebian(t: TestApp, answer: Answer | undefined, asked: string, license: string): Promise<void> {
  const [purl, version] = asked.split('@')
  assert.equal(answer?.version, version, JSON.stringify(answer))
  assert.ok(
    answer?.licenses?.some((l) => l.id === license),
    JSON.stringify(answer),
  )
  const c = await t.storage.db
    .selectFrom('components')
    .select('source')
    .where('purl', '=', purl as string)
    .executeTakeFirstOrThrow()
  assert.equal(c.source, 'debian-golang')
}

test('a module GOPRIVATE keeps from proxies is read from Debian, never asked of the proxy', async () => {
  process.env.GOPRIVATE = 'github.com/stretchr,github.com/pkg'
  const t = await app()
  try {
    const [testify, errors] = await post(t, '/v2/licenses/components', [
      { purl: 'pkg:golang/github.com/stretchr/testify@v1.8.1' },
      { purl: 'pkg:golang/github.com/pkg/errors@v0.9.1' },
    ])
    // Debian's package (the FIXTURE repository ships testify 1.8.1-1), as without a proxy
    await assertFromDebian(t, testify, 'pkg:golang/github.com/stretchr/testify@v1.8.1', 'MIT')
    // pkg/errors: the proxy has it, but it is private and no Debian package of the repository ships a go.mod for it
    assert.equal(errors?.info_code, 'COMPONENT_NOT_FOUND', JSON.stringify(errors))
    assert.deepEqual(
      server.seen.map((s) => s.path),
      [],
    )
  } finally {
    await t.close()
  }
})

test('a module the proxy does not have (404) is read from Debian, as without a proxy', async () => {
  const t = await app()
  try {
    const [mux, missing] = await post(t, '/v2/licenses/components', [
      { purl: 'pkg:golang/github.com/gorilla/mux@v1.8.0' },
      { purl: 'pkg:golang/github.com/gorilla/nothing@v1.0.0' },
    ])
    // the FIXTURE repository ships gorilla/mux 1.8.0-1; the FIXTURE proxy has no such module
    await assertFromDebian(t, mux, 'pkg:golang/github.com/gorilla/mux@v1.8.0', 'BSD-3-Clause')
    // asked of the proxy first (its answer 404), then of Debian; one neither has is not found
    assert.ok(
      server.seen.some((s) => /^\/proxy\/github\.com\/gorilla\/mux\/@v\/list$/.test(s.path)),
      JSON.stringify(server.seen),
    )
    assert.equal(missing?.info_code, 'COMPONENT_NOT_FOUND', JSON.stringify(missing))
  } finally {
    await t.close()
  }
})

test('a module zip failing its checks fails the unit: nothing written', async () => {
  const t = await app({ ON_DEMAND_CONCURRENCY: '0' })
  try {
    server.switches.corruptZip = true
    const { golang } = unitRunners(t.storage, t.config.growth)
    await assert.rejects(golang?.({ name: 'github.com/pkg/errors', options: ALL }) as Promise<unknown>)
    assert.deepEqual(await t.storage.db.selectFrom('components').select('purl').execute(), [])
    assert.deepEqual(await t.storage.db.selectFrom('versions').select('version').execute(), [])
  } finally {
    await t.close()
  }
})
