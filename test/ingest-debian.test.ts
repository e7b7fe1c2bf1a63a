// Debian ingestion end to end, offline: ingestDebian through apt (compintel's private configuration) against the
// FIXTURE repository test/fixtures/debian/repo (eight real bookworm packages, README there), read as a local file:
// repository, into an in-memory KB answered by the app: every version in Debian's order, dependencies, licenses from
// copyright files, release dates and fixed CVEs from changelogs (advisories of the source debian-changelog).
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { AptArchive } from '../src/sources/debian/apt.ts'
import type { DebianIngestOptions } from '../src/sources/debian/ingest-debian.ts'
import {
  advisories,
  cves,
  type DebianRun,
  dependencies,
  ingestDebianInto,
  post,
  versions,
} from './helpers/debian-kb.ts'

const REPO = fileURLToPath(new URL('./fixtures/debian/repo', import.meta.url))
const LOCAL = { archive: `file:${REPO}`, security: `file:${REPO}`, keyring: '' }
// the newest Date of the suites' Release files (bookworm-security's) dates every component
const SUITE_DATE = '2026-11-25T02:22:30.000Z'
const SASL_OLD = '2.1.28+dfsg-10'
const SASL_NEW = '2.1.28+dfsg-10+deb12u1'
// dpdk's library: the security suite's version is the older one, though it sorts after the newer one as text
const RTE_OLD = '22.11.7-1~deb12u1'
const RTE_NEW = '22.11.11-0+deb12u1'

function ingest(names: string[], more: Partial<DebianIngestOptions> = {}): Promise<DebianRun> {
  return ingestDebianInto({ suites: ['bookworm'], mirrors: LOCAL, trusted: true }, names, more)
}

