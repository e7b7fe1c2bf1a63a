// The Debian part of the shipped seed (real data, docs/debian.md "In the seed"): scanoss-py's recorded container-scan
// request (test/fixtures/client-captures/container-scan.json) is answered with licenses for its Debian
// packages; openssl's changelog-named CVEs affect the versions before their fix and not after; libc6's license is
// read from its copyright file; the base (Priority: required) packages are there; libssl3 has the cryptography of
// openssl's upstream source and an origin from its changelog. And `compintel check`'s rules find no row of the whole
// shipped seed (npm and Debian) that they do not allow.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, test } from 'node:test'
import { checkKb } from '../src/domain/kb/consistency.ts'
import { schemeFor } from '../src/domain/shared/versions/index.ts'
import { SqlConsistencyReader } from '../src/storage/consistency-reader.ts'
import type { TestApp } from './helpers/app.ts'
import { closeSeededApp, seededApp } from './helpers/seeded-app.ts'

let t: TestApp
before(async () => {
  t = await seededApp()
})
after(() => closeSeededApp(t))

const post = async (url: string, payload: object) => {
  const res = await t.app.inject({ method: 'POST', url, headers: { 'x-api-key': t.keys.full }, payload })
  assert.equal(res.statusCode, 200, res.body)
  return res.json()
}

type Capture = { runs: { name: string; requests: { path: string; body: string }[] }[] }

test("scanoss-py's container-scan request gets licenses for its Debian packages", async () => {
  const captures = JSON.parse(
    readFileSync(new URL('./fixtures/client-captures/container-scan.json', import.meta.url), 'utf8'),
  ) as Capture
  const request = captures.runs.find((r) => r.name === 'cs')?.requests[0]
  assert.equal(request?.path, '/v2/dependencies/dependencies')
  const answer = await post(request.path, JSON.parse(request.body as string))
  const deps = answer.files[0].dependencies as { purl: string; licenses: { spdx_id: string }[] }[]
  for (const name of ['libc6', 'openssl']) {
    const d = deps.find((x) => x.purl.startsWith(`pkg:deb/debian/${name}`))
    assert.ok(d && d.licenses.length > 0, `${name}: ${JSON.stringify(d)}`)
  }
  const libc = deps.find((x) => x.purl.startsWith('pkg:deb/debian/libc6'))
  assert.ok(libc?.licenses.some((l) => l.spdx_id === 'LGPL-2.1-or-later'))
})

test("openssl's changelog CVEs: affected before the upload that fixed them, not after", async () => {
  const rows = await t.storage.db
    .selectFrom('advisories as a')
    .innerJoin('advisory_packages as p', 'p.advisory_id', 'a.id')
    .select(['a.id', 'a.aliases', 'p.ranges'])
    .where('a.source', '=', 'debian-changelog')
    .where('p.purl_name', '=', 'debian/libssl3')
    .execute()
  assert.ok(rows.length > 20, `${rows.length} changelog advisories of libssl3`)
  const deb = schemeFor('deb')
  const fixes = rows.map((r) => ({
    cve: (JSON.parse(r.aliases) as string[])[0] as string,
    fixed: (JSON.parse(r.ranges) as { events: { fixed?: string }[] }[])[0]?.events.find((e) => e.fixed)
      ?.fixed as string,
  }))
  // the newest fix the changelog names, and the version just below it in the seed
  const newest = fixes.reduce((a, b) => (deb.compare(a.fixed, b.fixed) >= 0 ? a : b))
  const known = await t.storage.db
    .selectFrom('versions as v')
    .innerJoin('components as c', 'c.id', 'v.component_id')
    .select('v.version')
    .where('c.purl', '=', 'pkg:deb/debian/libssl3')
    .execute()
  const below = known.map((k) => k.version).filter((v) => deb.compare(v, newest.fixed) < 0)
  assert.ok(below.length > 0, `a seed version below ${newest.fixed}: ${known.map((k) => k.version)}`)
  const older = below.reduce((a, b) => (deb.compare(a, b) >= 0 ? a : b))
  const answer = await post('/v2/vulnerabilities/components', {
    components: [
      { purl: `pkg:deb/debian/libssl3@${older}?arch=amd64&distro=debian-12` },
      { purl: `pkg:deb/debian/libssl3@${newest.fixed}?arch=amd64&distro=debian-12` },
    ],
  })
  const ids = (i: number) => (answer.components[i].vulnerabilities as { id: string }[]).map((v) => v.id)
  assert.ok(ids(0).includes(newest.cve), `${newest.cve} affects ${older}`)
  assert.ok(!ids(1).includes(newest.cve), `${newest.cve} is fixed in ${newest.fixed}`)
})

test("libc6's license comes from its copyright file; the base packages are in the seed", async () => {
  const answer = await post('/v2/licenses/components', { components: [{ purl: 'pkg:deb/debian/libc6' }] })
  const c = answer.components[0]
  assert.match(c.statement ?? '', /LGPL-2\.1-or-later/)
  const base = await t.storage.db
    .selectFrom('components')
    .select('name')
    .where('purl_type', '=', 'deb')
    .where('name', 'in', ['base-files', 'bash', 'coreutils', 'dpkg', 'apt', 'tzdata'])
    .execute()
  assert.equal(base.length, 6, JSON.stringify(base))
})

test("libssl3's cryptography comes from openssl's upstream source; its origin from openssl's changelog", async () => {
  const purl = 'pkg:deb/debian/libssl3?arch=amd64&distro=debian-12'
  const crypto = await post('/v2/cryptography/algorithms/components', { components: [{ purl }] })
  const names = (crypto.components[0].algorithms as { algorithm: string }[]).map((a) => a.algorithm)
  for (const a of ['aes', 'rsa', 'sha2', 'chacha20']) assert.ok(names.includes(a), `${a} in ${names.join(' ')}`)
  const stats = await post('/v2/components/statistics', { components: [{ purl }] })
  const c = stats.component_statistics[0].statistics.languages.find((l: { name: string }) => l.name === 'C')
  assert.ok(c?.files > 1000, JSON.stringify(stats.component_statistics[0]))
  const origin = await post('/v2/geoprovenance/origin/components', { components: [{ purl }] })
  assert.deepEqual(origin.components_locations[0].sources, ['debian-changelog'])
  assert.ok(origin.components_locations[0].locations.length > 0)
})

test('compintel check finds nothing in the shipped seed: every row is one the rules allow', async () => {
  const report = await checkKb(new SqlConsistencyReader(t.storage.db), { chunk: 20_000 })
  assert.ok(report.components > 1900 && report.versions > 67_000, `${report.components}, ${report.versions}`)
  assert.deepEqual(report.findings, [])
  assert.ok(Object.values(report.counts).every((n) => n === 0))
})
