// POST /scan/direct end to end on the FIXTURE packages fixture-scan (1.0.0, and 1.1.0 whose src/ring.c has three
// more functions) and fixture-hfh, ingested through the real analyzers: the real scanoss-js CLI scans a folder with
// an exact copy of an indexed file, a file embedding a 90-line fragment of one inside our own code, and our own
// code, and (FIXTURE package fixture-cryptojs: real crypto-js files) an exact copy of md5.js, whose answer carries
// the file's own algorithms and a file_url that serves its bytes; then the form's options (flags, SBOM context,
// settings) and bad input, posted as the clients post them.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { promisify } from 'node:util'
import { fileContents } from '../src/app/services.ts'
import { wfpForFile } from '../src/domain/scanning/winnowing.ts'
import { advisoryFromOsv } from '../src/domain/vulnerabilities/osv-record.ts'
import type { KevEntry } from '../src/domain/vulnerabilities/types.ts'
import { SqlAdvisoryWriter } from '../src/storage/advisory-writer.ts'
import { ownCode } from './fixtures/scan/own-code.ts'
import { loadFixtureAdvisories } from './helpers/advisory-fixture.ts'
import { type IngestedFixtures, ingestedFixtures } from './helpers/ingested-fixtures.ts'

const KEV_FIXTURE: KevEntry = {
  cve: 'CVE-2026-99001',
  vendorProject: 'Fixture',
  product: 'fixture-scan',
  vulnerabilityName: 'fixture-scan Out-of-Bounds Write',
  dateAdded: '2026-02-02',
  shortDescription: 'FIXTURE: an out-of-bounds write in ring buffers.',
  requiredAction: 'Apply mitigations per vendor instructions or discontinue use of the product.',
  dueDate: '2026-02-23',
  knownRansomwareCampaignUse: 'Unknown',
}

const require = createRequire(import.meta.url)
const pkgJson = require.resolve('scanoss/package.json')
const bin = path.join(
  path.dirname(pkgJson),
  (require(pkgJson) as { bin: Record<string, string> }).bin['scanoss-js'] as string,
)

type Match = Record<string, unknown> & { id: string; purl?: string[]; lines?: string; oss_lines?: string }
type Answer = Record<string, Match[]>

const ring = (v: string) =>
  readFileSync(new URL(`fixtures/npm/fixture-scan/${v}/src/ring.c`, import.meta.url), 'utf8').split('\n')
/** Our own 36 lines, then lines 60–149 of fixture-scan 1.0.0's ring.c (90 lines), then 36 more of our own. */
const FRAGMENT_FROM = 60
const embedded = () => [...ownCode(3, 0, 5), ...ringLines(FRAGMENT_FROM, 149), ...ownCode(3, 3, 5)].join('\n')
const ringLines = (from: number, to: number) => ring('1.0.0').slice(from - 1, to)
const own = () => ownCode(12, 0, 11).join('\n')

const CRYPTOJS_MD5 = 'fixtures/npm/fixture-cryptojs/4.2.0/md5.js'
const work = mkdtempSync(path.join(tmpdir(), 'compintel-scan-direct-'))
let f: IngestedFixtures
let url: string

