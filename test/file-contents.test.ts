// GET /file_contents/{md5} on the FIXTURE packages fixture-scan (1.0.0, 1.1.0), ingested through the real analyzers
// from the fixture registry on 127.0.0.1, which then serves the tarballs the files are read from: hits (from the
// registry, then from the cache), unknown and malformed MD5s, keys, the size limit, a registry that fails, is slow,
// or holds other bytes than the KB says, one fetch for concurrent requests, and the scan answer's file_url.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileContents } from '../src/app/services.ts'
import { wfpForFile } from '../src/domain/scanning/winnowing.ts'
import { mapPackument } from '../src/sources/npm/map-packument.ts'
import { SqlKbWriter } from '../src/storage/kb-writer.ts'
import { makeTestApp } from './helpers/app.ts'
import { type IngestedFixtures, ingestedFixtures } from './helpers/ingested-fixtures.ts'

const md5 = (b: Buffer | string) => createHash('md5').update(b).digest('hex')
const ring = (v: string) => readFileSync(new URL(`fixtures/npm/fixture-scan/${v}/src/ring.c`, import.meta.url))
const RING_1 = ring('1.0.0')
const RING_2 = ring('1.1.0')

const work = mkdtempSync(path.join(tmpdir(), 'compintel-file-contents-'))
let f: IngestedFixtures
let cacheDir: string
let base: string

/**
 * The server's file contents over the fixture registry, with its own cache folder (and settings over the config's);
 * the previous one closed first, its fetches ended and its threads stopped, so none of its work reaches the next test.
 */
async function serveFiles(settings: Partial<{ maxBytes: number; timeoutMs: number }> = {}) {
  await f.t.services.fileContents?.close()
  cacheDir = mkdtempSync(path.join(work, 'cache-'))
  const config = { ...f.t.config.fileContents, cacheDir, ...settings }
  f.t.services.fileContents = fileContents(
    f.t.services.scan,
    { fileContents: config, growth: f.t.config.growth },
    { registry: f.reg.url, cache: mkdtempSync(path.join(work, 'npm-')) },
  )
}

async function get(hash: string, key: string | null = f.t.keys.full, prefix = '') {
  const res = await fetch(`${base}${prefix}/file_contents/${hash}`, { headers: key ? { 'x-api-key': key } : {} })
  return { res, bytes: Buffer.from(await res.arrayBuffer()) }
}
const errorOf = (bytes: Buffer) =>
  JSON.parse(bytes.toString()) as { error: { code: string }; status: { message: string } }
const tarballRequests = (v: string) => f.reg.requests.filter((r) => r.endsWith(`/fixture-scan-${v}.tgz`)).length

before(async () => {
  f = await ingestedFixtures(['fixture-scan', 'fixture-files'])
  await f.t.app.listen({ host: '127.0.0.1', port: 0 })
  base = `http://127.0.0.1:${(f.t.app.server.address() as AddressInfo).port}`
})
after(async () => {
  await f.close()
  rmSync(work, { recursive: true, force: true })
})

describe('a file the KB knows', () => {
  before(() => serveFiles())

  test('is read from the tarball that holds it, then from the cache, as text with its charset', async () => {
    const downloads = tarballRequests('1.0.0') // the ingestion's
    const first = await get(md5(RING_1))
    assert.equal(first.res.status, 200)
    assert.deepEqual(first.bytes, RING_1)
    assert.equal(first.res.headers.get('content-type'), 'text/plain; charset=UTF-8')
    assert.equal(first.res.headers.get('x-detected-charset'), 'UTF-8')
    assert.equal(first.res.headers.get('content-length'), String(RING_1.length))
    assert.equal(tarballRequests('1.0.0'), downloads + 1)
    assert.deepEqual(readdirSync(cacheDir), [md5(RING_1)])

    const again = await get(md5(RING_1).toUpperCase(), f.t.keys.full, '/api') // the engine's other path, either case
    assert.equal(again.res.status, 200)
    assert.deepEqual(again.bytes, RING_1)
    assert.equal(tarballRequests('1.0.0'), downloads + 1, 'served from the cache')
  })

  test('a damaged cache entry is fetched again, never served', async () => {
    const downloads = tarballRequests('1.0.0')
    writeFileSync(path.join(cacheDir, md5(RING_1)), 'not the file')
    const { res, bytes } = await get(md5(RING_1))
    assert.equal(res.status, 200)
    assert.deepEqual(bytes, RING_1)
    assert.equal(tarballRequests('1.0.0'), downloads + 1)
    assert.deepEqual(readFileSync(path.join(cacheDir, md5(RING_1))), RING_1)
  })

  test('other text is sent as ISO-8859-1, and binary files as octet-stream', async () => {
    const file = (name: string) =>
      readFileSync(new URL(`fixtures/npm/fixture-files/1.0.0/data/${name}`, import.meta.url))
    const latin1 = await get(md5(file('latin1.txt')))
    assert.deepEqual(latin1.bytes, file('latin1.txt'))
    assert.equal(latin1.res.headers.get('content-type'), 'text/plain; charset=ISO-8859-1')
    assert.equal(latin1.res.headers.get('x-detected-charset'), 'ISO-8859-1')
    const blob = await get(md5(file('blob.bin')))
    assert.deepEqual(blob.bytes, file('blob.bin'))
    assert.equal(blob.res.headers.get('content-type'), 'application/octet-stream')
    assert.equal(blob.res.headers.get('x-detected-charset'), null)
  })

  test('concurrent requests for one MD5 share one download', async () => {
    const before = tarballRequests('1.1.0')
    const held = f.reg.hold('/fixture-scan-1.1.0.tgz')
    const answers = Promise.all([get(md5(RING_2)), get(md5(RING_2)), get(md5(RING_2))])
    await held.arrived
    held.release()
    for (const { res, bytes } of await answers) {
      assert.equal(res.status, 200)
      assert.deepEqual(bytes, RING_2)
    }
    assert.equal(tarballRequests('1.1.0'), before + 1)
  })
})

