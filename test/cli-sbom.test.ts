// `compintel sbom from` and `compintel sbom enrich` as a user runs them (docs/sbom.md): a BOM from a FIXTURE lockfile,
// enriched directly from a KB of FIXTURE packages ingested from the fixture registry on 127.0.0.1, and through a
// server's POST /v2/sbom/enrich; bad arguments and documents exit non-zero with a message.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { promisify } from 'node:util'
import { cycloneDxErrors } from './helpers/cyclonedx-schema.ts'
import { type IngestedFixtures, ingestedFixtures } from './helpers/ingested-fixtures.ts'

const BIN = new URL('../bin/compintel.js', import.meta.url).pathname
const run = promisify(execFile)
const dir = mkdtempSync(path.join(tmpdir(), 'compintel-cli-sbom-'))
const env = {
  ...process.env,
  DATABASE_URL: `sqlite:${path.join(dir, 'kb.sqlite')}`,
  LOG_LEVEL: 'silent',
  SEED_DIR: 'none',
  MAX_EVENT_LOOP_DELAY_MS: '0',
}

async function cli(args: string[], extra: NodeJS.ProcessEnv = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env: { ...env, ...extra } })
    return { code: 0, stdout, stderr }
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

// FIXTURE lockfile: fixture-scan at the top, fixture-crypto nested under it, a dev-only package the KB lacks
const SHA512 = Buffer.alloc(64, 7).toString('base64')
const LOCK = {
  name: 'fx-app',
  version: '2.0.0',
  lockfileVersion: 3,
  packages: {
    '': {
      name: 'fx-app',
      version: '2.0.0',
      dependencies: { 'fixture-scan': '^1.0.0' },
      devDependencies: { 'fx-dev': '1' },
    },
    'node_modules/fixture-scan': {
      version: '1.0.0',
      integrity: `sha512-${SHA512}`,
      dependencies: { 'fixture-crypto': '1' },
    },
    'node_modules/fixture-scan/node_modules/fixture-crypto': { version: '1.1.0' },
    'node_modules/fx-dev': { version: '1.0.0', dev: true },
  },
}
const lockFile = path.join(dir, 'package-lock.json')
writeFileSync(lockFile, JSON.stringify(LOCK))

let f: IngestedFixtures
before(async () => {
  f = await ingestedFixtures(['fixture-scan', 'fixture-crypto'])
  await f.t.app.listen({ host: '127.0.0.1', port: 0 })
  const npm = { npm_config_registry: f.reg.url, npm_config_cache: mkdtempSync(path.join(tmpdir(), 'npm-')) }
  const ingest = await cli(
    ['ingest', 'npm', 'fixture-scan', 'fixture-crypto', '--versions', 'all', '--analyze', 'all'],
    npm,
  )
  assert.equal(ingest.code, 0, ingest.stderr)
})
after(() => f.close())

type Bom = {
  specVersion: string
  metadata: { component: { name: string; version: string } }
  components: {
    'bom-ref': string
    type: string
    scope?: string
    hashes?: { alg: string; content: string }[]
    licenses?: unknown
    properties?: { name: string }[]
  }[]
  dependencies: { ref: string; dependsOn?: string[]; provides?: string[] }[]
}

test('sbom from: a valid CycloneDX 1.6 BOM of the lockfile, dependencies resolved as npm does', async () => {
  const res = await cli(['sbom', 'from', lockFile])
  assert.equal(res.code, 0, res.stderr)
  const bom = JSON.parse(res.stdout) as Bom
  assert.deepEqual(cycloneDxErrors(bom), [])
  assert.deepEqual([bom.metadata.component.name, bom.metadata.component.version], ['fx-app', '2.0.0'])
  assert.deepEqual(
    bom.components.map((c) => [c['bom-ref'], c.scope]),
    [
      ['node_modules/fixture-scan', 'required'],
      ['node_modules/fixture-scan/node_modules/fixture-crypto', 'required'],
      ['node_modules/fx-dev', 'optional'],
    ],
  )
  assert.deepEqual(bom.components[0]?.hashes, [{ alg: 'SHA-512', content: '07'.repeat(64) }])
  assert.deepEqual(bom.dependencies.slice(0, 2), [
    { ref: 'root', dependsOn: ['node_modules/fixture-scan', 'node_modules/fx-dev'] },
    { ref: 'node_modules/fixture-scan', dependsOn: ['node_modules/fixture-scan/node_modules/fixture-crypto'] },
  ])
  assert.match(res.stderr, /3 components/)
})

