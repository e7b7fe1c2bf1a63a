// `compintel update`'s feeds against a local HTTP server on 127.0.0.1 serving real-format files built here from the
// data the project ships (an OSV all.zip of the Node security WG records, a slice of the EPSS file, CISA's KEV
// catalogue as CISA serves it — plain JSON —, a slice of purl2cpe): downloaded and ingested; then 304 (conditional GET), a truncated file, a damaged gzip and a server error,
// with the KB left as it was each time and the failure recorded; and the schedule's claim, one runner at a time.
import assert from 'node:assert/strict'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { gunzipSync, gzipSync } from 'node:zlib'
import { sql } from 'kysely'
import { parseConfig } from '../src/config/config.ts'
import { SHIPPED_KEV } from '../src/sources/kev/kev.ts'
import { openStorage, type Storage } from '../src/storage/database.ts'
import { SqlFeedStore } from '../src/storage/feed-store.ts'
import { SqlKbMetaStore } from '../src/storage/kb-meta-store.ts'
import { migrate } from '../src/storage/migrate.ts'
import { runUpdate } from '../src/update/run-update.ts'
import { writeZip } from './helpers/zip.ts'

const DATA = fileURLToPath(new URL('../data/sources/', import.meta.url))
const lines = (file: string, n: number) =>
  gunzipSync(readFileSync(path.join(DATA, file)))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .slice(0, n)

type Mode = 'ok' | 'truncated' | 'damaged' | 'error'
const files = new Map<string, Buffer>()
const modes = new Map<string, Mode>()
const seen: { url: string; ifNoneMatch: string | undefined }[] = []
let base = ''
const server = http.createServer((req, res) => {
  const url = req.url ?? '/'
  seen.push({ url, ifNoneMatch: req.headers['if-none-match'] })
  const body = files.get(url)
  const etag = `"${url.length}-${body?.length}"`
  const mode = modes.get(url) ?? 'ok'
  if (!body) return void res.writeHead(404).end()
  if (mode === 'error') return void res.writeHead(500).end('no')
  if (mode === 'ok' && req.headers['if-none-match'] === etag) return void res.writeHead(304).end()
  if (mode === 'truncated') {
    res.writeHead(200, { 'content-length': body.length, etag })
    res.write(body.subarray(0, body.length >> 1))
    return void res.socket?.destroy()
  }
  if (mode === 'damaged') return void res.writeHead(200, { etag: '"x"' }).end(body.subarray(0, body.length - 9))
  res.writeHead(200, { 'content-length': body.length, etag }).end(body)
})

let storage: Storage
const log = { info: () => {}, warn: () => {} }
const counts = async () => {
  const { rows } = await sql<{ a: number; e: number; k: number; c: number }>`
    select (select count(*) from advisories) as a, (select count(*) from epss_scores) as e,
      (select count(*) from kev_entries) as k, (select count(*) from cpe_products) as c`.execute(storage.db)
  return rows[0]
}
const update = () => {
  const growth = parseConfig({
    FEED_OSV_URLS: `${base}/osv/npm/all.zip`,
    FEED_EPSS_URL: `${base}/epss_scores-current.csv.gz`,
    FEED_KEV_URL: `${base}/known_exploited_vulnerabilities.json`,
    FEED_PURL2CPE_URL: `${base}/purl2cpe.ndjson.gz`,
  }).growth
  const registry = { registry: `${base}/`, cache: mkdtempSync(path.join(tmpdir(), 'ci-up-')) }
  return runUpdate({ storage, registry, growth, log }, { metadata: false, feeds: true })
}

