// Crates learned from a Cargo registry the user configured (docs/cargo.md "From a registry"), against the FIXTURE
// sparse index test/helpers/cargo-sparse-server.ts on 127.0.0.1 (real cfg-if 1.0.0 contents, README in
// test/fixtures/cargo-index): an unknown crate asked on demand is answered from the index and its .crate (versions,
// the declared license, dependencies, the .crate's digest), then the asked version walked (its license files found);
// `compintel ingest cargo` reads the registry too, and a version yanked later is deprecated once `compintel update`
// reads the index again; a .crate whose bytes are not the index's cksum fails the unit and nothing is written.
// Without a registry: test/on-demand-cargo.test.ts and test/ingest-cargo.test.ts, unchanged.
import assert from 'node:assert/strict'
import { after, before, beforeEach, test } from 'node:test'
import { parseUnitOptions } from '../src/domain/kb/ingest-queue.ts'
import { unitRunners } from '../src/jobs/unit-runner.ts'
import { cargoSource } from '../src/sources/cargo/source.ts'
import { makeTestApp, type TestApp } from './helpers/app.ts'
import { type CargoSparseServer, startCargoSparseServer } from './helpers/cargo-sparse-server.ts'
import { post } from './helpers/debian-kb.ts'
import { sha256 } from './helpers/index-fixtures.ts'
import { isolateRegistryClients } from './helpers/registry-client-env.ts'
import { runIngest, updateMetadata } from './helpers/source-commands.ts'

let server: CargoSparseServer
// the client's document cache in a folder of the test's; this machine's Cargo configuration not read
let env: ReturnType<typeof isolateRegistryClients>

before(async () => {
  env = isolateRegistryClients()
  server = await startCargoSparseServer()
})
after(async () => {
  await server.close()
  env.restore()
})
beforeEach(() => {
  server.reset()
  server.switches.yanked.clear()
  server.switches.corrupt = false
})

async function app(env: Record<string, string> = {}): Promise<TestApp> {
  return makeTestApp({
    env: { ON_DEMAND_WAIT_MS: '30000', CARGO_INDEX_URL: server.indexUrl, ...env },
    // no npm package is asked: a registry that answers nothing
    onDemandRegistry: { registry: 'http://127.0.0.1:9/' },
  })
}

const ALL = { versions: 'all', analyze: 'all', withDependencies: false }
const crateDigest = () =>
  `sha256-${Buffer.from(sha256(server.crates.get('cfg-if')?.crate ?? ''), 'hex').toString('base64')}`

async function versionRows(t: TestApp) {
  return t.storage.db
    .selectFrom('versions')
    .innerJoin('components', 'components.id', 'versions.component_id')
    .select(['versions.id', 'version', 'integrity', 'versions.status', 'versions.status_raw', 'versions.source'])
    .where('components.purl', '=', 'pkg:cargo/cfg-if')
    .execute()
}

