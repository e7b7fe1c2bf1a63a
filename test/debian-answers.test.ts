// Answers about Debian packages from an in-memory KB of FIXTURE packages (mapped as the ingester maps index records)
// and FIXTURE advisories: Debian's own advisories (OSV ecosystem "Debian:<n>": DSA, DLA, DEBIAN-CVE records) name
// source packages, and a binary package's purl reaches them through its source (the component's source purl in the
// KB, or the purl's `upstream` qualifier), in Debian's version order; the transitive walk follows Depends.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { advisoryFromOsv } from '../src/domain/vulnerabilities/osv-record.ts'
import type { BinaryRecord } from '../src/sources/debian/indexes.ts'
import { mapDebianPackage } from '../src/sources/debian/map-debian.ts'
import { withProviders } from '../src/sources/debian/selection.ts'
import { SqlKbWriter } from '../src/storage/kb-writer.ts'
import { loadFixtureAdvisories } from './helpers/advisory-fixture.ts'
import { makeTestApp, type TestApp } from './helpers/app.ts'

// FIXTURE: libfx3 built from the source package fxssl, two versions (a stable update's ~ in the revision)
const record = (version: string, name = 'libfx3', source = 'fxssl'): BinaryRecord => ({
  name,
  version,
  arch: 'amd64',
  source,
  sourceVersion: version,
  depends: 'libc6 (>= 2.34)',
  preDepends: '',
  provides: '',
  homepage: '',
  description: 'FIXTURE library',
  sha256: '',
  filename: '',
  mirror: '',
  installedSize: 100,
  suites: ['bookworm'],
  priority: 'optional',
})

let t: TestApp
before(async () => {
  t = await makeTestApp()
  const asOf = '2026-11-27T00:00:00.000Z'
  const { component, versions } = mapDebianPackage([record('3.0.11-1~deb12u2'), record('3.0.17-1~deb12u2')], asOf)
  const writer = new SqlKbWriter(t.storage)
  await writer.writePackage({ component, versions, analyses: [] })
  // FIXTURE libc6: two versions, the dependency of libfx3
  const libc = mapDebianPackage(
    [record('2.36-9+deb12u7', 'libc6', 'glibc'), record('2.36-9+deb12u14', 'libc6', 'glibc')],
    asOf,
  )
  for (const v of libc.versions) v.dependencies = []
  await writer.writePackage({ ...libc, analyses: [] })
  const dsa = advisoryFromOsv(
    {
      id: 'x_DSA-FX-1',
      modified: '2026-02-01T00:00:00Z',
      aliases: ['CVE-2099-0100'],
      summary: 'FIXTURE flaw in fxssl',
      affected: [
        {
          package: { ecosystem: 'Debian:12', name: 'fxssl' },
          ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '3.0.13-1~deb12u1' }] }],
        },
      ],
    },
    'osv:fixture-debian',
  )
  assert.deepEqual(
    dsa.affected.map((a) => [a.ecosystem, a.purlType, a.purlName]),
    [['Debian', 'deb', 'debian/fxssl']],
  )
  await loadFixtureAdvisories(t.storage, [dsa])
})
after(() => t.close())

async function vulnerabilities(purl: string): Promise<{ ids: string[]; version: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/vulnerabilities/components',
    headers: { 'x-api-key': t.keys.full },
    payload: { components: [{ purl }] },
  })
  assert.equal(res.statusCode, 200, res.body)
  const [c] = res.json().components as { version: string; vulnerabilities: { id: string }[] }[]
  return { ids: (c?.vulnerabilities ?? []).map((v) => v.id), version: c?.version ?? '' }
}

test("a binary package gets its source package's Debian advisories, below the fixed version only", async () => {
  assert.deepEqual(await vulnerabilities('pkg:deb/debian/libfx3@3.0.11-1~deb12u2?arch=amd64&distro=debian-12'), {
    ids: ['CVE-2099-0100'],
    version: '3.0.11-1~deb12u2',
  })
  assert.deepEqual((await vulnerabilities('pkg:deb/debian/libfx3@3.0.17-1~deb12u2?arch=amd64')).ids, [])
})

test('a binary the KB does not know reaches its source through the upstream qualifier (as syft writes it)', async () => {
  const unknown = 'pkg:deb/debian/libfx-extra@3.0.11-1?arch=amd64&upstream=fxssl%403.0.11-1'
  assert.deepEqual((await vulnerabilities(unknown)).ids, ['CVE-2099-0100'])
  assert.deepEqual((await vulnerabilities('pkg:deb/debian/libfx-extra@3.0.11-1?arch=amd64')).ids, [])
})

test('a requirement cut from a Debian purl, qualifiers and all (as scanoss-py sends it), names the version', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/cryptography/algorithms/components',
    headers: { 'x-api-key': t.keys.full },
    payload: { components: [{ purl: 'pkg:deb/debian/libfx3', requirement: '3.0.17-1~deb12u2?arch=amd64' }] },
  })
  assert.equal(res.statusCode, 200, res.body)
  const [c] = res.json().components as { version: string; requirement: string; error_code?: string }[]
  assert.equal(c?.version, '3.0.17-1~deb12u2')
  assert.equal(c?.requirement, '3.0.17-1~deb12u2?arch=amd64')
  assert.notEqual(c?.error_code, 'INVALID_SEMVER')
})

test('the transitive walk follows Depends to the highest version in the suites that meets the relation', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/dependencies/transitive/components',
    headers: { 'x-api-key': t.keys.full },
    payload: { components: [{ purl: 'pkg:deb/debian/libfx3@3.0.17-1~deb12u2?arch=amd64' }] },
  })
  assert.equal(res.statusCode, 200, res.body)
  assert.deepEqual(res.json().dependencies, [
    {
      purl: 'pkg:deb/debian/libc6',
      version: '2.36-9+deb12u14',
      requirement: '>= 2.34',
      depth: 1,
      dependent: 'pkg:deb/debian/libfx3@3.0.17-1~deb12u2',
    },
  ])
})

test('a dependency on a virtual package is recorded as one on its first provider, once', () => {
  const { versions } = mapDebianPackage(
    [{ ...record('1.0-1', 'fx-tool', 'fx-tool'), depends: 'awk, mawk (>= 1.3), debconf (>= 0.5) | debconf-2.0' }],
    '2026-11-27T00:00:00.000Z',
  )
  withProviders(
    versions,
    new Set(['mawk', 'debconf']),
    new Map([
      ['awk', 'mawk'],
      ['debconf-2.0', 'debconf'],
    ]),
  )
  assert.deepEqual(versions[0]?.dependencies, [
    { scope: 'runtime', name: 'mawk', requirement: '>= 1.3' },
    { scope: 'runtime', name: 'debconf', requirement: '>= 0.5' },
    { scope: 'optional', name: 'debconf', requirement: '' },
  ])
})
