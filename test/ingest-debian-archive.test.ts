// Debian ingestion against the real archive (docs/debian.md "Reaching the archive"): runs only where this machine's
// Debian mirror (its apt sources, or DEBIAN_MIRROR / DEBIAN_SECURITY_MIRROR) answers within a few seconds, and is
// skipped with the reason otherwise. zlib1g, libc6 and libssl3 of bookworm, the newest version of each read: known,
// licensed from their copyright files, and openssl's changelog CVEs affecting libssl3's older versions only; and
// libssl3's cryptography read from openssl's upstream source; trixie's libc6 licensed from its DEP-5 file.
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { schemeFor } from '../src/domain/shared/versions/index.ts'
import { DEFAULT_ANALYZERS } from '../src/ingest/analyzers/index.ts'
import { type DebianMirrors, debianMirrors } from '../src/sources/debian/mirror.ts'
import { advisories, cves, ingestDebianInto, post, versions } from './helpers/debian-kb.ts'

const PROBE_MS = 10_000

/** The machine's mirrors when each answers for bookworm; else why not. */
async function reachable(): Promise<DebianMirrors | string> {
  let mirrors: DebianMirrors
  try {
    mirrors = debianMirrors()
  } catch (err) {
    return (err as Error).message
  }
  const probes = [`${mirrors.archive}/dists/bookworm/InRelease`]
  if (mirrors.security) probes.push(`${mirrors.security}/dists/bookworm-security/InRelease`)
  for (const url of probes) {
    if (url.startsWith('file:')) {
      if (!existsSync(fileURLToPath(url))) return `${url} does not exist`
      continue
    }
    try {
      const res = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(PROBE_MS) })
      if (!res.ok) return `${url} answered HTTP ${res.status}`
    } catch (err) {
      const e = err as Error & { cause?: { code?: string; message?: string } }
      return `${url} (waited at most ${PROBE_MS / 1000} s): ${e.cause?.code ?? e.cause?.message ?? e.message}`
    }
  }
  return mirrors
}

const mirrors = await reachable()
// node:test prints the reason with the skipped test
const skip = typeof mirrors === 'string' ? `the Debian archive cannot be reached here: ${mirrors}` : false

test('zlib1g, libc6 and libssl3 from bookworm: known, licensed, changelog CVEs on older versions', {
  skip,
  timeout: 120_000,
}, async () => {
  if (typeof mirrors === 'string') return
  const run = await ingestDebianInto({ suites: ['bookworm'], mirrors }, ['zlib1g', 'libc6', 'libssl3'])
  try {
    assert.deepEqual(run.report.notFound, [])
    assert.deepEqual(run.report.failed, [])
    assert.equal(run.report.written, 3)
    assert.equal(run.report.analyzed, 3)

    const deb = schemeFor('deb')
    const newest = async (name: string) => {
      const all = await versions(run.t, name)
      assert.ok(all.length > 0, `${name} has versions`)
      return { all, latest: all.reduce((a, b) => (deb.compare(a.version, b.version) >= 0 ? a : b)) }
    }
    const zlib = await newest('zlib1g')
    assert.equal(zlib.latest.license_expression, 'Zlib')
    // libc6's copyright file is not machine-readable on bookworm: its text names the GNU LGPL 2.1 or later
    const libc = await newest('libc6')
    assert.match(libc.latest.license_expression ?? '', /\bLGPL-2\.1-or-later\b/)
    assert.ok(libc.latest.released_at, 'the newest libc6 is dated by its changelog')
    const [libcLicense] = await post(run.t, '/v2/licenses/components', [
      { purl: `pkg:deb/debian/libc6@${encodeURIComponent(libc.latest.version)}?arch=amd64&distro=debian-12` },
    ])
    assert.equal(libcLicense?.info_code, undefined)
    assert.match(libcLicense?.statement ?? '', /LGPL-2\.1-or-later/)

    // openssl's changelog: CVEs fixed by uploads after the oldest libssl3 the suites list affect that one only
    const ssl = await newest('libssl3')
    assert.ok(ssl.all.length >= 2, `bookworm lists several libssl3 versions: ${ssl.all.map((v) => v.version)}`)
    const oldest = ssl.all.reduce((a, b) => (deb.compare(a.version, b.version) <= 0 ? a : b))
    const fixedLater = (await advisories(run.t)).filter(
      (a) => a.purl_name === 'debian/libssl3' && deb.compare(a.fixed, oldest.version) > 0,
    )
    assert.ok(fixedLater.length > 0, 'the newest changelog names CVEs fixed after the oldest version')
    assert.ok(fixedLater.every((a) => a.id.startsWith('x_DEBIAN-CHANGELOG-libssl3-CVE-')))
    const [old, latest] = await post(run.t, '/v2/vulnerabilities/components', [
      { purl: `pkg:deb/debian/libssl3@${encodeURIComponent(oldest.version)}?arch=amd64&distro=debian-12` },
      { purl: `pkg:deb/debian/libssl3@${encodeURIComponent(ssl.latest.version)}?arch=amd64&distro=debian-12` },
    ])
    const expected = fixedLater.map((a) => `${a.id.replace('x_DEBIAN-CHANGELOG-libssl3-', '')} debian-changelog`)
    assert.deepEqual(cves(old), [...new Set(expected)].sort())
    assert.deepEqual(cves(latest), [])
  } finally {
    await run.close()
  }
})

