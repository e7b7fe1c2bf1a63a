// The GitHub users connector against FIXTURE responses in the API's documented shape (test/fixtures/github-api):
// owner and contributors with their locations are stored under salted ids, bots left out, the token sent, a
// missing repository reported and a rate limit turned into a clear error.
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { runIngestGeo } from '../src/cli/ingest-geo.ts'
import { parseConfig } from '../src/config/config.ts'
import { openStorage } from '../src/storage/database.ts'
import { SqlGeoReader } from '../src/storage/geo-store.ts'

const responses: Record<string, unknown> = JSON.parse(
  readFileSync(new URL('fixtures/github-api/responses.json', import.meta.url), 'utf8'),
)
const work = mkdtempSync(path.join(tmpdir(), 'compintel-github-'))
const config = parseConfig({ DATABASE_URL: `sqlite:${path.join(work, 'kb.sqlite')}` })
let server: Server
let api = ''
const seen: IncomingHttpHeaders[] = []

before(async () => {
  server = createServer((req, res) => {
    seen.push(req.headers)
    if (req.url?.startsWith('/repos/limited/')) {
      res.writeHead(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1800000000' }).end('{}')
      return
    }
    const body = responses[req.url ?? '']
    if (body === undefined) res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}')
    else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
after(async () => {
  await new Promise((resolve) => server.close(resolve))
  rmSync(work, { recursive: true, force: true })
})

test('owner and contributors with locations are stored under salted ids; bots are left out', async () => {
  const lines: string[] = []
  const code = await runIngestGeo(
    config,
    'github-users',
    ['pkg:github/fixture-org/geo-b', '--api-url', api, '--token', 'fixture-token'],
    (l) => lines.push(l),
  )
  assert.equal(code, 0)
  assert.match(lines.join('\n'), /fixture-org\/geo-b: 4 accounts, 3 with a location/)
  assert.ok(seen.every((h) => h.authorization === 'Bearer fixture-token'))
  assert.ok(!seen.some((h) => JSON.stringify(h).includes('renovate')))
  const storage = openStorage(config.database)
  try {
    const declared = (await new SqlGeoReader(storage).declared(['pkg:github/fixture-org/geo-b'])).get(
      'pkg:github/fixture-org/geo-b',
    )
    assert.deepEqual(declared, [
      { type: 'owner', location: 'Amsterdam, The Netherlands' },
      ...(declared ?? []).filter((d) => d.type === 'contributor'),
    ])
    assert.deepEqual((declared ?? []).map((d) => d.location).sort(), [
      'Amsterdam, The Netherlands',
      'Planet Earth',
      'Toronto',
    ])
    const rows = JSON.stringify(await storage.db.selectFrom('geo_accounts').selectAll().execute())
    for (const login of ['alice-fixture', 'bob-fixture', 'fixture-org', 'renovate'])
      assert.ok(!rows.includes(login), login)
    assert.equal(JSON.parse(rows).length, 4)
  } finally {
    await storage.close()
  }
})

test('a missing repository is reported and the run fails; a rate limit is a clear error', async () => {
  const lines: string[] = []
  assert.equal(
    await runIngestGeo(config, 'github-users', ['nobody/nothing', '--api-url', api], (l) => lines.push(l)),
    1,
  )
  assert.match(lines.join('\n'), /nobody\/nothing: not found/)
  await assert.rejects(
    runIngestGeo(config, 'github-users', ['limited/repo', '--api-url', api], () => {}),
    /rate limit or forbidden \(HTTP 403\); resets at 2027-01-15/,
  )
})
