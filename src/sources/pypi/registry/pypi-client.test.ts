import assert from 'node:assert/strict'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, beforeEach, describe, test } from 'node:test'
import { sha256 } from '../../../../test/helpers/index-fixtures.ts'
import { type PypiIndexServer, startPypiIndexServer } from '../../../../test/helpers/pypi-index-server.ts'
import { defaultIndexLimits, type IndexLimits } from '../../../config/registries.ts'
import { UpstreamRefused } from '../../../ingest/failure.ts'
import { extractFile } from '../../../ingest/tar-extract.ts'
import { PackageNotFound } from '../../npm/registry.ts'
import { mapPypiJson, mapPypiReleaseJson } from './map-pypi-json.ts'
import { pypiIndexFromEnv } from './pip-config.ts'
import { PypiRegistryClient } from './pypi-client.ts'

const kind = (k: string) => (err: unknown) => err instanceof UpstreamRefused && err.kind === k
let server: PypiIndexServer

function client(limits: Partial<IndexLimits> = {}, indexUrl = server.indexUrl) {
  const config = pypiIndexFromEnv({ PIP_INDEX_URL: indexUrl }, () => undefined)
  assert.ok(config)
  const cacheDir = mkdtempSync(path.join(tmpdir(), 'ci-pypi-'))
  return new PypiRegistryClient(config, { ...defaultIndexLimits(), cacheDir, ...limits })
}

before(async () => {
  server = await startPypiIndexServer()
})
after(() => server.close())
beforeEach(() => {
  server.switches.htmlOnly = false
  server.switches.corrupt = false
  server.switches.yanked = {}
  server.switches.requireAuth = undefined
  server.reset()
})

describe('the Simple API', () => {
  test('PEP 691 JSON is asked first; the name is normalised in the URL (PEP 503)', async () => {
    const page = await client().simpleProject('Six')
    assert.equal(page.format, 'json')
    assert.equal(page.name, 'six')
    assert.deepEqual(page.versions, ['1.16.0'])
    assert.deepEqual(
      page.files.map((f) => [f.filename, f.kind, f.version]),
      [
        ['six-1.16.0.tar.gz', 'sdist', '1.16.0'],
        ['six-1.16.0-py3-none-any.whl', 'wheel', '1.16.0'],
      ],
    )
    const [file] = page.files
    assert.match(file?.sha256 ?? '', /^[0-9a-f]{64}$/)
    assert.equal(file?.requiresPython, '>=2.7, !=3.0.*, !=3.1.*, !=3.2.*')
    assert.equal(server.seen[0]?.path, '/simple/six/')
    assert.match(server.seen[0]?.accept ?? '', /^application\/vnd\.pypi\.simple\.v1\+json/)
  })

  test('an index that serves only PEP 503 HTML is read the same, its hash from the link fragment', async () => {
    server.switches.htmlOnly = true
    server.switches.yanked = { six: 'FIXTURE reason' }
    const page = await client().simpleProject('six')
    assert.equal(page.format, 'html')
    const [file] = page.files
    const json = await (async () => {
      server.switches.htmlOnly = false
      return (await client().simpleProject('six')).files[0]
    })()
    assert.equal(file?.sha256, json?.sha256)
    assert.equal(file?.url, json?.url)
    assert.equal(file?.requiresPython, json?.requiresPython)
    assert.equal(file?.yanked, 'FIXTURE reason')
  })

  test('a project no index has is PackageNotFound', async () => {
    await assert.rejects(client().simpleProject('no-such-project'), PackageNotFound)
  })

  test('a name no project can have is refused before any request', async () => {
    await assert.rejects(client().simpleProject('../etc'), kind('protocol'))
    assert.equal(server.seen.length, 0)
  })

  test('a page read before is revalidated: If-None-Match, a 304, the cached page', async () => {
    const c = client()
    const first = await c.simpleProject('six')
    const again = await c.simpleProject('six')
    assert.deepEqual(again, first)
    assert.equal(server.seen[1]?.ifNoneMatch !== undefined, true)
  })
})

describe('the JSON API', () => {
  test('the project document maps to versions, dates, the declared license and its URLs', async () => {
    const six = mapPypiJson(await client().projectJson('six'), 'six', '2026-11-27T00:00:00Z')
    assert.equal(six.latestVersion, '1.16.0')
    assert.deepEqual(six.versions, [
      { version: '1.16.0', releasedAt: '2021-05-05T14:18:18.000000Z', status: 'active', statusRaw: null },
    ])
    assert.equal(six.latest.license?.expression, 'MIT')
    assert.equal(six.latest.licenseFrom, 'license')
    assert.equal(six.source, 'pypi-registry')
    const crypto = mapPypiJson(await client().projectJson('cryptography'), 'cryptography', '2026-11-27T00:00:00Z')
    assert.equal(crypto.latest.license?.expression, '(BSD-3-Clause OR Apache-2.0)')
    assert.equal(crypto.latest.repositoryUrl, 'https://github.com/pyca/cryptography/')
    assert.ok(crypto.latest.requiresDist.includes("bcrypt (>=3.1.5) ; extra == 'ssh'"))
  })

  test('a release document, and a yanked release', async () => {
    server.switches.yanked = { six: 'FIXTURE reason' }
    const c = client()
    const release = mapPypiReleaseJson(await c.releaseJson('six', '1.16.0'), 'six', '1.16.0')
    assert.equal(release.requiresPython, '>=2.7, !=3.0.*, !=3.1.*, !=3.2.*')
    const six = mapPypiJson(await c.projectJson('six'), 'six', '2026-11-27T00:00:00Z')
    assert.equal(six.versions[0]?.status, 'deprecated')
    assert.equal(six.versions[0]?.statusRaw, 'yanked: FIXTURE reason')
    await assert.rejects(c.releaseJson('six', '9.9.9'), PackageNotFound)
  })

  test("another project's document is refused", async () => {
    server.route('/pypi/six/json', (_req, res) => res.end(JSON.stringify({ info: { name: 'sax', version: '1' } })))
    await assert.rejects(
      async () => mapPypiJson(await client().projectJson('six'), 'six', '2026-11-27T00:00:00Z'),
      kind('identity'),
    )
  })
})