test("libssl3's cryptography and statistics from openssl's upstream source (apt-get source)", {
  skip,
  timeout: 180_000,
}, async () => {
  if (typeof mirrors === 'string') return
  const analyzers = DEFAULT_ANALYZERS.filter((a) => a.name === 'crypto' || a.name === 'code-stats')
  const run = await ingestDebianInto({ suites: ['bookworm'], mirrors }, ['libssl3'], { analyzers })
  try {
    assert.deepEqual(run.report.failed, [])
    const deb = schemeFor('deb')
    const v = (await versions(run.t, 'libssl3')).reduce((a, b) => (deb.compare(a.version, b.version) >= 0 ? a : b))
    const purl = `pkg:deb/debian/libssl3@${encodeURIComponent(v.version)}?arch=amd64&distro=debian-12`
    const [crypto] = await post(run.t, '/v2/cryptography/algorithms/components', [{ purl }])
    const names = ((crypto as { algorithms?: { algorithm: string }[] }).algorithms ?? []).map((a) => a.algorithm)
    for (const a of ['aes', 'rsa', 'sha2', 'chacha20']) assert.ok(names.includes(a), `${a} in ${names.join(' ')}`)
    const [stats] = await post(run.t, '/v2/components/statistics', [{ purl }])
    const languages = (stats as { statistics?: { languages: { name: string; files: number }[] } }).statistics
    assert.ok((languages?.languages.find((l) => l.name === 'C')?.files ?? 0) > 1000, JSON.stringify(languages))
  } finally {
    await run.close()
  }
})

test("trixie's libc6: its license expression from its machine-readable (DEP-5) copyright file", {
  skip,
  timeout: 120_000,
}, async () => {
  if (typeof mirrors === 'string') return
  // bookworm's libc6 copyright file is not machine-readable (its text is read: the test above); trixie's is
  const run = await ingestDebianInto({ suites: ['trixie'], mirrors }, ['libc6'])
  try {
    assert.deepEqual(run.report.failed, [])
    const rows = await run.t.storage.db
      .selectFrom('version_licenses')
      .select(['license_id', 'path', 'source'])
      .where('kind', '=', 'declared')
      .execute()
    assert.ok(rows.length > 0)
    for (const r of rows)
      assert.deepEqual([r.path, r.source], ['usr/share/doc/libc6/copyright', 'debian-copyright-dep5'])
    assert.ok(
      rows.some((r) => r.license_id === 'LGPL-2.1-or-later'),
      JSON.stringify(rows),
    )
  } finally {
    await run.close()
  }
})