describe('refusals', () => {
  before(() => serveFiles())

  test('a malformed MD5 is 400, an unknown one 404, in the error shape', async () => {
    for (const bad of ['xyz', `${md5('a')}0`, 'g'.repeat(32)]) {
      const { res, bytes } = await get(bad)
      assert.equal(res.status, 400, bad)
      assert.equal(errorOf(bytes).error.code, 'VALIDATION_FAILED')
    }
    const { res, bytes } = await get(md5('no package holds this'))
    assert.equal(res.status, 404)
    assert.equal(errorOf(bytes).error.code, 'FILE_NOT_FOUND')
    assert.match(errorOf(bytes).status.message, /No file with MD5 [0-9a-f]{32} is known/)
  })

  test('a file only Debian packages hold is 404, saying so, and nothing is downloaded', async () => {
    // FIXTURE: a Debian package (written as ingestion writes one) whose file list holds a file no npm version holds
    const AS_OF = '2026-11-23T00:00:00.000Z'
    const manifest = { name: 'fx-deb', version: '1.0.0' }
    const packument = { name: 'fx-deb', 'dist-tags': { latest: '1.0.0' }, versions: { '1.0.0': manifest } }
    const facts = mapPackument('fx-deb', packument, AS_OF)
    const component = { ...facts.component, purl: 'pkg:deb/debian/fx-deb', purlType: 'deb' }
    const file = { path: 'usr/share/doc/fx-deb/README', size: 10, md5: md5('debian only') }
    await new SqlKbWriter(f.storage).writePackage({
      component,
      versions: facts.versions,
      analyses: [{ version: '1.0.0', asOf: AS_OF, files: [file], outputs: [], detectedLicenses: [] }],
    })
    const requests = f.reg.requests.length
    const { res, bytes } = await get(file.md5)
    assert.equal(res.status, 404)
    assert.equal(errorOf(bytes).error.code, 'FILE_NOT_FOUND')
    assert.match(errorOf(bytes).status.message, /held only by packages whose files compintel does not fetch \(Debian\)/)
    assert.equal(f.reg.requests.length, requests)
  })

  test('the key needs the scanning scope', async () => {
    assert.equal((await get(md5(RING_1), null)).res.status, 401)
    const { res, bytes } = await get(md5(RING_1), f.t.keys.components)
    assert.equal(res.status, 403)
    assert.equal(errorOf(bytes).error.code, 'FORBIDDEN')
  })

  test('a file over the limit is 413, as the engine answers, and nothing is kept', async () => {
    await serveFiles({ maxBytes: 1000 })
    const { res, bytes } = await get(md5(RING_1))
    assert.equal(res.status, 413)
    assert.equal(errorOf(bytes).error.code, 'FILE_TOO_LARGE')
    assert.match(errorOf(bytes).status.message, new RegExp(`\\(${RING_1.length} bytes\\) exceeds .*\\(1000 bytes\\)`))
    assert.deepEqual(readdirSync(cacheDir), [])
  })
})

