// Geoprovenance end to end on FIXTURE data: a synthetic commit-timezone file and a synthetic git history are
// ingested through the real commands, accounts with locations are written as a connector would, and every
// geoprovenance endpoint (its single and batch forms, the deprecated forms and their /api/v2 paths) is asked about
// them.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { runIngestGeo } from '../src/cli/ingest-geo.ts'
import { parseConfig } from '../src/config/config.ts'
import { authorSalt, saltedId, writeRepoAccounts } from '../src/storage/geo-store.ts'
import { makeTestApp, type TestApp } from './helpers/app.ts'

const work = mkdtempSync(path.join(tmpdir(), 'compintel-geo-'))
const db = path.join(work, 'kb.sqlite')
let t: TestApp

/** FIXTURE: two made-up repositories in the data set's format; `crowd` has more authors than the test threshold. */
const pacific = (author: string) => ({ author, offsets: { '-0800': 10, '-0700': 12 } })
const FIXTURE_LINES = [
  {
    repo: 'github.com/Fixture/geo-a',
    purls: ['pkg:github/fixture/geo-a', 'pkg:npm/fixture-geo-a'],
    head: 'aaaa',
    head_date: '2026-01-02',
    per_author: [pacific('a1'), pacific('a2'), { author: 'bot1', offsets: { '+0000': 50 }, bot: true }],
  },
  {
    repo: 'github.com/fixture/crowd',
    purls: ['pkg:github/fixture/crowd'],
    head: 'bbbb',
    head_date: '2026-01-03',
    per_author: ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'].map((a) => ({ author: a, offsets: { '+0530': 3 } })),
  },
]

/** A throw-away git repository whose two authors commit from Berlin-like offsets (+0100 in winter, +0200 in summer). */
function gitFixture(): string {
  const dir = path.join(work, 'repo')
  execFileSync('git', ['init', '-q', dir])
  const commit = (email: string, date: string, i: number) => {
    writeFileSync(path.join(dir, `f${i}.txt`), String(i))
    execFileSync('git', ['-C', dir, 'add', '.'])
    execFileSync('git', ['-C', dir, 'commit', '-q', '-m', `c${i}`], {
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'x',
        GIT_AUTHOR_EMAIL: email,
        GIT_COMMITTER_NAME: 'x',
        GIT_COMMITTER_EMAIL: email,
        GIT_AUTHOR_DATE: date,
        GIT_COMMITTER_DATE: date,
      },
    })
  }
  let i = 0
  for (const email of ['dev1@example.com', 'Dev2@Example.com'])
    for (const date of ['2024-01-15T10:00:00+01:00', '2024-02-15T10:00:00+01:00', '2024-07-15T10:00:00+02:00'])
      commit(email, date, i++)
  return dir
}

before(async () => {
  const file = path.join(work, 'commit-timezones.ndjson')
  writeFileSync(file, `${FIXTURE_LINES.map((l) => JSON.stringify(l)).join('\n')}\n`)
  const config = parseConfig({ DATABASE_URL: `sqlite:${db}` })
  const quiet = () => {}
  assert.equal(await runIngestGeo(config, 'commit-timezones', [file], quiet), 0)
  assert.equal(
    await runIngestGeo(
      config,
      'git',
      [gitFixture(), '--purl', 'pkg:github/fixture/berlin', '--purl', 'pkg:npm/fixture-berlin'],
      quiet,
    ),
    0,
  )
  t = await makeTestApp({ env: { DATABASE_URL: `sqlite:${db}`, GEO_MAX_CONTRIBUTORS: '5' } })
  const salt = await authorSalt(t.storage.db)
  const account = (login: string, role: 'owner' | 'contributor', location: string | null) => ({
    account: saltedId(salt, login),
    role,
    location,
  })
  await writeRepoAccounts(
    t.storage.db,
    'pkg:github/fixture/geo-a',
    [
      account('fixture-org', 'owner', 'Berlin, Germany'),
      account('u1', 'contributor', 'San Francisco, CA'),
      account('u2', 'contributor', 'Remote'),
      account('u3', 'contributor', 'Munich'),
      account('u4', 'contributor', null),
    ],
    'fixture',
    '2026-01-04',
  )
})
after(async () => {
  await t.close()
  rmSync(work, { recursive: true, force: true })
})

async function call(method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: { 'x-api-key': t.keys.full },
    ...(payload ? { payload } : {}),
  })
  assert.equal(res.statusCode, 200, res.body)
  return res.json()
}