describe('distributions', () => {
  test('an sdist streams to its consumer and is checked against its sha256', async () => {
    const c = client()
    const [file] = (await c.simpleProject('six')).files
    assert.ok(file)
    const pkgInfo = await c.withArtifact(file, (s) =>
      extractFile(s, 'six-1.16.0.PKG-INFO', { maxFileBytes: 1 << 20, maxUnpackedBytes: 1 << 24, stripComponents: 1 }),
    )
    assert.match(pkgInfo?.toString() ?? '', /^Name: six$/m)
  })

  test('a wheel downloads and verifies the same way', async () => {
    const c = client()
    const wheel = (await c.simpleProject('six')).files.find((f) => f.kind === 'wheel')
    assert.ok(wheel)
    const bytes = await c.withArtifact(wheel, async (s) => {
      const chunks: Buffer[] = []
      for await (const chunk of s) chunks.push(chunk as Buffer)
      return Buffer.concat(chunks)
    })
    assert.equal(bytes.subarray(0, 4).toString('hex'), '504b0304') // a zip's first local header
    assert.match(bytes.toString('latin1'), /six-1\.16\.0\.dist-info\/METADATA/)
  })

  test('bytes that do not match the published sha256 are refused', async () => {
    const c = client()
    const [file] = (await c.simpleProject('six')).files
    assert.ok(file)
    server.switches.corrupt = true
    await assert.rejects(
      c.withArtifact(file, async (s) => {
        for await (const _ of s);
      }),
      kind('integrity'),
    )
    await assert.rejects(
      c.withArtifact({ ...file, sha256: undefined }, async () => 1),
      kind('integrity'),
    )
  })
})

describe('a hostile or locked index', () => {
  test('a body over the limit is refused', async () => {
    await assert.rejects(client({ maxDocumentBytes: 100 }).simpleProject('six'), kind('size'))
  })

  test('a redirect to another origin is refused and never followed', async () => {
    server.route('/simple/six/', (_req, res) =>
      res.writeHead(302, { location: 'http://127.0.0.1:9/simple/six/' }).end(),
    )
    await assert.rejects(client().simpleProject('six'), kind('address'))
  })

  test("the URL's credentials go as Basic auth to the index, never in the URL", async () => {
    server.switches.requireAuth = `Basic ${Buffer.from('fixture-user:fixture pass').toString('base64')}`
    await assert.rejects(client().simpleProject('six'), kind('protocol'))
    const url = new URL(server.indexUrl)
    url.username = 'fixture-user'
    url.password = 'fixture%20pass'
    const page = await client({}, url.href).simpleProject('six')
    assert.equal(page.name, 'six')
    assert.equal(server.seen.at(-1)?.authorization, server.switches.requireAuth)
    assert.ok(server.seen.every((s) => !s.path.includes('fixture')))
  })

  test("extra indexes' files are gathered as pip gathers them; the index's credentials stay with it", async () => {
    const extra = await startPypiIndexServer()
    try {
      extra.switches.htmlOnly = true
      const url = new URL(server.indexUrl)
      url.username = 'fixture-user'
      const config = pypiIndexFromEnv({ PIP_INDEX_URL: url.href, PIP_EXTRA_INDEX_URL: extra.indexUrl }, () => undefined)
      assert.ok(config)
      const cacheDir = mkdtempSync(path.join(tmpdir(), 'ci-pypi-'))
      const page = await new PypiRegistryClient(config, { ...defaultIndexLimits(), cacheDir }).simpleProject('six')
      assert.deepEqual(
        page.files.map((f) => new URL(f.url).origin),
        [server.origin, server.origin, extra.origin, extra.origin],
      )
      assert.match(server.seen[0]?.authorization ?? '', /^Basic /)
      assert.equal(extra.seen[0]?.authorization, undefined)
    } finally {
      await extra.close()
    }
  })

  test('the fixture sdist is the one the index hashes', async () => {
    const [file] = (await client().simpleProject('six')).files
    const res = await fetch(file?.url ?? '')
    assert.equal(sha256(Buffer.from(await res.arrayBuffer())), file?.sha256)
  })
})