describe('the registry', () => {
  test('failing is 502, and the next request fetches again', async () => {
    await serveFiles()
    f.reg.failNext('/fixture-scan-1.0.0.tgz', 1)
    const down = await get(md5(RING_1))
    assert.equal(down.res.status, 502)
    assert.equal(errorOf(down.bytes).error.code, 'UPSTREAM_FAILED')
    const up = await get(md5(RING_1))
    assert.equal(up.res.status, 200)
    assert.deepEqual(up.bytes, RING_1)
  })

  test('too slow is 504', async () => {
    // long enough for an artifact thread to start and ask (over a second on a busy machine), so that this test's
    // request is the one held here, not a late one caught by the next test's hold
    await serveFiles({ timeoutMs: 5000 })
    const held = f.reg.hold('/fixture-scan-1.1.0.tgz')
    const answer = get(md5(RING_2))
    await held.arrived
    const { res, bytes } = await answer
    held.release()
    assert.equal(res.status, 504)
    assert.equal(errorOf(bytes).error.code, 'UPSTREAM_TIMEOUT')
  })

  test('stopping the server ends a fetch under way at once: its request is a 502', async () => {
    await serveFiles({ timeoutMs: 60_000 })
    const held = f.reg.hold('/fixture-scan-1.1.0.tgz')
    const pending = get(md5(RING_2))
    await held.arrived
    await f.t.services.fileContents?.close()
    const { res, bytes } = await pending
    held.release()
    assert.equal(res.status, 502) // long before the fetch's 60 s bound
    assert.equal(errorOf(bytes).error.code, 'UPSTREAM_FAILED')
  })

  test('a tarball whose file is not the one the KB names is refused, not served or kept', async () => {
    await serveFiles()
    // FIXTURE: the KB says fixture-scan 1.0.0's index.js has this MD5; the tarball's index.js has other bytes
    const claimed = md5('what the KB was told index.js holds')
    const indexJs = readFileSync(new URL('fixtures/npm/fixture-scan/1.0.0/index.js', import.meta.url))
    const held = await f.t.services.scan.filesByMd5([md5(indexJs)])
    const place = held.find((p) => p.version === '1.0.0' && p.path === 'index.js')
    assert.ok(place)
    await f.storage.db
      .updateTable('version_files')
      .set({ md5: claimed })
      .where('version_id', '=', place.versionId)
      .where('path', '=', 'index.js')
      .execute()
    const { res, bytes } = await get(claimed)
    assert.equal(res.status, 502)
    assert.equal(errorOf(bytes).error.code, 'UPSTREAM_FAILED')
    assert.deepEqual(readdirSync(cacheDir), [])
  })
})

test("a scan answer's file_url is this server's absolute URL of the matched file, which serves it", async () => {
  await serveFiles()
  const form = new FormData()
  form.append('file', new Blob([wfpForFile('src/ring_copy.c', RING_1)]), 'request.wfp')
  const res = await fetch(`${base}/scan/direct`, {
    method: 'POST',
    body: form,
    headers: { 'x-api-key': f.t.keys.full },
  })
  const [match] = ((await res.json()) as Record<string, { id: string; file_hash: string; file_url: string }[]>)[
    'src/ring_copy.c'
  ] as { id: string; file_hash: string; file_url: string }[]
  assert.equal(match?.id, 'file')
  assert.equal(match.file_url, `${base}/file_contents/${md5(RING_1)}`)
  const served = await fetch(match.file_url, { headers: { 'x-api-key': f.t.keys.full } })
  assert.equal(md5(Buffer.from(await served.arrayBuffer())), match.file_hash)
})

test("file_url follows the request's Host; X-Forwarded-* only count with TRUST_PROXY", async () => {
  await serveFiles()
  const form = new FormData()
  form.append('file', new Blob([wfpForFile('a.c', RING_1)]), 'request.wfp')
  const body = new Response(form)
  const type = body.headers.get('content-type') as string
  const payload = Buffer.from(await body.arrayBuffer())
  const fileUrl = async (headers: Record<string, string>) => {
    const res = await f.t.app.inject({
      method: 'POST',
      url: '/scan/direct',
      payload,
      headers: { 'content-type': type, 'x-api-key': f.t.keys.full, ...headers },
    })
    return (res.json() as Record<string, { file_url: string }[]>)['a.c']?.[0]?.file_url
  }
  const file = `/file_contents/${md5(RING_1)}`
  assert.equal(await fileUrl({ host: 'kb.example.test:8443' }), `http://kb.example.test:8443${file}`)
  assert.equal(
    await fileUrl({ host: 'kb.example.test', 'x-forwarded-host': 'elsewhere.test', 'x-forwarded-proto': 'https' }),
    `http://kb.example.test${file}`,
  )
  assert.equal(await fileUrl({ host: 'kb.example.test/../x' }), file, 'a Host no URL can hold: the path alone')

  const proxied = await makeTestApp({ storage: f.storage, env: { TRUST_PROXY: 'true' } })
  try {
    const res = await proxied.app.inject({
      method: 'POST',
      url: '/scan/direct',
      payload,
      headers: {
        'content-type': type,
        'x-api-key': proxied.keys.full,
        host: 'internal:8080',
        'x-forwarded-host': 'kb.example.test',
        'x-forwarded-proto': 'https',
      },
    })
    const answer = res.json() as Record<string, { file_url: string }[]>
    assert.equal(answer['a.c']?.[0]?.file_url, `https://kb.example.test${file}`)
  } finally {
    await proxied.close()
  }
})
