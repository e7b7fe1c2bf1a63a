// A registry that lies (FIXTURE answers from test/helpers/hostile-registry.ts on 127.0.0.1) against compintel's npm
// client and ingestion: every body is cut at its limit (bytes the registry managed to send are asserted, not
// timings), refusals are permanent and not retried, redirects and tarball URLs follow the operator's rules, and
// nothing is written for a package that was refused.
import assert from 'node:assert/strict'
import { mkdtempSync } from 'node:fs'
import type http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { createGzip } from 'node:zlib'
import type { RegistryLimits } from '../src/config/growth.ts'
import type { KbWriter } from '../src/domain/kb/types.ts'
import type { Analyzer } from '../src/ingest/analyzers/types.ts'
import { isPermanent, UpstreamRefused } from '../src/ingest/failure.ts'
import { ingestPackage } from '../src/sources/npm/ingest-package.ts'
import { RegistryClient } from '../src/sources/npm/registry-client.ts'
import { DEFAULT_REGISTRY_LIMITS } from '../src/sources/npm/registry-limits.ts'
import { endless, type HostileRegistry, json, startHostileRegistry } from './helpers/hostile-registry.ts'

const MB = 1024 * 1024
const LIMITS: RegistryLimits = { ...DEFAULT_REGISTRY_LIMITS, maxPackumentBytes: 1 * MB, maxTarballBytes: 2 * MB }
/** What the socket buffers may hold beyond the point where the client stopped reading. */
const SLACK = 8 * MB

let reg: HostileRegistry
let other: HostileRegistry
before(async () => {
  reg = await startHostileRegistry()
  other = await startHostileRegistry()
})
after(async () => {
  await reg.close()
  await other.close()
})

function client(limits: Partial<RegistryLimits> = {}): RegistryClient {
  const cache = mkdtempSync(path.join(tmpdir(), 'ci-hostile-'))
  const token = `${reg.url.replace(/^http:/, '')}:_authToken`
  return new RegistryClient({ registry: reg.url, cache, [token]: 'FIXTURE-token' }, { ...LIMITS, ...limits })
}

const refused = (kind: UpstreamRefused['kind']) => (err: unknown) =>
  err instanceof UpstreamRefused && err.kind === kind && isPermanent(err)

/** A KbWriter that counts what it is asked to write. */
function countingWriter(): KbWriter & { writes: number } {
  const w = {
    writes: 0,
    state: async () => undefined,
    writePackage: async () => {
      w.writes++
      return { componentChanged: true, versionsInserted: 0, versionsUpdated: 0, versionsRemoved: 0, analysesWritten: 0 }
    },
  }
  return w as unknown as KbWriter & { writes: number }
}

/** A FIXTURE analyzer that reads nothing: a version is walked only when some analyzer has to run on it. */
const touch: Analyzer<null> = {
  name: 'fixture-touch',
  version: '1',
  start: () => ({ file: () => {}, finish: () => null }),
}

const ingest = (name: string, registry: RegistryClient, writer: KbWriter, maxUnpackedBytes?: number) =>
  ingestPackage(name, registry, writer, {
    versions: 'all',
    analyze: 'all',
    analyzers: [touch],
    dryRun: false,
    now: () => '2026-11-27T00:00:00.000Z',
    retryBaseMs: 1,
    ...(maxUnpackedBytes ? { maxUnpackedBytes } : {}),
  })

/** A packument of one version whose tarball is at `tarball` and claims `unpackedSize` (and some integrity). */
function packument(name: string, tarball: string, unpackedSize = 100) {
  const integrity = `sha512-${Buffer.alloc(64, 7).toString('base64')}`
  return {
    name,
    'dist-tags': { latest: '1.0.0' },
    versions: { '1.0.0': { name, version: '1.0.0', dist: { tarball, unpackedSize, integrity } } },
    time: { '1.0.0': '2026-01-01T00:00:00.000Z' },
  }
}

