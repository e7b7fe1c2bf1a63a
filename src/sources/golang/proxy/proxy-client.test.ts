// The client against FIXTURE proxies on 127.0.0.1 (test/helpers/go-proxy-server.ts: real module files from Debian's
// golang-*-dev packages): the protocol's documents, case-encoding, the GOPROXY walk across two proxies, off, direct,
// GOPRIVATE, the bounds, hostile zips, go.sum hashes, credentials.
import assert from 'node:assert/strict'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import type http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, beforeEach, test } from 'node:test'
import { inspect } from 'node:util'
import { type GoProxyServer, startGoProxyServer } from '../../../../test/helpers/go-proxy-server.ts'
import { zipBytes } from '../../../../test/helpers/zip.ts'
import { defaultIndexLimits, type GoProxyLimits } from '../../../config/registries.ts'
import { walkArchiveHere } from '../../../ingest/archive-walk.ts'
import { UpstreamRefused } from '../../../ingest/failure.ts'
import { PackageNotFound } from '../../npm/registry.ts'
import { goProxyFromEnv } from './goproxy-config.ts'
import { GoProxyClient } from './proxy-client.ts'
import { ModuleNotProxied } from './try-proxies.ts'

const ERRORS = 'github.com/pkg/errors'
const TOML = 'github.com/BurntSushi/toml'
const work = mkdtempSync(path.join(tmpdir(), 'ci-goproxy-'))
let a: GoProxyServer
let b: GoProxyServer

function client(goproxy: string, env: Record<string, string> = {}, limits: Partial<GoProxyLimits> = {}) {
  const config = goProxyFromEnv({ GOPROXY: goproxy, ...env }, () => undefined)
  assert.ok(config)
  const cacheDir = mkdtempSync(path.join(work, 'cache-'))
  return new GoProxyClient(config, { ...defaultIndexLimits(), maxModBytes: 1024 * 1024, cacheDir, ...limits })
}
const refused = (kind: string, re: RegExp) => (err: unknown) =>
  err instanceof UpstreamRefused && err.kind === kind && re.test(err.message)
const emptyDir = () => mkdtempSync(path.join(work, 'zip-'))

before(async () => {
  a = await startGoProxyServer()
  b = await startGoProxyServer()
})
after(async () => {
  await Promise.all([a.close(), b.close()])
  rmSync(work, { recursive: true, force: true })
})
beforeEach(() => {
  for (const s of [a, b]) {
    s.reset()
    s.switches.only = undefined
    s.switches.status = undefined
    s.switches.requireAuth = undefined
  }
})

test('list, info, mod and zip of a module; the zip walks as a wheel does', async () => {
  const c = client(a.url)
  assert.deepEqual(await c.versions(ERRORS), ['v0.9.1'])
  const info = await c.info(ERRORS, 'v0.9.1')
  assert.deepEqual(
    { version: info.version, time: info.time, proxy: info.proxy },
    { version: 'v0.9.1', time: '2021-08-28T13:24:21Z', proxy: a.url },
  )
  assert.deepEqual(
    (await c.versionInfos(ERRORS)).map((i) => i.version),
    ['v0.9.1'],
  )
  assert.equal((await c.latest(ERRORS)).version, 'v0.9.1')
  const mod = await c.mod(ERRORS, 'v0.9.1', { expected: ['h1:bwawxfHBFNV+L2hUp1rHADufV3IMtnDRdf1r5NINEl0='] })
  assert.deepEqual(
    { text: mod.text, h1: mod.h1, verified: mod.verified, sumDb: mod.sumDb },
    {
      text: `module ${ERRORS}\n`,
      h1: 'h1:bwawxfHBFNV+L2hUp1rHADufV3IMtnDRdf1r5NINEl0=',
      verified: true,
      sumDb: 'unreachable',
    },
  )
  const dir = emptyDir()
  const zip = await c.zip(ERRORS, 'v0.9.1', { dir, expected: ['h1:Dl3m5wJthC4rg9o2zrqudX0YqP9EJGhtmEXhGzM+x/A='] })
  assert.equal(zip.h1, 'h1:Dl3m5wJthC4rg9o2zrqudX0YqP9EJGhtmEXhGzM+x/A=') // the real go command's (fixture README)
  assert.equal(zip.verified, true)
  assert.equal(zip.fileCount, 3)
  const walked = await walkArchiveHere({ file: zip.file, format: 'zip', stripComponents: zip.stripComponents }, [])
  assert.deepEqual(
    walked.files.map((f) => f.path),
    ['errors.go', 'go113.go', 'stack.go'],
  )
  zip.remove()
  assert.deepEqual(readdirSync(dir), [])
  assert.deepEqual(
    a.seen.map((s) => s.path),
    ['list', 'v0.9.1.info', 'list', 'v0.9.1.info', 'latest', 'v0.9.1.mod', 'v0.9.1.zip'].map((t) =>
      t === 'latest'
        ? `/proxy/${ERRORS}/@latest`
        : t === 'list'
          ? `/proxy/${ERRORS}/@v/list`
          : `/proxy/${ERRORS}/@v/${t}`,
    ),
  )
  await assert.rejects(c.versions('github.com/pkg/nothere'), PackageNotFound)
})