before(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ci-feeds-'))
  const zip = path.join(dir, 'all.zip')
  const records = lines('advisories/nodejs-security-wg.osv.ndjson.gz', 1000)
  writeZip(
    zip,
    records.map((r) => ({ name: `${(JSON.parse(r) as { id: string }).id}.json`, data: r })),
  )
  files.set('/osv/npm/all.zip', readFileSync(zip))
  files.set(
    '/epss_scores-current.csv.gz',
    gzipSync(`${lines('epss/epss_scores-2026-08-16.csv.gz', 2002).join('\n')}\n`),
  )
  files.set('/known_exploited_vulnerabilities.json', gunzipSync(readFileSync(path.join(DATA, SHIPPED_KEV))))
  const cpeFile = readdirSync(path.join(DATA, 'purl2cpe')).find((f) => f.endsWith('.gz'))
  files.set('/purl2cpe.ndjson.gz', gzipSync(`${lines(`purl2cpe/${cpeFile}`, 200).join('\n')}\n`))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  storage = openStorage({ kind: 'sqlite', path: ':memory:' })
  await migrate(storage)
})
after(async () => {
  await storage?.close()
  server.close()
})

test('feeds are downloaded, checked and ingested; unchanged ones cost a 304', async () => {
  const r = await update()
  assert.deepEqual(
    r.feeds.map((f) => [f.name, f.result]),
    [
      ['osv:npm', 'ingested'],
      ['epss', 'ingested'],
      ['kev', 'ingested'],
      ['purl2cpe', 'ingested'],
    ],
    JSON.stringify(r.feeds),
  )
  const loaded = await counts()
  assert.ok(
    Number(loaded?.a) > 400 && Number(loaded?.e) === 2000 && Number(loaded?.k) === 1404 && Number(loaded?.c) > 0,
    JSON.stringify(loaded),
  )
  const sources = await new SqlKbMetaStore(storage).sources(['advisories', 'epss', 'kev', 'cpe'])
  for (const name of ['osv:npm', 'epss', 'kev', 'purl2cpe'])
    assert.ok(sources.find((s) => s.name === name)?.checkedAt, `${name}: when it was last found current`)
  const again = await update()
  assert.deepEqual(
    again.feeds.map((f) => f.result),
    ['not-modified', 'not-modified', 'not-modified', 'not-modified'],
  )
  assert.ok(seen.filter((s) => s.ifNoneMatch).length >= 4, 'conditional requests')
  const feeds = await new SqlFeedStore(storage.db).list()
  assert.deepEqual(
    feeds.map((f) => [f.name, f.checked_at !== null, f.changed_at !== null, f.last_error]),
    [
      ['epss', true, true, null],
      ['kev', true, true, null],
      ['osv:npm', true, true, null],
      ['purl2cpe', true, true, null],
    ],
  )
})

test('a truncated file, a damaged gzip and a server error leave the KB as it was', async () => {
  const before = await counts()
  modes.set('/osv/npm/all.zip', 'truncated')
  modes.set('/epss_scores-current.csv.gz', 'damaged')
  modes.set('/known_exploited_vulnerabilities.json', 'damaged')
  modes.set('/purl2cpe.ndjson.gz', 'error')
  try {
    const r = await update()
    assert.deepEqual(
      r.feeds.map((f) => f.result),
      ['failed', 'failed', 'failed', 'failed'],
    )
    assert.match(r.feeds[0]?.error ?? '', /truncated|terminated|closed|socket/i)
    assert.match(r.feeds[1]?.error ?? '', /unexpected end|damaged|incorrect|header/i)
    assert.match(r.feeds[2]?.error ?? '', /not a KEV catalogue/)
    assert.match(r.feeds[3]?.error ?? '', /HTTP 500/)
    assert.deepEqual(await counts(), before)
    const feeds = await new SqlFeedStore(storage.db).list()
    for (const f of feeds) assert.ok(f.failed_at !== null && f.last_error !== null && f.changed_at !== null, f.name)
  } finally {
    modes.clear()
  }
})

test('the schedule: the first look starts the clock; of two claimers of a due run, one runs it', async () => {
  const store = new SqlFeedStore(storage.db)
  const t0 = new Date('2026-11-25T00:00:00Z')
  assert.equal(await store.claimRun('update-test', 3_600_000, t0), false, 'first start: not due yet')
  assert.equal(await store.claimRun('update-test', 3_600_000, new Date(t0.getTime() + 60_000)), false)
  const due = new Date(t0.getTime() + 3_600_000)
  const claims = await Promise.all([
    store.claimRun('update-test', 3_600_000, due),
    store.claimRun('update-test', 3_600_000, due),
  ])
  assert.deepEqual(claims.sort(), [false, true])
})