describe('Debian ingestion from a local repository, newest versions read', () => {
  let run: DebianRun
  before(async () => {
    run = await ingest(['zlib1g', 'libsasl2-2', 'libsemanage-common', 'librte-kvargs23', 'no-such-package'])
  })
  after(() => run.close())

  test('the packages written, the unknown one reported as not in the suites', () => {
    assert.deepEqual(run.report, {
      written: 4,
      notFound: ['no-such-package'],
      analyzed: 4,
      advisories: 19,
      origins: 4,
      failed: [],
    })
  })

  test('every version of every suite (-security counted as the suite), in Debian order, with its index facts', async () => {
    const { t } = run
    const components = await t.storage.db.selectFrom('components').selectAll().orderBy('purl').execute()
    assert.deepEqual(
      components.map((c) => [c.purl, c.latest_version, c.source_purl, c.source, c.as_of]),
      [
        ['pkg:deb/debian/librte-kvargs23', RTE_NEW, 'pkg:deb/debian/dpdk?arch=source', 'debian-archive', SUITE_DATE],
        ['pkg:deb/debian/libsasl2-2', SASL_NEW, 'pkg:deb/debian/cyrus-sasl2?arch=source', 'debian-archive', SUITE_DATE],
        [
          'pkg:deb/debian/libsemanage-common',
          '3.4-1',
          'pkg:deb/debian/libsemanage?arch=source',
          'debian-archive',
          SUITE_DATE,
        ],
        ['pkg:deb/debian/zlib1g', '1:1.2.13.dfsg-1', 'pkg:deb/debian/zlib?arch=source', 'debian-archive', SUITE_DATE],
      ],
    )
    const sasl = await versions(t, 'libsasl2-2')
    assert.deepEqual(
      sasl.map((v) => [v.version, v.status_raw]),
      [
        [SASL_OLD, 'bookworm'],
        [SASL_NEW, 'bookworm'],
      ],
    )
    const rte = await versions(t, 'librte-kvargs23')
    assert.deepEqual(
      rte.map((v) => v.version),
      [RTE_OLD, RTE_NEW],
    )
    // the integrity is the index's SHA-256 of the .deb, and that is the fixture file's own
    const index = readFileSync(path.join(REPO, 'dists/bookworm-security/main/binary-amd64/Packages'), 'utf8')
    const sha = /Version: 2\.1\.28\+dfsg-10\+deb12u1\n[\s\S]*?SHA256: ([0-9a-f]{64})/.exec(index)?.[1] as string
    assert.equal(sasl[1]?.integrity, `sha256-${Buffer.from(sha, 'hex').toString('base64')}`)
  })

  test('Depends as runtime dependencies, each version its own', async () => {
    const { t } = run
    assert.deepEqual(await dependencies(t, 'libsasl2-2', SASL_NEW), [
      ['runtime', 'libc6', '>= 2.34'],
      ['runtime', 'libsasl2-modules-db', `>= ${SASL_NEW}`],
    ])
    assert.deepEqual(await dependencies(t, 'libsasl2-2', SASL_OLD), [
      ['runtime', 'libc6', '>= 2.34'],
      ['runtime', 'libsasl2-modules-db', `>= ${SASL_OLD}`],
    ])
    assert.deepEqual(await dependencies(t, 'libsemanage-common', '3.4-1'), [])
  })

  test('licenses from copyright files (DEP-5 and text), on the newest version only; dates from its changelog', async () => {
    const { t } = run
    const [zlib] = await versions(t, 'zlib1g')
    assert.deepEqual([zlib?.license_expression, zlib?.released_at], ['Zlib', '2022-11-05T12:24:46.000Z'])
    const [semanage] = await versions(t, 'libsemanage-common')
    assert.deepEqual(
      [semanage?.license_expression, semanage?.released_at],
      ['(LGPL-2.1-or-later AND GPL-2.0-only)', '2022-06-04T17:10:35.000Z'],
    )
    const [older, newer] = await versions(t, 'libsasl2-2')
    assert.equal(older?.license_expression, null, 'the older version was not read')
    assert.match(newer?.license_expression ?? '', /^\(BSD-4-Clause AND OpenSSL AND .* AND BSD-2-Clause\)$/)
    assert.equal(newer?.released_at, '2026-10-24T15:03:02.000Z')
  })

  test("the changelogs' CVEs are advisories of debian-changelog, fixed by the upload naming them", async () => {
    const rows = await advisories(run.t)
    assert.ok(rows.every((a) => a.source === 'debian-changelog'))
    const dpdk = rows.filter((a) => a.purl_name === 'debian/librte-kvargs23')
    assert.equal(dpdk.length, 14)
    assert.equal(dpdk.find((a) => a.id === 'x_DEBIAN-CHANGELOG-librte-kvargs23-CVE-2024-11614')?.fixed, RTE_OLD)
    const others = rows.filter((a) => a.purl_name !== 'debian/librte-kvargs23')
    assert.deepEqual(others.map((a) => [a.id, a.source, a.purl_name, a.fixed]).sort(), [
      ['x_DEBIAN-CHANGELOG-libsasl2-2-CVE-2019-19906', 'debian-changelog', 'debian/libsasl2-2', '2.1.27+dfsg-2'],
      ['x_DEBIAN-CHANGELOG-libsasl2-2-CVE-2022-24407', 'debian-changelog', 'debian/libsasl2-2', '2.1.28+dfsg-1'],
      ['x_DEBIAN-CHANGELOG-libsasl2-2-CVE-2026-107161', 'debian-changelog', 'debian/libsasl2-2', SASL_NEW],
      ['x_DEBIAN-CHANGELOG-zlib1g-CVE-2018-25032', 'debian-changelog', 'debian/zlib1g', '1:1.2.11.dfsg-4'],
      ['x_DEBIAN-CHANGELOG-zlib1g-CVE-2022-37434', 'debian-changelog', 'debian/zlib1g', '1:1.2.11.dfsg-4.1'],
    ])
  })

  test('the app: the older version has the CVE the newer upload fixed, the newest none', async () => {
    const [older, newer, zlib] = await post(run.t, '/v2/vulnerabilities/components', [
      { purl: `pkg:deb/debian/libsasl2-2@${SASL_OLD}?arch=amd64&distro=debian-12` },
      { purl: `pkg:deb/debian/libsasl2-2@${encodeURIComponent(SASL_NEW)}?arch=amd64&distro=debian-12` },
      { purl: 'pkg:deb/debian/zlib1g@1:1.2.13.dfsg-1?arch=amd64&distro=debian-12' },
    ])
    assert.deepEqual(cves(older), ['CVE-2026-107161 debian-changelog'])
    assert.deepEqual(older?.vulnerabilities?.[0]?.fixed_versions, [SASL_NEW])
    assert.equal(newer?.version, SASL_NEW)
    assert.deepEqual(cves(newer), [])
    assert.deepEqual(cves(zlib), [])
  })

  test('the app: requirements resolve in Debian order', async () => {
    const purl = 'pkg:deb/debian/libsasl2-2'
    const rte = 'pkg:deb/debian/librte-kvargs23'
    const answers = await post(run.t, '/v2/vulnerabilities/components', [
      { purl },
      { purl, requirement: `< ${SASL_NEW}` },
      { purl, requirement: `>= ${SASL_OLD}` },
      { purl, requirement: `<= ${SASL_OLD}` },
      { purl: rte },
      { purl: rte, requirement: `< ${RTE_NEW}` },
      { purl: rte, requirement: `> ${RTE_OLD}` },
      // the upload before the one that fixed CVE-2024-11614, a version the suites no longer list
      { purl: `${rte}@22.11.6-1~deb12u1` },
    ])
    assert.deepEqual(
      answers.map((c) => [c.version, cves(c).length]),
      [
        [SASL_NEW, 0],
        [SASL_OLD, 1],
        [SASL_NEW, 0],
        [SASL_OLD, 1],
        [RTE_NEW, 0],
        [RTE_OLD, 0],
        [RTE_NEW, 0],
        ['22.11.6-1~deb12u1', 1],
      ],
    )
  })

  test('the app: licenses of a purl with arch and distro; an unknown package not found', async () => {
    const [zlib, unknown, older] = await post(run.t, '/v2/licenses/components', [
      { purl: 'pkg:deb/debian/zlib1g@1:1.2.13.dfsg-1?arch=amd64&distro=debian-12' },
      { purl: 'pkg:deb/debian/no-such-package@1.0-1' },
      { purl: `pkg:deb/debian/libsasl2-2@${SASL_OLD}` },
    ])
    assert.deepEqual([zlib?.statement, zlib?.licenses?.map((l) => l.id)], ['Zlib', ['Zlib']])
    assert.equal(zlib?.info_code, undefined)
    assert.equal(unknown?.info_code, 'COMPONENT_NOT_FOUND')
    // the older version has no license of its own: the answer is the nearest licensed one's, named as such
    assert.deepEqual([older?.info_code, older?.version], ['REQUIREMENT_NOT_MET', SASL_NEW])
  })
})

