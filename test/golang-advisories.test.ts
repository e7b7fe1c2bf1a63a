// The shipped Go Vulnerability Database (data/sources/advisories/golang-vulndb.osv.ndjson.gz, narrowed to the records
// naming golang.org/x/net) loaded with the OSV ingest, and golang.org/x/net known as Debian 12 ships it
// (golang-golang-x-net-dev 1:0.7.0+dfsg-1 → v0.7.0, its real go.mod: FIXTURE test/fixtures/golang/README.md), mapped
// by the Go source's own functions: POST /v2/vulnerabilities/components answers the known module's version with the
// advisories whose ranges hold it (GO-2023-1988, fixed in 0.13.0) and not those fixed before it (GO-2023-1571, fixed
// in 0.7.0), by module path and version, the purl's `v` and OSV's bare versions equal.
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import { parseGoMod } from '../src/domain/dependencies/go-mod.ts'
import { SILENT } from '../src/ingest/data-report.ts'
import { goVersionOfDebian } from '../src/sources/golang/debian-version.ts'
import { mapModule } from '../src/sources/golang/map-module.ts'
import { ingestOsv } from '../src/sources/osv/ingest-osv.ts'
import { SqlAdvisoryWriter } from '../src/storage/advisory-writer.ts'
import { SqlKbWriter } from '../src/storage/kb-writer.ts'
import { makeTestApp } from './helpers/app.ts'

const VULNDB = fileURLToPath(new URL('../data/sources/advisories/golang-vulndb.osv.ndjson.gz', import.meta.url))
const GO_MOD = new URL('./fixtures/golang/go-mod/golang.org_x_net/go.mod', import.meta.url)
const NOW = '2026-11-28T00:00:00.000Z'

test('golang.org/x/net v0.7.0 as Debian ships it: the shipped Go advisories whose ranges hold it', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'compintel-go-osv-'))
  const lines = gunzipSync(readFileSync(VULNDB)).toString('utf8').split('\n')
  const file = path.join(dir, 'golang-vulndb.osv.ndjson')
  writeFileSync(file, `${lines.filter((l) => l.includes('"golang.org/x/net"')).join('\n')}\n`)
  const t = await makeTestApp()
  try {
    const report = await ingestOsv([file], new SqlAdvisoryWriter(t.storage), { now: () => NOW, sink: SILENT })
    assert.ok(report.written > 10, `${report.written} records`)
    const v = goVersionOfDebian('1:0.7.0+dfsg-1', 'golang.org/x/net', true)
    assert.deepEqual(v, { kind: 'release', version: 'v0.7.0' })
    const mapped = mapModule(
      [
        {
          mod: {
            module: 'golang.org/x/net',
            goMod: parseGoMod(readFileSync(GO_MOD, 'utf8')),
            hasGoMod: true,
            dir,
            files: ['go.mod'],
            nested: [],
            bytes: 0,
            licenseFile: null,
          },
          version: v.version,
          package: 'golang-golang-x-net-dev',
          debianVersion: '1:0.7.0+dfsg-1',
          arch: 'all',
          suites: ['bookworm'],
          copyright: null,
          firstUpload: null,
        },
      ],
      NOW,
    )
    assert.ok(mapped)
    await new SqlKbWriter(t.storage).writePackage({ ...mapped, analyses: [], registryVersions: mapped.versions })
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/vulnerabilities/components',
      headers: { 'x-api-key': t.keys.full },
      payload: {
        components: [{ purl: 'pkg:golang/golang.org/x/net@v0.7.0' }, { purl: 'pkg:golang/golang.org/x/net' }],
      },
    })
    assert.equal(res.statusCode, 200, res.body)
    const [exact, latest] = res.json().components as {
      version: string
      vulnerabilities: { id: string; advisory_ids: string[] }[]
    }[]
    const ids = (exact?.vulnerabilities ?? []).flatMap((x) => [x.id, ...x.advisory_ids])
    assert.equal(exact?.version, 'v0.7.0')
    assert.ok(ids.includes('GO-2023-1988'), ids.join(' '))
    assert.ok(ids.includes('GO-2023-2102'), ids.join(' '))
    assert.ok(ids.includes('CVE-2023-3978'), 'GO-2023-1988 names it')
    assert.ok(!ids.includes('GO-2023-1571') && !ids.includes('CVE-2022-41723'), 'fixed in 0.7.0')
    assert.ok(!ids.includes('GO-2022-1144'), 'fixed in 0.4.0')
    // without a version: the known module's latest, the one Debian ships
    assert.equal(latest?.version, 'v0.7.0')
  } finally {
    await t.close()
  }
})