before(async () => {
  f = await ingestedFixtures(['fixture-scan', 'fixture-hfh', 'fixture-cryptojs'])
  // file_url's bytes come from the fixture registry that served the packages
  f.t.services.fileContents = fileContents(
    f.t.services.scan,
    {
      fileContents: { ...f.t.config.fileContents, cacheDir: mkdtempSync(path.join(work, 'files-')) },
      growth: f.t.config.growth,
    },
    { registry: f.reg.url, cache: mkdtempSync(path.join(work, 'npm-')) },
  )
  // FIXTURE advisory: fixture-scan before 1.1.0
  const osv = {
    id: 'x_FX-SCAN-1',
    modified: '2026-02-01T00:00:00Z',
    published: '2026-01-20T00:00:00Z',
    aliases: ['GHSA-fxsc-fxsc-0001', 'CVE-2026-99001'],
    summary: 'Out-of-bounds write in fixture-scan ring buffers',
    database_specific: { severity: 'HIGH' },
    affected: [
      {
        package: { ecosystem: 'npm', name: 'fixture-scan' },
        ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '1.1.0' }] }],
      },
    ],
  }
  await loadFixtureAdvisories(f.storage, [advisoryFromOsv(osv, 'osv:fixture')])
  // FIXTURE: a KEV entry for its CVE, as CISA's catalogue would list it
  await new SqlAdvisoryWriter(f.storage).writeKev([KEV_FIXTURE], 'kev', '2026-02-02T00:00:00Z')
  await f.t.app.listen({ host: '127.0.0.1', port: 0 })
  url = `http://127.0.0.1:${(f.t.app.server.address() as AddressInfo).port}/scan/direct`
  mkdirSync(path.join(work, 'proj', 'src'), { recursive: true })
  writeFileSync(path.join(work, 'proj', 'src', 'ring_copy.c'), ring('1.0.0').join('\n'))
  writeFileSync(path.join(work, 'proj', 'src', 'engine.c'), embedded())
  writeFileSync(path.join(work, 'proj', 'src', 'own.c'), own())
  writeFileSync(path.join(work, 'proj', 'src', 'md5.js'), readFileSync(new URL(CRYPTOJS_MD5, import.meta.url)))
})
after(async () => {
  await f.close()
  rmSync(work, { recursive: true, force: true })
})

/** Posts a WFP as scanoss-py does (multipart, the file part named after the request id). */
async function post(wfp: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  form.append('file', new Blob([wfp]), 'request.wfp')
  const res = await fetch(url, { method: 'POST', body: form, headers: { 'x-api-key': f.t.keys.full, ...headers } })
  return { status: res.status, body: (await res.json()) as Answer & { error?: { code: string } } }
}
const wfpOf = (name: string, text: string) => wfpForFile(name, Buffer.from(text))

describe('the real scanoss-js scan command', () => {
  let answer: Answer
  before(async () => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(https?|all)_proxy$/i.test(k)))
    const out = path.join(work, 'out.json')
    await promisify(execFile)(
      process.execPath,
      [bin, 'scan', path.join(work, 'proj'), '--apiurl', url, '--key', f.t.keys.full, '-o', out, '-stf'],
      { env, timeout: 120_000, cwd: work },
    )
    // the CLI's JSON holds the engine's answer under `scanner` (beside its own dependency and crypto sections)
    const raw = (JSON.parse(readFileSync(out, 'utf8')) as { scanner: Answer }).scanner
    // scanoss-js keys the answer by the path as it fingerprinted it
    answer = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k.slice(k.lastIndexOf('src/')), v]))
  })

  test('an exact copy of an indexed file is a file match of the version that holds it', () => {
    const [m] = answer['src/ring_copy.c'] ?? []
    assert.equal(m?.id, 'file')
    assert.deepEqual(m?.purl, ['pkg:npm/fixture-scan'])
    assert.equal(m?.version, '1.0.0')
    assert.equal(m?.file, 'src/ring.c')
    assert.deepEqual([m?.lines, m?.oss_lines, m?.matched], ['all', 'all', '100%'])
    assert.deepEqual(m?.licenses, [
      { name: 'MIT', source: 'component_declared', url: 'https://spdx.org/licenses/MIT.html' },
    ])
  })

  test('a 90-line fragment inside our own code is a snippet match whose ranges point at the fragment', () => {
    const [m] = answer['src/engine.c'] ?? []
    assert.equal(m?.id, 'snippet')
    assert.deepEqual(m?.purl, ['pkg:npm/fixture-scan'])
    assert.equal(m?.version, '1.0.0', 'both versions hold the fragment: the older one is named')
    assert.equal(m?.file, 'src/ring.c')
    const [from, to] = (m?.lines ?? '').split('-').map(Number) as [number, number]
    const [ossFrom, ossTo] = (m?.oss_lines ?? '').split('-').map(Number) as [number, number]
    // the fragment is lines 37–126 of engine.c (after our 36 lines) and 60–149 of ring.c; a fingerprint is
    // attributed to the line that completes its window, which may be the line just after the fragment
    assert.ok(from >= 37 && from <= 45 && to >= 118 && to <= 128, `lines ${m?.lines}`)
    assert.equal(ossFrom - from, FRAGMENT_FROM - 37, `oss_lines ${m?.oss_lines} beside lines ${m?.lines}`)
    assert.equal(ossTo - ossFrom, to - from)
    assert.ok(ossFrom >= 1 && ossTo <= ring('1.0.0').length, `oss_lines ${m?.oss_lines} inside ring.c`)
    assert.match(String(m?.matched), /^\d{1,2}%$/)
  })

  test("a copy of crypto-js's md5.js answers that file's algorithms, and its file_url serves the file", async () => {
    const [m] = answer['src/md5.js'] ?? []
    assert.equal(m?.id, 'file')
    assert.deepEqual(m?.purl, ['pkg:npm/fixture-cryptojs'])
    assert.deepEqual(m?.cryptography, [
      { algorithm: 'hmac', strength: 'Strong' },
      { algorithm: 'md5', strength: 'Weak' },
    ])
    assert.match(String(m?.file_url), /^http:\/\/127\.0\.0\.1:\d+\/file_contents\/[0-9a-f]{32}$/)
    const res = await fetch(String(m?.file_url), { headers: { 'x-api-key': f.t.keys.full } })
    assert.equal(res.status, 200)
    const bytes = Buffer.from(await res.arrayBuffer())
    assert.deepEqual(bytes, readFileSync(new URL(CRYPTOJS_MD5, import.meta.url)))
    assert.equal(createHash('md5').update(bytes).digest('hex'), m?.file_hash)
  })

  test('its html report (with -D -C, which it needs) is written from the answer', async () => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(https?|all)_proxy$/i.test(k)))
    const out = path.join(work, 'report.html')
    const base = url.replace('/scan/direct', '')
    const args = ['scan', path.join(work, 'proj'), '-D', '-C', '--apiurl', url, '--api2url', base]
    await promisify(execFile)(
      process.execPath,
      [bin, ...args, '--key', f.t.keys.full, '-o', out, '-f', 'html', '-stf'],
      {
        env,
        timeout: 120_000,
        cwd: work,
      },
    )
    const html = readFileSync(out, 'utf8')
    assert.match(html, /pkg:npm\/fixture-scan/)
    assert.match(html, /MIT/)
  })

  test('code nobody published matches nothing', () => {
    assert.deepEqual(Object.keys(answer['src/own.c']?.[0] ?? {}).sort(), ['id', 'server'])
    assert.equal(answer['src/own.c']?.[0]?.id, 'none')
  })
})