test('module paths and versions are case-encoded in the URLs, as the go command sends them', async () => {
  const c = client(a.url)
  assert.deepEqual(await c.versions(TOML), ['v1.2.0'])
  const mod = await c.mod(TOML, 'v1.2.0')
  assert.equal(mod.h1, 'h1:CxXYINrC8qIiEnFrOxCa7Jy5BFHlXnUU2pbicEuybxQ=')
  assert.equal(mod.verified, false, 'no go.sum hash given')
  const zip = await c.zip(TOML, 'v1.2.0', { dir: emptyDir() })
  assert.equal(zip.h1, 'h1:AJdeL99v2SVRqMrZmazdfIRuzXgXa9cpwINx+T0ZzVE=')
  zip.remove()
  assert.deepEqual(
    a.seen.map((s) => s.path),
    ['@v/list', '@v/v1.2.0.mod', '@v/v1.2.0.zip'].map((t) => `/proxy/github.com/%21burnt%21sushi/toml/${t}`),
  )
  await assert.rejects(c.mod(TOML, 'v1.2'), refused('protocol', /not a canonical Go module version/))
  await assert.rejects(c.versions('github.com/x/../y'), refused('protocol', /not a Go module path/))
})

test('`,` hands over to the next proxy on 404 only, `|` on any error', async () => {
  a.switches.only = new Set()
  assert.deepEqual(await client(`${a.url},${b.url}`).versions(ERRORS), ['v0.9.1'])
  assert.equal(b.seen.length, 1)
  a.switches.only = undefined
  a.switches.status = 503
  b.reset()
  await assert.rejects(
    client(`${a.url},${b.url}`).versions(ERRORS),
    (err: Error & { statusCode?: number }) => err.statusCode === 503,
  )
  assert.equal(b.seen.length, 0, 'a 503 stops a `,` list')
  const info = await client(`${a.url}|${b.url}`).info(ERRORS, 'v0.9.1')
  assert.equal(info.proxy, b.url)
  const zip = await client(`${a.url}|${b.url}`).zip(ERRORS, 'v0.9.1', { dir: emptyDir() })
  assert.equal(zip.h1, 'h1:Dl3m5wJthC4rg9o2zrqudX0YqP9EJGhtmEXhGzM+x/A=')
  zip.remove()
})

test('off, direct and GOPRIVATE: nothing is asked, a permanent refusal names why', async () => {
  await assert.rejects(
    client('off').versions(ERRORS),
    (e) => e instanceof ModuleNotProxied && /GOPROXY=off/.test(e.message),
  )
  a.switches.only = new Set()
  await assert.rejects(
    client(`${a.url},direct`).mod(ERRORS, 'v0.9.1'),
    (e) => e instanceof ModuleNotProxied && /\(direct\)/.test(e.message),
  )
  a.reset()
  a.switches.only = undefined
  const priv = client(a.url, { GOPRIVATE: 'github.com/pkg' })
  await assert.rejects(
    priv.zip(ERRORS, 'v0.9.1'),
    (e) => e instanceof ModuleNotProxied && /GONOPROXY\/GOPRIVATE/.test(e.message),
  )
  assert.deepEqual(a.seen, [])
  assert.equal(priv.sumDb(ERRORS), 'private')
  assert.equal(client(a.url, { GONOSUMDB: '*.example', GOSUMDB: 'off' }).sumDb(ERRORS), 'off')
  assert.equal((await client(a.url, { GONOSUMDB: 'github.com' }).mod(ERRORS, 'v0.9.1')).sumDb, 'private')
})