test('an unknown crate on demand: known from the index and its Cargo.toml, then the asked version walked', async () => {
  const t = await app()
  try {
    const [lic] = await post(t, '/v2/licenses/components', [{ purl: 'pkg:cargo/CFG_if@1.0.0' }])
    assert.equal(lic?.info_code, undefined, JSON.stringify(lic))
    assert.equal(lic?.version, '1.0.0')
    const ids = (lic?.licenses ?? []).map((l) => l.id)
    assert.ok(ids.includes('MIT') && ids.includes('Apache-2.0'), JSON.stringify(lic))
    const component = await t.storage.db
      .selectFrom('components')
      .select(['purl', 'purl_name', 'source', 'latest_version', 'repository_url', 'description'])
      .where('purl_type', '=', 'cargo')
      .executeTakeFirstOrThrow()
    assert.deepEqual(
      [component.purl, component.purl_name, component.source, component.latest_version, component.repository_url],
      ['pkg:cargo/cfg-if', 'cfg-if', 'cargo-registry', '1.0.0', 'https://github.com/alexcrichton/cfg-if'],
    )
    assert.match(component.description ?? '', /^A macro to ergonomically define an item/)
    const [v] = await versionRows(t)
    assert.deepEqual(
      [v?.version, v?.integrity, v?.status, v?.status_raw, v?.source],
      ['1.0.0', crateDigest(), 'active', null, 'cargo-registry'],
    )
    // the index line's deps, read as the Cargo.toml's: the renamed optional `core` is the crate it names
    const deps = await t.storage.db
      .selectFrom('version_dependencies')
      .select(['scope', 'name', 'requirement'])
      .where('version_id', '=', v?.id as number)
      .execute()
    assert.deepEqual(
      deps.map((d) => [d.scope, d.name, d.requirement]),
      [['optional', 'rustc-std-workspace-core', '^1.0.0']],
    )
    // the analysis: the .crate downloaded (checked against its cksum) and walked, paths in the crate's folder
    const [crypto] = await post(t, '/v2/cryptography/algorithms/components', [{ purl: 'pkg:cargo/cfg-if@1.0.0' }])
    assert.doesNotMatch(JSON.stringify(crypto), /being fetched/)
    const files = await t.storage.db
      .selectFrom('version_files')
      .select('path')
      .where('version_id', '=', v?.id as number)
      .execute()
    const paths = files.map((f) => f.path)
    assert.ok(paths.includes('src/lib.rs') && paths.includes('Cargo.toml'), paths.join(' '))
    const found = await t.storage.db
      .selectFrom('version_licenses')
      .select(['license_id', 'path'])
      .where('version_id', '=', v?.id as number)
      .where('kind', '=', 'detected')
      .execute()
    assert.ok(
      found.some((l) => l.path === 'LICENSE-MIT' && l.license_id === 'MIT'),
      JSON.stringify(found),
    )
    const units = await t.storage.db.selectFrom('ingest_queue').select(['name', 'options', 'state']).execute()
    assert.deepEqual(
      units.map((u) => [u.name, parseUnitOptions(u.options).phase, parseUnitOptions(u.options).asked, u.state]),
      [
        ['cfg-if', 'known', ['1.0.0'], 'done'],
        ['cfg-if', 'analysis', ['1.0.0'], 'done'],
      ],
    )
    assert.ok(server.seen.some((s) => s.path === '/api/v1/crates/cfg-if/1.0.0/download'))
  } finally {
    await t.close()
  }
})

test('`compintel ingest cargo` from the registry; `update` reads the index again and records a later yank as deprecated', async () => {
  const t = await app({ ON_DEMAND_CONCURRENCY: '0' })
  try {
    // `compintel ingest cargo cfg_if --metadata-only`: the known phase, from the registry
    const { done, lines } = await runIngest(t, cargoSource, ['cfg_if'], { 'metadata-only': true })
    assert.deepEqual(
      [done.summary, lines],
      ['cargo: 1 packages written; not found: 0; failed: 0', ['cargo: cfg_if written']],
    )
    assert.deepEqual(
      (await versionRows(t)).map((v) => [v.version, v.status, v.status_raw]),
      [['1.0.0', 'active', null]],
    )
    server.switches.yanked.add('1.0.0')
    const report = await updateMetadata(t)
    assert.deepEqual(report.metadata, { checked: 1, changed: 1, notFound: 0, failed: 0 })
    const [v] = await versionRows(t)
    assert.deepEqual([v?.status, v?.status_raw], ['deprecated', 'yanked'])
    // its license is kept: the yanked version's Cargo.toml was read again
    const [lic] = await post(t, '/v2/licenses/components', [{ purl: 'pkg:cargo/cfg-if@1.0.0' }])
    assert.ok(
      (lic?.licenses ?? []).some((l) => l.id === 'MIT'),
      JSON.stringify(lic),
    )
  } finally {
    await t.close()
  }
})

test('a .crate that is not the index cksum fails the unit: nothing written', async () => {
  const t = await app({ ON_DEMAND_CONCURRENCY: '0' })
  try {
    server.switches.corrupt = true
    const { cargo } = unitRunners(t.storage, t.config.growth)
    await assert.rejects(cargo?.({ name: 'cfg-if', options: ALL }) as Promise<unknown>, /sha256/)
    assert.deepEqual(await t.storage.db.selectFrom('components').select('purl').execute(), [])
    assert.deepEqual(await t.storage.db.selectFrom('versions').select('version').execute(), [])
  } finally {
    await t.close()
  }
})