describe('the form: flags, SBOM context and settings', () => {
  const copy = () => wfpOf('src/ring_copy.c', ring('1.0.0').join('\n'))
  const fragment = (name = 'src/engine.c') => wfpOf(name, embedded())
  const ids = (a: Answer) => Object.fromEntries(Object.entries(a).map(([k, [m]]) => [k, m?.id]))

  test('answers in the order of the WFP, one key per path, the server block on every entry', async () => {
    const { status, body } = await post(fragment() + copy() + wfpOf('src/own.c', own()))
    assert.equal(status, 200)
    assert.deepEqual(Object.keys(body), ['src/engine.c', 'src/ring_copy.c', 'src/own.c'])
    assert.deepEqual(ids(body), { 'src/engine.c': 'snippet', 'src/ring_copy.c': 'file', 'src/own.c': 'none' })
    for (const [m] of Object.values(body as Answer))
      assert.deepEqual(Object.keys(m?.server as object), ['version', 'kb_version'])
  })

  test('flag 1 turns snippet matching off; flag 8 leaves licenses out', async () => {
    const { body } = await post(fragment() + copy(), { flags: '9' })
    assert.deepEqual(ids(body), { 'src/engine.c': 'none', 'src/ring_copy.c': 'file' })
    assert.equal('licenses' in (body['src/ring_copy.c']?.[0] ?? {}), false)
  })

  test('dependencies, vulnerabilities (with their KEV entry) and the algorithms of the matched file, unless the flags leave them out', async () => {
    const [m] = (await post(copy())).body['src/ring_copy.c'] ?? []
    assert.deepEqual(m?.dependencies, [
      { vendor: 'fixture-hfh', component: 'fixture-hfh', version: '^1.0.0', source: 'component_declared' },
    ])
    assert.deepEqual(
      (
        (m?.vulnerabilities ?? []) as {
          ID: string
          severity: string
          patched: string
          source: string
          kev?: { cve: string; date_added: string }
        }[]
      ).map((v) => [v.ID, v.severity, v.patched, v.source, v.kev?.cve, v.kev?.date_added]),
      [['GHSA-fxsc-fxsc-0001', 'High', '1.1.0', 'github_advisories', 'CVE-2026-99001', '2026-02-02']],
    )
    assert.deepEqual(m?.cryptography, [{ algorithm: 'sha1', strength: 'Weak' }])
    const [bare] = (await post(copy(), { flags: String(4 | 32 | 128) })).body['src/ring_copy.c'] ?? []
    assert.deepEqual(
      ['dependencies', 'vulnerabilities', 'cryptography'].filter((k) => bare && k in bare),
      [],
    )
  })

  test('a copy with the other line endings is a file match through fh2', async () => {
    const { body } = await post(wfpOf('crlf/ring.c', ring('1.0.0').join('\r\n')))
    const [m] = body['crlf/ring.c'] ?? []
    assert.equal(m?.id, 'file')
    assert.equal(m?.version, '1.0.0')
    assert.notEqual(m?.file_hash, m?.source_hash, 'file_hash is the indexed file, source_hash the scanned one')
  })

  test('blacklisted components are never named; identified ones are marked, and hidden with flag 512', async () => {
    const assets = JSON.stringify({ components: [{ purl: 'pkg:npm/fixture-scan' }] })
    const black = await post(fragment() + copy(), { type: 'blacklist', assets })
    assert.deepEqual(ids(black.body), { 'src/engine.c': 'none', 'src/ring_copy.c': 'none' })
    const identify = await post(copy(), { type: 'identify', assets })
    assert.equal(identify.body['src/ring_copy.c']?.[0]?.status, 'identified')
    const hidden = await post(copy(), { type: 'identify', assets, flags: '512' })
    assert.equal(hidden.body['src/ring_copy.c']?.[0]?.id, 'none')
  })

  test('scanoss-settings: minimum hits, and the file-extension rule', async () => {
    const settings = (o: object) => ({ 'scanoss-settings': Buffer.from(JSON.stringify(o)).toString('base64') })
    const strict = await post(fragment(), {}, settings({ min_snippet_hits: 500 }))
    assert.equal(strict.body['src/engine.c']?.[0]?.id, 'none')
    const python = await post(fragment('src/engine.py'))
    assert.equal(python.body['src/engine.py']?.[0]?.id, 'none', 'only .c files hold the fragment')
    const anyExt = await post(fragment('src/engine.py'), {}, settings({ honour_file_exts: false }))
    assert.equal(anyExt.body['src/engine.py']?.[0]?.id, 'snippet')
  })
})

