import assert from 'node:assert/strict'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, beforeEach, describe, test } from 'node:test'
import { type CargoSparseServer, startCargoSparseServer } from '../../../../test/helpers/cargo-sparse-server.ts'
import { defaultIndexLimits, type IndexLimits } from '../../../config/registries.ts'
import { UpstreamRefused } from '../../../ingest/failure.ts'
import { PackageNotFound } from '../../npm/registry.ts'
import { cargoRegistryFromConfig } from './cargo-config.ts'
import { CargoSparseClient } from './sparse-client.ts'

const kind = (k: string) => (err: unknown) => err instanceof UpstreamRefused && err.kind === k
let server: CargoSparseServer

function client(limits: Partial<IndexLimits> = {}, env: Record<string, string> = {}) {
  const registry = cargoRegistryFromConfig({ CARGO_HOME: '/nowhere', ...env }, () => undefined, server.indexUrl)
  assert.ok(registry)
  const cacheDir = mkdtempSync(path.join(tmpdir(), 'ci-cargo-'))
  return new CargoSparseClient(registry, { ...defaultIndexLimits(), cacheDir, ...limits })
}

before(async () => {
  server = await startCargoSparseServer()
})
after(() => server.close())
beforeEach(() => {
  server.reset()
  server.switches.requireToken = undefined
  server.switches.yanked.clear()
  server.switches.corrupt = false
  server.switches.dl = undefined
})

describe('the sparse index', () => {
  test("config.json, then the crate's file at its prefix path; a line maps to its version, deps and features", async () => {
    const c = client()
    const [v, ...more] = await c.versions('cfg-if')
    assert.equal(more.length, 0)
    assert.equal(v?.version, '1.0.0')
    assert.equal(v?.yanked, false)
    assert.match(v?.cksum ?? '', /^[0-9a-f]{64}$/)
    assert.deepEqual(v?.dependencies, [
      {
        name: 'core',
        crate: 'rustc-std-workspace-core',
        req: '^1.0.0',
        features: [],
        optional: true,
        defaultFeatures: true,
        target: null,
        kind: 'normal',
        registry: null,
      },
    ])
    assert.deepEqual(
      server.seen.map((s) => s.path),
      ['/index/config.json', '/index/cf/g-/cfg-if'],
    )
  })

  test("Cargo's lookup: upper case and `_` for `-` find the crate; an unknown crate is PackageNotFound", async () => {
    const c = client()
    assert.equal((await c.versions('CFG_IF'))[0]?.name, 'cfg-if')
    await assert.rejects(c.versions('no-such-crate'), PackageNotFound)
    await assert.rejects(c.versions('../etc'), kind('protocol'))
  })

  test('an index file read before is revalidated: If-None-Match, a 304, the cached lines', async () => {
    const c = client()
    const first = await c.versions('cfg-if')
    server.switches.yanked.add('1.0.0') // the server's ETag changes with its body
    const changed = await c.versions('cfg-if')
    assert.equal(changed[0]?.yanked, true)
    const again = await c.versions('cfg-if')
    assert.deepEqual(again, changed)
    assert.notDeepEqual(first, changed)
    const asks = server.seen.filter((s) => s.path === '/index/cf/g-/cfg-if')
    assert.equal(asks.length, 3)
    assert.ok(asks[1]?.ifNoneMatch && asks[2]?.ifNoneMatch)
  })

  test('a file that names another crate is refused', async () => {
    server.route('/index/cf/g-/cfg-if', (_req, res) =>
      res.end(`${JSON.stringify({ name: 'libc', vers: '1.0.0', deps: [], cksum: 'a'.repeat(64), features: {} })}\n`),
    )
    await assert.rejects(client().versions('cfg-if'), kind('identity'))
  })
})

describe('.crate downloads', () => {
  test('the default dl path; the Cargo.toml inside gives license, description and repository', async () => {
    const c = client()
    const [v] = await c.versions('cfg-if')
    assert.ok(v)
    const m = await c.manifest(v)
    assert.equal(m.license?.expression, '(MIT OR Apache-2.0)')
    assert.equal(m.repositoryUrl, 'https://github.com/alexcrichton/cfg-if')
    assert.match(m.description ?? '', /^A macro to ergonomically define an item/)
    assert.ok(server.seen.some((s) => s.path === '/api/v1/crates/cfg-if/1.0.0/download'))
  })

  test("dl's markers", async () => {
    server.switches.dl = `${server.origin}/dl/{prefix}/{crate}-{version}.crate`
    const c = client()
    const [v] = await c.versions('cfg-if')
    assert.ok(v)
    assert.equal((await c.manifest(v)).name, 'cfg-if')
    assert.ok(server.seen.some((s) => s.path === '/dl/cf/g-/cfg-if-1.0.0.crate'))
  })

  test('a .crate that does not match its cksum is refused', async () => {
    const c = client()
    const [v] = await c.versions('cfg-if')
    assert.ok(v)
    server.switches.corrupt = true
    await assert.rejects(c.manifest(v), kind('integrity'))
  })

  test('a .crate over the artifact limit is refused', async () => {
    const c = client({ maxArtifactBytes: 100 })
    const [v] = await c.versions('cfg-if')
    assert.ok(v)
    await assert.rejects(c.manifest(v), kind('size'))
  })
})

describe('a hostile or locked registry', () => {
  test('an index file over the document limit is refused', async () => {
    await assert.rejects(client({ maxDocumentBytes: 100 }).versions('cfg-if'), kind('size'))
  })

  test('a redirect to another origin is refused and never followed', async () => {
    server.route('/index/cf/g-/cfg-if', (_req, res) => res.writeHead(301, { location: 'http://127.0.0.1:9/x' }).end())
    await assert.rejects(client().versions('cfg-if'), kind('address'))
  })

  test('a dl on an origin the operator did not allow is refused', async () => {
    server.switches.dl = 'http://127.0.0.1:9/{crate}'
    const c = client()
    const [v] = await c.versions('cfg-if')
    assert.ok(v)
    await assert.rejects(c.manifest(v), kind('address'))
  })

  test('auth-required: the token goes as Cargo sends it, after the 401 on config.json, to every request', async () => {
    server.switches.requireToken = 'cio-FIXTURE-token'
    await assert.rejects(client().versions('cfg-if'), kind('protocol'))
    const c = client({}, { CARGO_REGISTRY_TOKEN: 'cio-FIXTURE-token' })
    const [v] = await c.versions('cfg-if')
    assert.ok(v)
    await c.manifest(v)
    const seen = server.seen.slice(1) // after the refused client's config.json
    assert.equal(seen[0]?.authorization, undefined)
    assert.ok(seen.slice(1).every((s) => s.authorization === 'cio-FIXTURE-token'))
  })
})