describe('declared locations (single and batch)', () => {
  test('owner and contributors with their locations; curated countries counted', async () => {
    const r = await call('GET', '/v2/geoprovenance/countries/component?purl=pkg:github/fixture/geo-a')
    const c = r.component_locations
    assert.equal(c.purl, 'pkg:github/fixture/geo-a')
    assert.deepEqual(c.declared_locations, [
      { type: 'owner', location: 'Berlin, Germany' },
      ...c.declared_locations.filter((d: { type: string }) => d.type === 'contributor'),
    ])
    assert.equal(c.declared_locations.length, 4, 'the account without a location is not listed')
    assert.deepEqual(c.curated_locations, [
      { country: 'Germany', count: 2 },
      { country: 'United States of America', count: 1 },
    ])
    assert.equal(c.error_code, undefined)
  })
  test('a package purl answers from its source repository; batch order and outcome codes', async () => {
    const r = await call('POST', '/v2/geoprovenance/countries/components', {
      components: [
        { purl: 'pkg:npm/fixture-geo-a@1.0.0' },
        { purl: 'not a purl' },
        { purl: 'pkg:npm/nobody-knows-this' },
        { purl: 'pkg:github/fixture/berlin' },
      ],
    })
    const [a, bad, missing, none] = r.components_locations
    assert.equal(a.purl, 'pkg:npm/fixture-geo-a@1.0.0')
    assert.equal(a.curated_locations[0].country, 'Germany')
    assert.equal(bad.error_code, 'INVALID_PURL')
    assert.equal(missing.error_code, 'COMPONENT_NOT_FOUND')
    assert.equal(none.error_code, 'NO_INFO')
    assert.equal(none.info_code, 'NO_INFO', 'mirrored as info_code')
    for (const x of r.components_locations) {
      assert.ok(Array.isArray(x.declared_locations) && Array.isArray(x.curated_locations))
      if (x.error_code) assert.deepEqual([x.declared_locations, x.curated_locations], [[], []])
    }
  })
})

describe('origin from commit timing (single and batch)', () => {
  test('Pacific-time authors → the US first; bots ignored; percentages sum to 100', async () => {
    const r = await call('GET', '/v2/geoprovenance/origin/component?purl=pkg:npm/fixture-geo-a')
    const locs: { name: string; percentage: number }[] = r.component_locations.locations
    assert.equal(locs[0]?.name, 'US')
    assert.equal(Math.round(locs.reduce((n, l) => n + l.percentage * 100, 0)), 10000)
    assert.deepEqual(r.component_locations.sources, ['commit-timezones'], 'the answer names its source')
  })
  test('a git history with winter +0100 and summer +0200 → central Europe, not the UK', async () => {
    const r = await call('POST', '/v2/geoprovenance/origin/components', {
      components: [{ purl: 'pkg:npm/fixture-berlin' }],
    })
    const locs: { name: string }[] = r.components_locations[0].locations
    assert.ok(
      ['DE', 'FR', 'PL', 'IT', 'NL', 'ES', 'SE', 'AT', 'CH', 'BE', 'CZ'].includes(locs[0]?.name ?? ''),
      JSON.stringify(locs),
    )
    assert.ok(!locs.some((l) => l.name === 'GB'))
    assert.deepEqual(r.components_locations[0].sources, ['git'])
  })
  test('TOO_MANY_CONTRIBUTORS above GEO_MAX_CONTRIBUTORS, lists empty', async () => {
    const r = await call('POST', '/v2/geoprovenance/origin/components', {
      components: [{ purl: 'pkg:github/fixture/crowd' }],
    })
    const c = r.components_locations[0]
    assert.equal(c.error_code, 'TOO_MANY_CONTRIBUTORS')
    assert.match(c.error_message, /Too many contributors for pkg:github\/fixture\/crowd/)
    assert.deepEqual(c.locations, [])
  })
  test('no commit data → NO_INFO, never a made-up location', async () => {
    const r = await call('GET', '/v2/geoprovenance/origin/component?purl=pkg:github/fixture/nothing-here')
    assert.equal(r.component_locations.error_code, 'NO_INFO')
    assert.deepEqual(r.component_locations.locations, [])
    assert.deepEqual(r.component_locations.sources, [])
  })
})

test('the deprecated {purls} forms, at /v2 and /api/v2', async () => {
  for (const prefix of ['/v2', '/api/v2']) {
    const c = await call('POST', `${prefix}/geoprovenance/countries`, { purls: [{ purl: 'pkg:github/fixture/geo-a' }] })
    assert.equal(c.purls[0].curated_locations[0].country, 'Germany')
    const o = await call('POST', `${prefix}/geoprovenance/origin`, { purls: [{ purl: 'pkg:github/fixture/geo-a' }] })
    assert.equal(o.purls[0].locations[0].name, 'US')
  }
})

test('no e-mail address, login or name reaches the KB', async () => {
  for (const table of ['origin_author_offsets', 'geo_accounts', 'geo_repo_accounts', 'origin_repos']) {
    const rows = await t.storage.db
      .selectFrom(table as 'geo_accounts')
      .selectAll()
      .execute()
    const text = JSON.stringify(rows)
    for (const secret of ['example.com', 'dev1', 'fixture-org', 'u1"', '@'])
      assert.ok(!text.includes(secret), `${table} holds ${secret}`)
  }
})