test('sbom enrich: directly on the KB, to a file, 1.6 and 1.7; the same document through a server with --url', async () => {
  const bomFile = path.join(dir, 'bom.json')
  assert.equal((await cli(['sbom', 'from', lockFile, '--out', bomFile])).code, 0)
  const out = path.join(dir, 'enriched.json')
  const direct = await cli(['sbom', 'enrich', bomFile, '--out', out, '--format', 'cyclonedx-1.7'])
  assert.equal(direct.code, 0, direct.stderr)
  assert.match(direct.stderr, /3 components, 1 not fully enriched/)
  const bom = JSON.parse(readFileSync(out, 'utf8')) as Bom
  assert.equal(bom.specVersion, '1.7')
  assert.deepEqual(cycloneDxErrors(bom), [])
  const crypto = bom.dependencies.find((d) => d.ref.endsWith('fixture-crypto') && d.provides)
  assert.ok(crypto?.provides?.includes('crypto/algorithm/aes/gcm'), JSON.stringify(bom.dependencies))
  const dev = bom.components.find((c) => c['bom-ref'] === 'node_modules/fx-dev')
  assert.ok(dev?.properties?.some((p) => p.name === 'compintel:not-enriched:licenses'))

  const url = `http://127.0.0.1:${(f.t.app.server.address() as AddressInfo).port}`
  const served = await cli(['sbom', 'enrich', bomFile, '--url', url], { COMPINTEL_API_KEY: f.t.keys.full })
  assert.equal(served.code, 0, served.stderr)
  const fromServer = JSON.parse(served.stdout) as Bom
  assert.equal(fromServer.specVersion, '1.6')
  assert.deepEqual(fromServer.components.slice(0, 3), bom.components.slice(0, 3), 'the same library components')
  const spdx = await cli(['sbom', 'enrich', bomFile, '--format', 'spdx-2.3'])
  assert.equal(spdx.code, 0, spdx.stderr)
  assert.equal(JSON.parse(spdx.stdout).spdxVersion, 'SPDX-2.3')
  const noKey = await cli(['sbom', 'enrich', bomFile, '--url', url])
  assert.equal(noKey.code, 1)
  assert.match(noKey.stderr, /HTTP 401/)
})

test('sbom: bad arguments exit 2 with the usage, unreadable documents 1 naming why', async () => {
  assert.equal((await cli(['sbom'])).code, 2)
  assert.equal((await cli(['sbom', 'enrich', lockFile, '--format', 'spdx-2.2'])).code, 2)
  assert.equal((await cli(['sbom', 'enrich'])).code, 2)
  const purls = path.join(dir, 'purls.txt')
  writeFileSync(purls, 'pkg:npm/fixture-scan@1.0.0\nnot a purl\n')
  const bad = await cli(['sbom', 'enrich', purls])
  assert.equal(bad.code, 1)
  assert.match(bad.stderr, /line 2: "not a purl" \(not a valid purl\)/)
  // a VEX envelope (docs/sbom.md "VEX") is read as the endpoint reads it: a malformed VEX document named
  const envelope = path.join(dir, 'envelope.json')
  writeFileSync(envelope, JSON.stringify({ sbom: ['pkg:npm/fixture-scan@1.0.0'], vex: [{ statements: [] }] }))
  const badVex = await cli(['sbom', 'enrich', envelope])
  assert.equal(badVex.code, 1)
  assert.match(badVex.stderr, /vex\[0\]: not an OpenVEX document/)
  writeFileSync(purls, 'pkg:npm/fixture-scan@1.0.0\n')
  const notLock = await cli(['sbom', 'from', purls])
  assert.equal(notLock.code, 1)
  assert.match(notLock.stderr, /not a package-lock\.json/)
})

const LOCKFILES = new URL('./fixtures/lockfiles/', import.meta.url).pathname

test('sbom from and enrich: the FIXTURE Cargo.lock, uv.lock and requirements files of real projects', async () => {
  const res = await cli(['sbom', 'from', path.join(LOCKFILES, 'ripgrep/Cargo.lock')])
  assert.equal(res.code, 0, res.stderr)
  const bom = JSON.parse(res.stdout) as Bom
  assert.deepEqual(cycloneDxErrors(bom), [])
  assert.equal(bom.metadata.component.name, 'ripgrep')
  assert.equal(bom.components.length, 52)
  assert.ok(bom.components.some((c) => c['bom-ref'] === 'pkg:cargo/regex@1.13.1' && c.scope === 'required'))
  assert.match(res.stderr, /52 components/)
  // enriched as the BOM `sbom from` makes: this KB holds no crate or PyPI package, so none is enriched
  const uv = await cli(['sbom', 'enrich', path.join(LOCKFILES, 'typer/uv.lock')])
  assert.equal(uv.code, 0, uv.stderr)
  assert.match(uv.stderr, /11 components, 11 not fully enriched/)
  assert.deepEqual(cycloneDxErrors(JSON.parse(uv.stdout)), [])
  const reqs = await cli(['sbom', 'from', path.join(LOCKFILES, 'flask/requirements/dev.in')])
  assert.equal(reqs.code, 0, reqs.stderr)
  assert.match(reqs.stderr, /43 components/) // docs.txt, tests.txt and typing.txt read through its -r lines
  const broken = path.join(dir, 'Cargo.lock')
  writeFileSync(broken, 'version = 9\n')
  const refused = await cli(['sbom', 'from', broken])
  assert.equal(refused.code, 1)
  assert.match(refused.stderr, /Cargo.lock: format version 9: 1 to 4 are read/)
})
