// GET /v2/cryptography/rulesets/{type}/{version}/download (docs/api-behaviour.md "Ruleset download") serves the
// stored release archives with the X-* and crypto-finder's scanoss-* headers; bad names are 400/404 in the one error
// shape; a corrupt archive is a 500.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify from 'fastify'
import type { Services } from '../src/domain/services.ts'
import { registerErrorHandling } from '../src/http/plugins/error-handler.ts'
import { registerGetRulesetDownload } from '../src/http/routes/cryptography/crypto-ruleset-download.ts'
import { ErrorBodySchema, StatusSchema } from '../src/http/schemas/common.ts'
import type { App } from '../src/http/types.ts'
import { RULESETS_STORE_DIR, RulesetStore } from '../src/rules/release/store.ts'
import { makeTestApp, type TestApp } from './helpers/app.ts'
import { readTarGz } from './helpers/tar-read.ts'

let t: TestApp
before(async () => {
  t = await makeTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE_PER_IP: '100000' } })
})
after(() => t.close())

const get = (url: string, key: string = t.keys.full) =>
  t.app.inject({ method: 'GET', url, headers: key ? { 'x-api-key': key } : {} })

for (const type of ['dca', 'keywords']) {
  // the release `latest` points at (data/rulesets/<type>/latest)
  const version = readFileSync(path.join(RULESETS_STORE_DIR, type, 'latest'), 'utf8').trim()
  test(`${type}: latest and the release it names are the same archive, with every header`, async () => {
    const latest = await get(`/v2/cryptography/rulesets/${type}/latest/download`)
    const pinned = await get(`/v2/cryptography/rulesets/${type}/${version}/download`)
    assert.equal(latest.statusCode, 200)
    assert.equal(pinned.statusCode, 200)
    assert.ok(latest.rawPayload.equals(pinned.rawPayload))
    const h = latest.headers
    assert.equal(h['content-type'], 'application/gzip')
    assert.equal(h['content-disposition'], `attachment; filename=compintel-crypto-${type}-${version}.tar.gz`)
    assert.equal(h['x-ruleset-name'], type)
    assert.equal(h['x-ruleset-version'], version)
    assert.equal(h['scanoss-ruleset-name'], type)
    assert.equal(h['scanoss-ruleset-version'], version)
    const sha = createHash('sha256').update(latest.rawPayload).digest('hex')
    assert.equal(h['x-checksum-sha256'], sha)
    assert.match(String(h['scanoss-ruleset-created-at']), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)

    const entries = readTarGz(latest.rawPayload)
    const top = `${type}-${version}/`
    assert.equal(entries[0]?.path, top)
    for (const e of entries) {
      assert.ok(e.path.startsWith(top), e.path)
      assert.equal(e.uid, 0)
      assert.equal(e.gid, 0)
      assert.equal(e.mode, e.type === 'directory' ? 0o755 : 0o644)
    }
    const files = entries.filter((e) => e.type === 'file').map((e) => e.path.slice(top.length))
    assert.ok(files.includes('manifest.json'))
    for (const f of files.filter((x) => x !== 'manifest.json')) assert.match(f, /^[a-z+#]+\/[a-z0-9-]+\.yaml$/)
    for (const lang of ['java', 'python', 'go', 'javascript', 'c'])
      assert.ok(files.some((f) => f.startsWith(`${lang}/`)))
    const manifest = JSON.parse(String(entries.find((e) => e.path === `${top}manifest.json`)?.content))
    assert.deepEqual(Object.keys(manifest), ['name', 'version', 'description', 'created_at', 'checksum_sha256'])
    assert.equal(manifest.name, type)
    assert.equal(manifest.version, version)
    assert.equal(manifest.created_at, h['scanoss-ruleset-created-at'])
    assert.match(manifest.checksum_sha256, /^[0-9a-f]{64}$/)
  })
}

test('unknown type or version → 404, malformed version → 400, in the error shape', async () => {
  const cases: [string, number, string][] = [
    ['/v2/cryptography/rulesets/nope/latest/download', 404, 'RULESET_NOT_FOUND'],
    ['/v2/cryptography/rulesets/dca/v9.9.9/download', 404, 'RULESET_NOT_FOUND'],
    ['/v2/cryptography/rulesets/DCA/v1.0.0/download', 404, 'RULESET_NOT_FOUND'],
    ['/v2/cryptography/rulesets/dca/1.0.0/download', 400, 'VALIDATION_FAILED'],
    ['/v2/cryptography/rulesets/dca/v1.0/download', 400, 'VALIDATION_FAILED'],
    ['/v2/cryptography/rulesets/dca/v01.0.0/download', 400, 'VALIDATION_FAILED'],
    ['/v2/cryptography/rulesets/dca/v1.0.0-rc1/download', 400, 'VALIDATION_FAILED'],
    ['/v2/cryptography/rulesets/dca/LATEST/download', 400, 'VALIDATION_FAILED'],
    ['/v2/cryptography/rulesets/nope/x/download', 400, 'VALIDATION_FAILED'],
  ]
  for (const [url, status, code] of cases) {
    const res = await get(url)
    assert.equal(res.statusCode, status, url)
    assert.equal(res.json().status.status, 'FAILED', url)
    assert.equal(res.json().error.code, code, url)
  }
})

test('no path traversal: dot segments and encoded slashes never reach the store', async () => {
  const urls = [
    '/v2/cryptography/rulesets/../v1.0.0/download',
    '/v2/cryptography/rulesets/dca/../download',
    '/v2/cryptography/rulesets/..%2F..%2Fpackage.json/latest/download',
    '/v2/cryptography/rulesets/%2e%2e/v1.0.0/download',
    '/v2/cryptography/rulesets/dca/..%2Fv1.0.0/download',
    '/v2/cryptography/rulesets/dca/v1.0.0%2F..%2F..%2Flatest/download',
    '/v2/cryptography/rulesets/dca%2Fv1.0.0/latest/download',
    '/v2/cryptography/rulesets/dca/%2e%2e%2fv1.0.0/download',
  ]
  for (const url of urls) {
    const res = await get(url)
    assert.ok([400, 404].includes(res.statusCode), `${url}: ${res.statusCode}`)
    assert.equal(res.json().status.status, 'FAILED', url)
  }
})

test('a key with the cryptography area is required', async () => {
  const url = '/v2/cryptography/rulesets/dca/latest/download'
  assert.equal((await get(url, '')).statusCode, 401)
  assert.equal((await get(url, t.keys.components)).statusCode, 403)
})

async function appWith(store: RulesetStore): Promise<App> {
  const app = Fastify({ logger: false }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App
  app.addSchema(StatusSchema)
  app.addSchema(ErrorBodySchema)
  registerErrorHandling(app)
  registerGetRulesetDownload(app, { services: { rulesets: store } as unknown as Services })
  await app.ready()
  return app
}

test('an archive that does not match its manifest checksum → 500 with the generic text; others still served', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rulesets-'))
  try {
    cpSync(RULESETS_STORE_DIR, dir, { recursive: true })
    writeFileSync(path.join(dir, 'dca', 'v1.0.0', 'dca-v1.0.0.tar.gz'), Buffer.from('tampered'))
    const app = await appWith(new RulesetStore(dir))
    for (const v of ['latest', 'v1.0.0']) {
      const res = await app.inject({ method: 'GET', url: `/v2/cryptography/rulesets/dca/${v}/download` })
      assert.equal(res.statusCode, 500)
      assert.deepEqual(res.json().status, { status: 'FAILED', message: 'Ruleset integrity verification failed' })
      assert.equal(res.json().error.code, 'RULESET_INTEGRITY_FAILED')
    }
    const ok = await app.inject({ method: 'GET', url: '/v2/cryptography/rulesets/keywords/latest/download' })
    assert.equal(ok.statusCode, 200)
    await app.close()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('archives are read once, on first use, not per request', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rulesets-'))
  try {
    cpSync(RULESETS_STORE_DIR, dir, { recursive: true })
    const store = new RulesetStore(dir)
    const first = await store.lookup('dca', 'latest')
    assert.equal(first.kind, 'found')
    rmSync(path.join(dir, 'dca'), { recursive: true })
    const again = await store.lookup('dca', 'v1.0.0')
    assert.equal(again.kind, 'found')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

// GET /v2/semgrep/rulesets/{version}/download: the semgrep rule set, same archive layout, headers and errors.
test('semgrep: latest and the release it names are the same archive, with every header and the rules inside', async () => {
  const version = readFileSync(path.join(RULESETS_STORE_DIR, 'semgrep', 'latest'), 'utf8').trim()
  const latest = await get('/v2/semgrep/rulesets/latest/download')
  const pinned = await get(`/v2/semgrep/rulesets/${version}/download`)
  assert.equal(latest.statusCode, 200)
  assert.ok(latest.rawPayload.equals(pinned.rawPayload))
  const h = latest.headers
  assert.equal(h['content-type'], 'application/gzip')
  assert.equal(h['content-disposition'], `attachment; filename=compintel-semgrep-${version}.tar.gz`)
  assert.equal(h['x-ruleset-name'], 'semgrep')
  assert.equal(h['scanoss-ruleset-version'], version)
  assert.equal(h['x-checksum-sha256'], createHash('sha256').update(latest.rawPayload).digest('hex'))
  const top = `semgrep-${version}/`
  const files = readTarGz(latest.rawPayload)
    .filter((e) => e.type === 'file')
    .map((e) => e.path.slice(top.length))
  for (const lang of ['javascript', 'python', 'java', 'go', 'c'])
    assert.ok(
      files.some((f) => f.startsWith(`${lang}/`) && f.endsWith('.yaml')),
      lang,
    )
  assert.ok(!files.some((f) => f.includes('/examples/')), 'examples are not released')
})

test('semgrep download: bad and unknown versions, the crypto path does not serve it, the semgrep scope is needed', async () => {
  const cases: [string, number][] = [
    ['/v2/semgrep/rulesets/v9.9.9/download', 404],
    ['/v2/semgrep/rulesets/1.0.0/download', 400],
    ['/v2/semgrep/rulesets/..%2Flatest/download', 400],
    ['/v2/cryptography/rulesets/semgrep/latest/download', 404],
  ]
  for (const [url, status] of cases) {
    const res = await get(url)
    assert.equal(res.statusCode, status, url)
    assert.equal(res.json().status.status, 'FAILED', url)
  }
  assert.equal((await get('/v2/semgrep/rulesets/latest/download', '')).statusCode, 401)
  assert.equal((await get('/v2/semgrep/rulesets/latest/download', t.keys.components)).statusCode, 403)
})
