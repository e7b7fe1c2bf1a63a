// Known cases on the real advisory files shipped in data/sources/advisories/, loaded with the OSV ingest into an
// in-memory KB and asked through POST /v2/vulnerabilities/components. To stay fast, each file is narrowed to the
// records naming the packages asked about (an answer only ever reads the records naming its package, so it is the
// same as with the whole file) and written under its own name, so sources are named as in a full load.
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import { SILENT } from '../src/ingest/data-report.ts'
import { ingestEpss } from '../src/sources/epss/epss.ts'
import { ingestOsv } from '../src/sources/osv/ingest-osv.ts'
import { SqlAdvisoryWriter } from '../src/storage/advisory-writer.ts'
import { makeTestApp, type TestApp } from './helpers/app.ts'

const DATA = fileURLToPath(new URL('../data/sources/advisories/', import.meta.url))
const EPSS = fileURLToPath(new URL('./fixtures/epss/epss-known.csv', import.meta.url))
const NOW = '2026-11-22T00:00:00.000Z'
/** source file → the package names asked about below */
const WANTED: Record<string, string[]> = {
  'retirejs.osv.ndjson.gz': ['lodash'],
  'nodejs-security-wg.osv.ndjson.gz': ['lodash', 'semver'],
  'pypa-advisory-database.osv.ndjson.gz': ['jinja2'],
  'golang-vulndb.osv.ndjson.gz': ['golang.org/x/text'],
  'rustsec-advisory-db.osv.ndjson.gz': ['smallvec'],
  'ossf-malicious-packages-npm.osv.ndjson.gz': ['cxp-jquery'],
}

/** The records of a shipped file that name one of these packages, as an NDJSON file of the same stem. */
function narrowed(dir: string, file: string, names: string[]): string {
  const lines = gunzipSync(readFileSync(path.join(DATA, file)))
    .toString('utf8')
    .split('\n')
  const keep = lines.filter((line) => {
    if (!names.some((n) => line.includes(`"${n}"`))) return false
    const affected = (JSON.parse(line).affected ?? []) as { package?: { name?: string } }[]
    return affected.some((a) => names.includes(a.package?.name ?? ''))
  })
  const out = path.join(dir, file.replace(/\.gz$/, ''))
  writeFileSync(out, `${keep.join('\n')}\n`)
  return out
}

type V = { id: string; source: string; advisory_ids: string[] }
type Result = { purl: string; version: string; vulnerabilities: V[]; error_code?: string }
let t: TestApp
let results: Map<string, Result>
let status: { db: { sources: { name: string; kind: string; as_of: string | null; imported_at: string }[] } }

const ASKED = [
  'pkg:npm/lodash@4.17.15',
  'pkg:npm/lodash@4.17.21',
  'pkg:pypi/jinja2@2.10',
  'pkg:pypi/jinja2@2.10.post1',
  'pkg:pypi/Jinja2@2.10.1',
  'pkg:pypi/jinja2@2.11.3.0',
  'pkg:golang/golang.org/x/text@v0.3.2',
  'pkg:golang/golang.org/x/text@v0.3.3-0.20200430171045-e1c2c4aa3c4d',
  'pkg:golang/golang.org/x/text@v0.3.8',
  'pkg:cargo/smallvec@0.6.9',
  'pkg:cargo/smallvec@1.6.0',
  'pkg:cargo/smallvec@1.6.1',
  'pkg:npm/cxp-jquery',
]

before(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'compintel-real-osv-'))
  const files = Object.entries(WANTED).map(([file, names]) => narrowed(dir, file, names))
  t = await makeTestApp()
  const writer = new SqlAdvisoryWriter(t.storage)
  const report = await ingestOsv(files, writer, { now: () => NOW, sink: SILENT })
  assert.ok(report.written > 20, `${report.written} records loaded`)
  await ingestEpss(EPSS, writer, { now: () => NOW, sink: SILENT })
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/vulnerabilities/components',
    headers: { 'x-api-key': t.keys.full },
    payload: { components: ASKED.map((purl) => ({ purl })) },
  })
  assert.equal(res.statusCode, 200)
  const body = res.json()
  results = new Map(body.components.map((c: Result, i: number) => [ASKED[i], c]))
  status = body.status
})
after(() => t.close())

const ids = (purl: string) => (results.get(purl) as Result).vulnerabilities.map((v) => v.id)
const advisories = (purl: string) => (results.get(purl) as Result).vulnerabilities.flatMap((v) => v.advisory_ids)
const has = (purl: string, ...want: string[]) => {
  for (const id of want) assert.ok(ids(purl).includes(id) || advisories(purl).includes(id), `${purl} has ${id}`)
}
const lacks = (purl: string, ...unwanted: string[]) => {
  for (const id of unwanted) assert.ok(!ids(purl).includes(id) && !advisories(purl).includes(id), `${purl}: ${id}`)
}

test('npm lodash: 4.17.15 has CVE-2020-8203 and CVE-2020-28500, 4.17.21 neither', () => {
  has('pkg:npm/lodash@4.17.15', 'CVE-2020-8203', 'CVE-2020-28500')
  lacks('pkg:npm/lodash@4.17.21', 'CVE-2020-8203', 'CVE-2020-28500')
  const v = (results.get('pkg:npm/lodash@4.17.15') as Result).vulnerabilities.find((x) => x.id === 'CVE-2020-8203')
  assert.match(v?.source ?? '', /osv:retirejs/)
})