/** An uncompressed gzip stream (1:1) of a tar whose one file claims `size` bytes and sends zeros until stopped. */
function endlessTarball(size: number) {
  return (_req: http.IncomingMessage, res: http.ServerResponse) => {
    const header = Buffer.alloc(512)
    header.write('package/big.bin', 0)
    header.write('0000644\0', 100)
    header.write(`${size.toString(8).padStart(11, '0')}\0`, 124)
    header.write('00000000000\0', 136)
    header.write('0', 156)
    header.write('ustar\x0000', 257)
    header.fill(' ', 148, 156)
    let sum = 0
    for (const b of header) sum += b
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148)
    res.writeHead(200, { 'content-type': 'application/octet-stream' })
    const gz = createGzip({ level: 0 })
    gz.on('data', (chunk: Buffer) => {
      if (!res.destroyed && !res.write(chunk)) gz.pause()
    })
    res.on('drain', () => gz.resume())
    res.on('close', () => gz.destroy())
    gz.write(header)
    const zeros = Buffer.alloc(64 * 1024)
    const feed = () => {
      while (!gz.destroyed && gz.write(zeros)) {
        // keep the deflater fed
      }
      if (!gz.destroyed) gz.once('drain', feed)
    }
    feed()
  }
}

describe('a registry that lies about sizes', () => {
  test('an endless packument is cut at the limit and not retried; memory stays bounded', async () => {
    reg.route('/endless-doc', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"name":"endless-doc","description":"')
      endless(res, Buffer.alloc(64 * 1024, 'a'))
    })
    const rss = process.memoryUsage.rss()
    await assert.rejects(ingest('endless-doc', client(), countingWriter()), refused('size'))
    assert.ok(
      (reg.sent.get('/endless-doc') ?? 0) < LIMITS.maxPackumentBytes + SLACK,
      `sent ${reg.sent.get('/endless-doc')}`,
    )
    assert.equal(reg.seen.filter((s) => s.path === '/endless-doc').length, 1, 'not retried')
    assert.ok(process.memoryUsage.rss() - rss < 256 * MB, 'the packument was not held whole')
  })

  test('a packument that announces more than the limit is refused before its body is read', async () => {
    reg.route('/announced', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(200 * MB) })
      endless(res, Buffer.alloc(64 * 1024, ' '))
    })
    await assert.rejects(
      client().packument('announced'),
      (err) => refused('size')(err) && /announces/.test(String(err)),
    )
    assert.ok((reg.sent.get('/announced') ?? 0) < SLACK)
  })

  test('a packument that is not JSON is a permanent format refusal, fetched once', async () => {
    reg.route('/not-json', (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"name":'))
    const writer = countingWriter()
    await assert.rejects(ingest('not-json', client(), writer), refused('format'))
    assert.equal(reg.seen.filter((s) => s.path === '/not-json').length, 1)
    assert.equal(writer.writes, 0)
  })

  test('a tarball whose first entry is over the unpacked limit stops downloading there (its packument said 100 bytes)', async () => {
    reg.route('/liar', json(packument('liar', `${reg.origin}/liar/-/liar-1.0.0.tgz`)))
    reg.route('/liar/-/liar-1.0.0.tgz', endlessTarball(2 * 1024 * MB))
    const writer = countingWriter()
    await assert.rejects(ingest('liar', client({ maxTarballBytes: 64 * MB }), writer, 1000), refused('size'))
    assert.ok((reg.sent.get('/liar/-/liar-1.0.0.tgz') ?? 0) < SLACK, `sent ${reg.sent.get('/liar/-/liar-1.0.0.tgz')}`)
    assert.equal(reg.seen.filter((s) => s.path.endsWith('.tgz')).length, 1, 'not retried')
    assert.equal(writer.writes, 0)
  })

  test('a tarball download over NPM_MAX_TARBALL_MB is cut at the limit whatever its entries say', async () => {
    reg.route('/big', json(packument('big', `${reg.origin}/big/-/big-1.0.0.tgz`)))
    reg.route('/big/-/big-1.0.0.tgz', endlessTarball(1024 * MB))
    await assert.rejects(ingest('big', client(), countingWriter()), refused('size'))
    const sent = reg.sent.get('/big/-/big-1.0.0.tgz') ?? 0
    assert.ok(sent >= LIMITS.maxTarballBytes && sent < LIMITS.maxTarballBytes + SLACK, `sent ${sent}`)
  })
})