describe('bad input: a 4xx in the error shape', () => {
  const code = async (res: Response) => ((await res.json()) as { error?: { code: string } }).error?.code
  const form = (parts: Record<string, string | Blob>) => {
    const fd = new FormData()
    for (const [k, v] of Object.entries(parts)) fd.append(k, v)
    return fd
  }
  const send = (body: string | FormData, headers: Record<string, string> = {}) =>
    fetch(url, { method: 'POST', body, headers: { 'x-api-key': f.t.keys.full, ...headers } })

  for (const [what, wfp, message] of [
    ['a file= line without a path', 'file=8f45acf752b3ee6fd042d775301f7467,27\n', /line 1/],
    ['an MD5 that is not 32 hex digits', 'file=8f45,27,a.c\n', /line 1/],
    ['a hash of the wrong length', 'file=8f45acf752b3ee6fd042d775301f7467,27,a.c\n4=1c7382a\n', /line 2/],
    ['fingerprints before any file', '4=1c7382a4\n', /line 1/],
    ['binary garbage', '\u0000\u00ff\u0001garbage', /line 1/],
  ] as const)
    test(`a WFP with ${what}`, async () => {
      const { status, body } = await post(wfp)
      assert.equal(status, 400)
      assert.equal(body.error?.code, 'VALIDATION_FAILED')
      assert.match(JSON.stringify(body), message)
    })

  test('millions of hashes for one file: a 400 naming the limit, and the server answers on', async () => {
    const line = Array.from({ length: 1000 }, (_, i) => (i + 1).toString(16).padStart(8, '0')).join(',')
    const lines = Array.from({ length: 101 }, (_, i) => `${i + 1}=${line}`).join('\n')
    const { status, body } = await post(`file=8f45acf752b3ee6fd042d775301f7467,99,big.c\n${lines}\n`)
    assert.deepEqual([status, body.error?.code], [400, 'VALIDATION_FAILED'])
    assert.match(JSON.stringify(body), /maxFingerprintsPerFile/)
    assert.equal((await post(wfpOf('src/own.c', own()))).status, 200)
  })

  test('JSON instead of a form, a form without a WFP, bad flags, bad settings, bad assets', async () => {
    const json = await send(JSON.stringify({ file: 'x' }), { 'content-type': 'application/json' })
    assert.deepEqual([json.status, await code(json)], [415, 'UNSUPPORTED_MEDIA_TYPE'])
    const empty = await send(form({ flags: '0' }))
    assert.deepEqual([empty.status, await code(empty)], [400, 'VALIDATION_FAILED'])
    for (const [fields, headers] of [
      [{ flags: 'lots' }, {}],
      [{}, { 'scanoss-settings': 'not base64 json' }],
      [{ type: 'identify', assets: '{"components":[' }, {}],
      [{ type: 'remove', assets: '{}' }, {}],
      [{ type: 'identify', assets: '{"components":[{"purl":"not a purl"}]}' }, {}],
    ] as const) {
      const res = await post('file=8f45acf752b3ee6fd042d775301f7467,27,a.c\n', fields, headers)
      assert.deepEqual([res.status, res.body.error?.code], [400, 'VALIDATION_FAILED'], JSON.stringify(fields))
    }
  })

  test('a malformed multipart body, and one over the limits', async () => {
    const broken = await send('--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nfile=', {
      'content-type': 'multipart/form-data; boundary=x',
    })
    assert.equal(broken.status, 400)
    assert.ok(await code(broken))
    const big = await send(form({ assets: 'x'.repeat(5 * 1024 * 1024), file: new Blob(['file=']) }))
    assert.deepEqual([big.status, await code(big)], [413, 'PAYLOAD_TOO_LARGE'])
  })

  test('no key is 401; a key without the scanning scope is 403', async () => {
    const none = await fetch(url, { method: 'POST', body: form({ file: new Blob(['x']) }) })
    assert.equal(none.status, 401)
    const narrow = await fetch(url, {
      method: 'POST',
      body: form({ file: new Blob(['x']) }),
      headers: { 'x-api-key': f.t.keys.components },
    })
    assert.equal(narrow.status, 403)
  })
})