test('PyPI jinja2 (PEP 440 order): CVE-2019-10906 below 2.10.1, CVE-2020-28493 below 2.11.3 (= 2.11.3.0)', () => {
  has('pkg:pypi/jinja2@2.10', 'CVE-2019-10906', 'PYSEC-2019-217', 'CVE-2020-28493')
  lacks('pkg:pypi/jinja2@2.10', 'CVE-2014-1402')
  has('pkg:pypi/jinja2@2.10.post1', 'CVE-2019-10906') // a post-release of 2.10 comes before 2.10.1
  lacks('pkg:pypi/Jinja2@2.10.1', 'CVE-2019-10906')
  has('pkg:pypi/Jinja2@2.10.1', 'CVE-2020-28493')
  lacks('pkg:pypi/jinja2@2.11.3.0', 'CVE-2020-28493', 'CVE-2019-10906')
})

test('Go golang.org/x/text: GO-2020-0015 (CVE-2020-14040) before 0.3.3, pseudo-versions included', () => {
  has('pkg:golang/golang.org/x/text@v0.3.2', 'GO-2020-0015', 'CVE-2020-14040', 'CVE-2021-38561', 'CVE-2022-32149')
  has('pkg:golang/golang.org/x/text@v0.3.3-0.20200430171045-e1c2c4aa3c4d', 'CVE-2020-14040')
  lacks('pkg:golang/golang.org/x/text@v0.3.8', 'CVE-2020-14040', 'CVE-2021-38561', 'CVE-2022-32149')
})

test('crates.io smallvec: RUSTSEC-2021-0003 (CVE-2021-25900) in 1.6.0, fixed in 1.6.1', () => {
  has('pkg:cargo/smallvec@1.6.0', 'RUSTSEC-2021-0003', 'CVE-2021-25900')
  lacks('pkg:cargo/smallvec@1.6.1', 'CVE-2021-25900')
  has('pkg:cargo/smallvec@0.6.9', 'RUSTSEC-2019-0009', 'RUSTSEC-2019-0012', 'RUSTSEC-2021-0003')
})

test('a real malicious npm package shows its MAL record, and its status is malicious', async () => {
  const r = results.get('pkg:npm/cxp-jquery') as Result
  assert.deepEqual([ids('pkg:npm/cxp-jquery'), r.error_code], [['MAL-2021-1'], undefined])
  const res = await t.app.inject({
    method: 'GET',
    url: '/v2/components/status/component?purl=pkg:npm/cxp-jquery',
    headers: { 'x-api-key': t.keys.full },
  })
  assert.equal(res.json().component_status.status, 'malicious')
})

test('status.db names the loaded advisory and EPSS sources with their dates', async () => {
  assert.deepEqual(
    status.db.sources.map((s) => [s.name, s.kind, s.imported_at]),
    [
      ['epss', 'epss', NOW],
      ...Object.keys(WANTED)
        .map((f) => `osv:${f.replace('.osv.ndjson.gz', '')}`)
        .sort()
        .map((name) => [name, 'advisories', NOW]),
    ],
  )
  assert.equal(status.db.sources[0]?.as_of, '2099-01-02T12:55:00+0000')
  for (const s of status.db.sources) assert.match(s.as_of ?? '', /^\d{4}-\d{2}-\d{2}T/, s.name)
  const cpes = await t.app.inject({
    method: 'POST',
    url: '/v2/vulnerabilities/cpes/components',
    headers: { 'x-api-key': t.keys.full },
    payload: { components: [{ purl: 'pkg:npm/lodash@4.17.15' }] },
  })
  assert.deepEqual(cpes.json().status.db.sources, [], 'CPE answers list the CPE sources (none loaded)')
})

test('scanoss-py folder-scan -f cyclonedx: the vulnerabilities it reads from purls[] are there, for scanoss-py only', async () => {
  // what scanoss-py 1.51 sends after a folder matched semver 4.3.1: the dependency call, then one vulnerabilities call
  const send = (url: string, payload: object, ua?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'x-api-key': t.keys.full, ...(ua ? { 'user-agent': ua } : {}) },
      payload,
    })
  const PY = 'scanoss-py/1.51.0'
  const ref = { purl: 'pkg:npm/semver', requirement: '4.3.1' }
  const deps = (
    await send('/v2/dependencies/dependencies', { files: [{ file: '.', purls: [ref] }], depth: 1 }, PY)
  ).json()
  const [dep] = deps.files[0].dependencies
  for (const field of ['purl', 'component', 'version', 'licenses']) assert.ok(field in dep, `dependencies: ${field}`)
  const vulns = (await send('/v2/vulnerabilities/components', { components: [ref] }, PY)).json()
  assert.deepEqual(vulns.purls, vulns.components, 'the same answers under the key scanoss-py reads')
  const [semver] = vulns.purls as { purl: string; vulnerabilities: Record<string, unknown>[] }[]
  const redos = semver?.vulnerabilities.find((v) => v.cve === 'CVE-2015-8855')
  assert.ok(redos, JSON.stringify(semver))
  // the fields its CycloneDX writer reads from each vulnerability
  for (const field of ['id', 'cve', 'source', 'severity']) assert.equal(typeof redos[field], 'string', field)
  const other = (await send('/v2/vulnerabilities/components', { components: [ref] }, 'curl/8.5.0')).json()
  assert.equal(other.purls, undefined, 'no second copy for any other client')
  assert.deepEqual(other.components, vulns.components)
})
