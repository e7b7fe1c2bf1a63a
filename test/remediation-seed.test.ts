// Remediation on the shipped seed (real advisories and versions; docs/vulnerabilities.md "Remediation"): the nearest
// upgrade of lodash 4.17.15 that fixes all its findings and the severe ones, Debian's openssl and its binary libssl3
// (the changelog's fixes), a crate whose advisories no version fixes, and the enriched SBOM's properties. Each
// expectation is checked against the answers for the versions around it, so it says why.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { TestApp } from './helpers/app.ts'
import { closeSeededApp, seededApp } from './helpers/seeded-app.ts'

type Upgrade = { version: string; same_major: boolean } | null
type Result = {
  purl: string
  version: string
  vulnerabilities: { id: string; severity: string; aliases: string[]; advisory_ids: string[] }[]
  remediation?: { fixes_all: Upgrade; fixes_severe?: Upgrade }
}

let t: TestApp
before(async () => {
  t = await seededApp()
})
after(() => closeSeededApp(t))

async function ask(...purls: string[]): Promise<Result[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/vulnerabilities/components',
    headers: { 'x-api-key': t.keys.full },
    payload: { components: purls.map((purl) => ({ purl })) },
  })
  assert.equal(res.statusCode, 200, res.body)
  return res.json().components
}

const severe = (r: Result) => r.vulnerabilities.filter((v) => v.severity === 'High' || v.severity === 'Critical')
const names = (r: Result) => r.vulnerabilities.flatMap((v) => [v.id, ...v.aliases])

test('lodash 4.17.15: 4.18.0 fixes all its findings, not 4.17.23 (two 2026 advisories are fixed in 4.18.0 only)', async () => {
  const [old, v23, v180] = await ask('pkg:npm/lodash@4.17.15', 'pkg:npm/lodash@4.17.23', 'pkg:npm/lodash@4.18.0')
  assert.ok(old && v23 && v180)
  assert.ok(old.vulnerabilities.length >= 5, JSON.stringify(names(old)))
  // the issue expected 4.17.23 (it fixes CVE-2025-13465); since then Retire.js's records of GHSA-f23m-r3pf-42rh
  // (CVE-2026-2950, _.unset/_.omit) and GHSA-r5fr-rjxr-66jc (CVE-2026-4800, _.template) say 4.17.23 is affected
  // and 4.18.0 fixes them, and the KB has lodash 4.18.0
  for (const ghsa of ['GHSA-f23m-r3pf-42rh', 'GHSA-r5fr-rjxr-66jc']) {
    assert.ok(names(old).includes(ghsa), ghsa)
    assert.ok(names(v23).includes(ghsa), `4.17.23 still has ${ghsa}`)
  }
  assert.deepEqual(v180.vulnerabilities, [], '4.18.0 has no known vulnerability')
  assert.deepEqual(old.remediation?.fixes_all, { version: '4.18.0', same_major: true })
  assert.equal(v180.remediation, undefined, 'nothing to fix: no remediation')
})

test('lodash 4.17.15: fixes_severe is 4.18.0 too, as its High CVE-2021-23337 merges GHSA-r5fr-rjxr-66jc', async () => {
  const releases = ['4.17.16', '4.17.17', '4.17.18', '4.17.19', '4.17.20', '4.17.21', '4.17.23']
  const [old, ...later] = await ask(...['4.17.15', ...releases].map((v) => `pkg:npm/lodash@${v}`))
  assert.ok(old && severe(old).length > 0, 'lodash 4.17.15 has severe findings')
  // GHSA-r5fr-rjxr-66jc names CVE-2021-23337 (High) as an alias, so one vulnerability; its fix is 4.18.0, and every
  // lodash release the KB has between 4.17.15 and 4.18.0 has a High finding
  for (const r of later) assert.ok(severe(r).length > 0, `${r.version} still has a severe finding`)
  assert.deepEqual(old.remediation?.fixes_severe, { version: '4.18.0', same_major: true })
})

test("Debian openssl and its binary libssl3: the changelog's fixes give 3.0.22-1~deb12u2", async () => {
  const [openssl, libssl, latest] = await ask(
    'pkg:deb/debian/openssl@3.0.17-1~deb12u2',
    'pkg:deb/debian/libssl3@3.0.20-1~deb12u2',
    'pkg:deb/debian/openssl@3.0.22-1~deb12u2',
  )
  assert.ok(openssl && libssl && latest)
  // the KB holds 3.0.17-1~deb12u2, 3.0.20-1~deb12u2 and 3.0.22-1~deb12u2 of both; changelog CVEs such as
  // CVE-2026-35189 were fixed by the 3.0.22-1~deb12u2 upload, so 3.0.20-1~deb12u2 is still affected
  assert.ok(names(libssl).includes('CVE-2026-35189'), JSON.stringify(names(libssl)))
  assert.deepEqual(latest.vulnerabilities, [])
  for (const r of [openssl, libssl]) {
    assert.deepEqual(r.remediation?.fixes_all, { version: '3.0.22-1~deb12u2', same_major: true }, r.purl)
    // the changelog gives no severity: nothing is rated severe, so no fixes_severe
    assert.equal(r.remediation && 'fixes_severe' in r.remediation, false)
  }
})

test('a component no known version fixes: atty 0.2.14 (RustSec advisories never fixed) has fixes_all null', async () => {
  const [atty] = await ask('pkg:cargo/atty@0.2.14')
  assert.deepEqual(
    atty?.vulnerabilities.map((v) => v.id),
    ['RUSTSEC-2021-0145', 'RUSTSEC-2024-0375'],
  )
  assert.deepEqual(atty?.remediation, { fixes_all: null })
})