describe('the recorded client requests (FIXTURE: test/fixtures/client-captures/scan.json)', () => {
  const captures = JSON.parse(readFileSync(new URL('fixtures/client-captures/scan.json', import.meta.url), 'utf8')) as {
    requests: { name: string; headers: [string, string][]; body: string }[]
  }

  test('replayed as sent (our key in place of theirs): 200, every path of the WFP answered, in order', async () => {
    assert.deepEqual(
      captures.requests.map((r) => r.name),
      ['js_scan_D_C_key', 'scan'],
    )
    for (const r of captures.requests) {
      const skip = new Set(['host', 'content-length', 'connection', 'accept-encoding'])
      const headers = Object.fromEntries(
        r.headers
          .filter(([k]) => !skip.has(k.toLowerCase()))
          .map(([k, v]) => [k, /^(x-api-key|x-session)$/i.test(k) ? f.t.keys.full : v]),
      )
      const res = await fetch(url, { method: 'POST', headers, body: r.body })
      assert.equal(res.status, 200, r.name)
      const body = (await res.json()) as Answer
      const paths = [...r.body.matchAll(/^file=[0-9a-f]{32},\d+,(.+)$/gm)].map((m) => m[1])
      assert.deepEqual(Object.keys(body), paths, r.name)
      for (const [m] of Object.values(body)) assert.deepEqual(Object.keys(m ?? {}), ['id', 'server'], r.name)
    }
  })
})