test('a zip over the bound is refused and nothing is left, whether announced or not', async () => {
  const dir = emptyDir()
  await assert.rejects(
    client(a.url, {}, { maxArtifactBytes: 1000 }).zip(ERRORS, 'v0.9.1', { dir }),
    refused('size', /over the limit of 1000 bytes \(announces/),
  )
  const zipPath = `/proxy/${ERRORS}/@v/v0.9.1.zip`
  a.route(zipPath, (_req, res: http.ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/zip' }) // chunked: no length announced
    for (let i = 0; i < 8; i++) res.write(Buffer.alloc(400))
    res.end()
  })
  await assert.rejects(
    client(a.url, {}, { maxArtifactBytes: 1000 }).zip(ERRORS, 'v0.9.1', { dir }),
    refused('size', /sent more than 1000 bytes/),
  )
  assert.deepEqual(readdirSync(dir), [])
  await assert.rejects(
    client(a.url, {}, { maxModBytes: 10 }).mod(ERRORS, 'v0.9.1'),
    refused('size', /over the limit of 10 bytes/),
  )
})

test('hostile answers: a zip with a path outside the module, a hash unlike go.sum, another version info, a junk list', async () => {
  const dir = emptyDir()
  const zipPath = `/proxy/${ERRORS}/@v/v0.9.1.zip`
  const evil = zipBytes([
    { name: `${ERRORS}@v0.9.1/errors.go`, data: 'package errors\n' },
    { name: `${ERRORS}@v0.9.2/../../../.bashrc`, data: 'x' },
  ])
  a.route(zipPath, (_req, res: http.ServerResponse) => res.writeHead(200, { 'content-length': evil.length }).end(evil))
  await assert.rejects(client(a.url).zip(ERRORS, 'v0.9.1', { dir }), (e) => e instanceof UpstreamRefused)
  const outside = zipBytes([{ name: 'github.com/pkg/other@v0.9.1/x.go', data: 'package x\n' }])
  a.route(zipPath, (_req, res: http.ServerResponse) =>
    res.writeHead(200, { 'content-length': outside.length }).end(outside),
  )
  await assert.rejects(
    client(a.url).zip(ERRORS, 'v0.9.1', { dir }),
    refused('identity', /outside github\.com\/pkg\/errors@v0\.9\.1\//),
  )
  a.reset()
  await assert.rejects(
    client(a.url).zip(ERRORS, 'v0.9.1', { dir, expected: ['h1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='] }),
    refused('integrity', /not go\.sum's/),
  )
  await assert.rejects(
    client(a.url).mod(ERRORS, 'v0.9.1', { expected: ['h1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='] }),
    refused('integrity', /not go\.sum's/),
  )
  assert.deepEqual(readdirSync(dir), [], 'nothing left behind')
  a.route(`/proxy/${ERRORS}/@v/v0.9.1.info`, (_req, res: http.ServerResponse) =>
    res.writeHead(200).end('{"Version":"v0.9.0"}'),
  )
  await assert.rejects(client(a.url).info(ERRORS, 'v0.9.1'), refused('identity', /v0\.9\.0 for v0\.9\.1/))
  a.route(`/proxy/${ERRORS}/@v/list`, (_req, res: http.ServerResponse) =>
    res
      .writeHead(200)
      .end(
        'v1.0.0\nv0.10.0 extra fields\n0.9.0\nv0.0.0-20191109021931-daa7c04131f5\nnot a version\nv0.10.0\nv1.0.0-rc.1\n\n',
      ),
  )
  assert.deepEqual(await client(a.url).versions(ERRORS), ['v0.10.0', 'v1.0.0-rc.1', 'v1.0.0'])
})

test('a redirect elsewhere only to an allowed origin, without credentials; a proxy that holds the answer times out', async () => {
  const zipPath = `/proxy/${ERRORS}/@v/v0.9.1.zip`
  const elsewhere = `${b.url}/${ERRORS}/@v/v0.9.1.zip` // b serves the same module
  a.route(zipPath, (_req, res: http.ServerResponse) => res.writeHead(302, { location: elsewhere }).end())
  const creds = a.url.replace('http://', 'http://alice:pw@')
  await assert.rejects(
    client(creds).zip(ERRORS, 'v0.9.1', { dir: emptyDir() }),
    refused('address', /GOLANG_FILE_ORIGINS/),
  )
  assert.equal(b.seen.length, 0)
  const allowed = client(creds, {}, { fileOrigins: [b.origin], privateAddresses: true })
  const zip = await allowed.zip(ERRORS, 'v0.9.1', { dir: emptyDir() })
  assert.equal(zip.h1, 'h1:Dl3m5wJthC4rg9o2zrqudX0YqP9EJGhtmEXhGzM+x/A=')
  zip.remove()
  assert.equal(a.seen[0]?.authorization, `Basic ${Buffer.from('alice:pw').toString('base64')}`)
  assert.equal(b.seen[0]?.authorization, undefined, 'no credentials to another origin')
  a.reset()
  b.reset()
  const held: http.ServerResponse[] = []
  a.route(`/proxy/${ERRORS}/@v/list`, (_req, res: http.ServerResponse) => void held.push(res))
  await assert.rejects(
    client(a.url, {}, { timeoutMs: 300 }).versions(ERRORS),
    (e: NodeJS.ErrnoException) => e.code === 'ETIMEDOUT',
  )
  assert.deepEqual(await client(`${a.url}|${b.url}`, {}, { timeoutMs: 300 }).versions(ERRORS), ['v0.9.1'])
  for (const res of held) res.destroy()
})

test('credentials go to their proxy and are never printed', async () => {
  const secret = 's3cret-pw'
  const header = `Basic ${Buffer.from(`alice:${secret}`).toString('base64')}`
  a.switches.requireAuth = header
  const withCreds = client(a.url.replace('http://', `http://alice:${secret}@`))
  assert.deepEqual(await withCreds.versions(ERRORS), ['v0.9.1'])
  assert.equal(a.seen[0]?.authorization, header)
  const wrong = client(a.url.replace('http://', 'http://alice:wrong@'))
  const err = await wrong.versions(ERRORS).catch((e: Error) => e)
  assert.ok(err instanceof UpstreamRefused && /answered 401 \(are its credentials right\?\)/.test(err.message))
  const printed = `${inspect(withCreds, { depth: 10 })} ${inspect(err)} ${String(err)}`
  for (const s of [secret, header, Buffer.from(`alice:${secret}`).toString('base64')]) assert.ok(!printed.includes(s))
  assert.ok(printed.includes('[redacted]'))
})
