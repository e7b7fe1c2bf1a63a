// The Python distributions, crates, Go modules and Maven artifacts of the shipped seed (real data, data/README.md "The
// seed KB"): answered from the seed alone (the suite's servers learn nothing), with the licenses their Debian
// packages declare, at the upstream versions bookworm ships; a crate looked up however its name is spelled; RustSec
// advisories keyed with `-` as the seed is written since schema version 17, so they attach to crates named with `_`;
// a module's go.mod requirements walked by minimal version selection within the seed; Go's vulnerability database
// matched by module and version.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { TestApp } from './helpers/app.ts'
import { post as postTo } from './helpers/debian-kb.ts'
import { closeSeededApp, seededApp } from './helpers/seeded-app.ts'

let t: TestApp
before(async () => {
  t = await seededApp()
})
after(() => closeSeededApp(t))

const post = (url: string, components: { purl: string }[]) => postTo(t, url, components)
/** The advisory ids of a vulnerabilities answer: each finding's id and the ids it merges. */
const advisoryIds = (answer: unknown) =>
  ((answer as { vulnerabilities?: { id: string; advisory_ids?: string[] }[] }).vulnerabilities ?? []).flatMap((v) => [
    v.id,
    ...(v.advisory_ids ?? []),
  ])

test('licenses of distributions and crates from the seed, at the versions bookworm ships', async () => {
  const answers = await post('/v2/licenses/components', [
    { purl: 'pkg:pypi/requests@2.28.1' },
    { purl: 'pkg:pypi/PyYAML' },
    { purl: 'pkg:cargo/serde_json@1.0.87' },
    { purl: 'pkg:cargo/Serde-JSON' },
  ])
  const licenses = answers.map((a) => (a.licenses ?? []).map((l) => l.id).sort())
  assert.deepEqual([answers[0]?.version, licenses[0]], ['2.28.1', ['Apache-2.0']], JSON.stringify(answers[0]))
  assert.ok(licenses[1]?.includes('MIT'), JSON.stringify(answers[1]))
  for (const i of [2, 3]) {
    assert.equal(answers[i]?.version, '1.0.87', JSON.stringify(answers[i]))
    assert.ok(licenses[i]?.includes('Apache-2.0') && licenses[i]?.includes('MIT'), JSON.stringify(answers[i]))
  }
})

test("the seed's crates are analyzed (their Rust files' statistics), and RustSec advisories attach to `_` names", async () => {
  const [stats] = await post('/v2/components/statistics', [{ purl: 'pkg:cargo/serde_json@1.0.87' }])
  const { languages } = (stats as unknown as { statistics: { languages: { name: string; files: number }[] } })
    .statistics
  const rust = languages?.find((l) => l.name === 'Rust')
  assert.ok(rust && rust.files > 10, JSON.stringify(stats))
  // ansi_term: unmaintained since 2021 (RUSTSEC-2021-0139, every version), keyed as ansi-term
  const [vulns] = await post('/v2/vulnerabilities/components', [{ purl: 'pkg:cargo/ansi_term@0.12.1' }])
  assert.ok(advisoryIds(vulns).includes('RUSTSEC-2021-0139'), JSON.stringify(vulns))
})

test('Go modules and Maven artifacts from the seed: their licenses at the versions bookworm ships', async () => {
  const answers = await post('/v2/licenses/components', [
    { purl: 'pkg:golang/github.com/stretchr/testify@v1.8.1' },
    { purl: 'pkg:golang/golang.org/x/net@v0.7.0' },
    { purl: 'pkg:golang/github.com/BurntSushi/toml' },
    { purl: 'pkg:maven/org.apache.commons/commons-lang3@3.12.0' },
    { purl: 'pkg:maven/com.google.guava/guava@31.1-jre' },
  ])
  const got = answers.map((a) => [a.version, (a.licenses ?? []).map((l) => l.id)])
  assert.deepEqual(got[0], ['v1.8.1', ['MIT']], JSON.stringify(answers[0]))
  assert.equal(got[1]?.[0], 'v0.7.0')
  assert.ok(got[1]?.[1]?.includes('BSD-3-Clause'), JSON.stringify(answers[1]))
  // a module path is case-sensitive: the seed holds it as written, the version Debian's newest
  assert.equal(got[2]?.[0], 'v1.2.0', JSON.stringify(answers[2]))
  for (const i of [3, 4]) {
    assert.equal(answers[i]?.info_code, undefined, JSON.stringify(answers[i]))
    assert.ok(got[i]?.[1]?.includes('Apache-2.0'), JSON.stringify(answers[i]))
  }
})

test("a Go module's requirements walked within the seed; the Go vulnerability database matched", async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/dependencies/transitive/components',
    headers: { 'x-api-key': t.keys.full },
    payload: { components: [{ purl: 'pkg:golang/github.com/stretchr/testify@v1.8.1' }] },
  })
  assert.equal(res.statusCode, 200, res.body)
  const found = (res.json().dependencies as { purl: string; version: string }[]).map((d) => `${d.purl}@${d.version}`)
  for (const required of [
    'gopkg.in/yaml.v3@v3.0.1',
    'github.com/davecgh/go-spew@v1.1.1',
    'github.com/pmezard/go-difflib@v1.0.0',
  ])
    assert.ok(found.includes(`pkg:golang/${required}`), JSON.stringify(found))
  const [vulns] = await post('/v2/vulnerabilities/components', [{ purl: 'pkg:golang/golang.org/x/net@v0.7.0' }])
  assert.ok(advisoryIds(vulns).includes('GO-2023-1988'), JSON.stringify(vulns))
})