describe('Debian ingestion with dependencies, every version read', () => {
  let run: DebianRun
  before(async () => {
    run = await ingest(['libsasl2-2', 'libgcc-s1'], { withDependencies: true, analyze: 'all' })
  })
  after(() => run.close())

  test('the closure pulls the dependencies in the suites and reports the others', () => {
    const { report } = run
    assert.deepEqual([report.written, report.analyzed, report.failed], [4, 4, []])
    assert.deepEqual([...report.notFound].sort(), ['libc6', 'libdb5.3'])
  })

  test('each version its own license; a doc folder linked to another package takes that one', async () => {
    const { t } = run
    const sasl = await versions(t, 'libsasl2-2')
    assert.equal(sasl.length, 2)
    for (const v of sasl) assert.match(v.license_expression ?? '', /^\(BSD-4-Clause AND /, v.version)
    assert.equal(sasl[0]?.released_at, '2022-11-22T16:48:33.000Z')
    const [base] = await versions(t, 'gcc-12-base')
    const [libgcc] = await versions(t, 'libgcc-s1')
    assert.match(base?.license_expression ?? '', /^\(GPL-3\.0-or-later AND .*LGPL-2\.1-or-later/)
    assert.equal(libgcc?.license_expression, base?.license_expression)
    assert.equal(libgcc?.released_at, '2025-04-07T11:26:17.000Z')
  })

  test('the KB says which copyright file gave a declared license and how it was read', async () => {
    const rows = await run.t.storage.db
      .selectFrom('version_licenses as l')
      .innerJoin('versions as v', 'v.id', 'l.version_id')
      .innerJoin('components as c', 'c.id', 'v.component_id')
      .select(['c.name', 'l.path', 'l.source'])
      .where('l.kind', '=', 'declared')
      .distinct()
      .orderBy('c.name')
      .execute()
    assert.deepEqual(rows, [
      // gcc-12-base's copyright file is not machine-readable; libgcc-s1's doc folder is a link to it
      { name: 'gcc-12-base', path: 'usr/share/doc/gcc-12-base/copyright', source: 'debian-copyright-text' },
      { name: 'libgcc-s1', path: 'usr/share/doc/gcc-12-base/copyright', source: 'debian-copyright-text' },
      { name: 'libsasl2-2', path: 'usr/share/doc/libsasl2-2/copyright', source: 'debian-copyright-dep5' },
      {
        name: 'libsasl2-modules-db',
        path: 'usr/share/doc/libsasl2-modules-db/copyright',
        source: 'debian-copyright-dep5',
      },
    ])
  })

  test('one advisory per binary package and CVE, each package of a source with its own', async () => {
    const rows = await advisories(run.t)
    const named = (cve: string) =>
      rows
        .filter((r) => r.id.endsWith(`-${cve}`))
        .map((r) => `${r.id} ${r.purl_name} ${r.fixed}`)
        .sort()
    assert.deepEqual(named('CVE-2023-4039'), [
      'x_DEBIAN-CHANGELOG-gcc-12-base-CVE-2023-4039 debian/gcc-12-base 12.2.0-14+deb12u1',
      'x_DEBIAN-CHANGELOG-libgcc-s1-CVE-2023-4039 debian/libgcc-s1 12.2.0-14+deb12u1',
    ])
    assert.deepEqual(named('CVE-2026-107161'), [
      `x_DEBIAN-CHANGELOG-libsasl2-2-CVE-2026-107161 debian/libsasl2-2 ${SASL_NEW}`,
      `x_DEBIAN-CHANGELOG-libsasl2-modules-db-CVE-2026-107161 debian/libsasl2-modules-db ${SASL_NEW}`,
    ])
  })
})

test('a network mirror is never read without signatures', () => {
  const remote = { archive: 'http://mirror.example.test/debian', security: '', keyring: '' }
  assert.throws(
    () => new AptArchive({ dir: tmpdir(), suites: ['bookworm'], mirrors: remote, trusted: true }),
    /only a local file: repository is read without signatures/,
  )
  assert.doesNotThrow(() => new AptArchive({ dir: tmpdir(), suites: ['bookworm'], mirrors: LOCAL, trusted: true }))
})