describe('where the client goes is the operator’s choice, not the registry’s', () => {
  test('a redirect within the registry keeps the credentials', async () => {
    reg.route('/moved', (_req, res) => res.writeHead(301, { location: '/moved-here' }).end())
    reg.route('/moved-here', json({ name: 'moved', versions: {} }))
    const doc = await client().packument('moved')
    assert.equal(doc.name, 'moved')
    const auths = reg.seen.filter((s) => s.path.startsWith('/moved')).map((s) => s.authorization)
    assert.deepEqual(auths, ['Bearer FIXTURE-token', 'Bearer FIXTURE-token'])
  })

  test('a redirect to another port of the same host is refused, and nothing is asked there', async () => {
    reg.route('/away', (_req, res) => res.writeHead(302, { location: `${other.origin}/away` }).end())
    other.route('/away', json({ name: 'away', versions: {} }))
    await assert.rejects(client().packument('away'), refused('address'))
    assert.deepEqual(other.seen, [])
  })

  test('an allowed origin is followed without credentials', async () => {
    reg.route('/cdn', (_req, res) => res.writeHead(302, { location: `${other.origin}/cdn` }).end())
    other.route('/cdn', json({ name: 'cdn', versions: {} }))
    const doc = await client({ tarballOrigins: [other.origin], privateAddresses: true }).packument('cdn')
    assert.equal(doc.name, 'cdn')
    assert.deepEqual(
      other.seen.map((s) => [s.path, s.authorization]),
      [['/cdn', undefined]],
    )
  })

  test('tarball URLs on loopback ports, link-local addresses and other schemes are refused without a connection', async () => {
    const cases = [
      ['loopback', `${other.origin}/x/-/x-1.0.0.tgz`, 'address'],
      ['metadata', 'http://169.254.169.254/latest/meta-data/x-1.0.0.tgz', 'address'],
      ['file', 'file:///etc/passwd', 'protocol'],
      ['creds', `http://user:pass@${reg.origin.slice(7)}/x.tgz`, 'protocol'],
    ] as const
    for (const [name, url, kind] of cases) {
      reg.route(`/${name}`, json(packument(name, url)))
      await assert.rejects(ingest(name, client(), countingWriter()), refused(kind), name)
    }
    assert.deepEqual(
      other.seen.filter((s) => s.path.startsWith('/x/')),
      [],
    )
  })

  test('an allowed origin must not resolve to a private address unless that is allowed too', async () => {
    const port = new URL(other.origin).port
    const named = `http://localhost:${port}`
    reg.route('/named', json(packument('named', `${named}/named/-/named-1.0.0.tgz`)))
    await assert.rejects(ingest('named', client({ tarballOrigins: [named] }), countingWriter()), refused('address'))
    assert.deepEqual(
      other.seen.filter((s) => s.path.startsWith('/named/')),
      [],
    )
    other.route('/named/-/named-1.0.0.tgz', (_req, res) => res.writeHead(404).end())
    await assert.rejects(ingest('named', client({ tarballOrigins: [named], privateAddresses: true }), countingWriter()))
    assert.equal(
      other.seen.filter((s) => s.path.startsWith('/named/')).length,
      1,
      'reached once private addresses are allowed',
    )
  })
})

describe('names the registry makes up', () => {
  test('a name npm does not allow never becomes a request, and an alias dependency to one is not queued', async () => {
    for (const name of ['../-/whoami', 'x?write=true', '<img src=x>'])
      await assert.rejects(ingest(name, client(), countingWriter()), (err) => isPermanent(err), name)
    assert.deepEqual(
      reg.seen.filter((s) => /whoami|write=|img/.test(s.path)),
      [],
    )
    const doc = {
      ...packument('aliaser', `${reg.origin}/aliaser/-/aliaser-1.0.0.tgz`),
      versions: {
        '1.0.0': {
          name: 'aliaser',
          version: '1.0.0',
          dependencies: { a: 'npm:../-/npm/v1/user@1', b: 'npm:left-pad@^1' },
        },
      },
    }
    reg.route('/aliaser', json(doc))
    const r = await ingest('aliaser', client(), countingWriter())
    assert.deepEqual(r.latestDependencies, ['left-pad'])
  })
})
