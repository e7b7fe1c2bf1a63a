// Debian changelogs read for their facts (domain/vulnerabilities/debian-changelog.ts) and Debian relationship fields
// as dependencies (domain/dependencies/debian-relations.ts), on real changelog excerpts of zlib and openssl
// (test/fixtures/debian/changelog, README there) and relations as Debian's indexes write them.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { debianDependencies, parseDebianRelations } from '../src/domain/dependencies/debian-relations.ts'
import { fixedCves, parseDebianChangelog } from '../src/domain/vulnerabilities/debian-changelog.ts'

const changelog = (name: string) =>
  readFileSync(new URL(`./fixtures/debian/changelog/${name}.head`, import.meta.url), 'utf8')

test('zlib: each upload with its date, offset and maintainer; a CVE fixed by the upload that names it', () => {
  const entries = parseDebianChangelog(changelog('zlib1g'))
  assert.deepEqual(
    entries.slice(0, 2).map((e) => [e.package, e.version, e.distributions, e.date, e.utcOffsetMinutes, e.cves]),
    [
      ['zlib', '1:1.2.13.dfsg-1', 'unstable', '2022-11-05T12:24:46.000Z', 0, []],
      ['zlib', '1:1.2.11.dfsg-4.1', 'unstable', '2022-08-12T20:15:03.000Z', 120, ['CVE-2022-37434']],
    ],
  )
  assert.equal(entries[1]?.maintainer, 'Salvatore Bonaccorso <carnil@debian.org>')
  const fixed = fixedCves(entries)
  assert.equal(fixed.get('CVE-2022-37434')?.version, '1:1.2.11.dfsg-4.1')
  assert.equal(fixed.get('CVE-2018-25032')?.version, '1:1.2.11.dfsg-4')
})

test('openssl: several CVEs per security upload, each fixed by its oldest mention', () => {
  const entries = parseDebianChangelog(changelog('openssl'))
  assert.ok(entries.length >= 4)
  const first = entries[0]
  assert.equal(first?.distributions, 'bookworm-security')
  assert.ok((first?.cves.length ?? 0) >= 3, JSON.stringify(first?.cves))
  const fixed = fixedCves(entries)
  for (const e of entries) for (const cve of e.cves) assert.ok(fixed.has(cve))
  // a CVE named twice is fixed by the older upload
  const twice = parseDebianChangelog(
    'x (2.0-1) unstable; urgency=low\n\n  * Follow-up to CVE-2099-0001\n\n -- A <a@example.test>  Mon, 02 Feb 2026 00:00:00 +0000\n\n' +
      'x (1.0-2) unstable; urgency=high\n\n  * Fix CVE-2099-0001\n\n -- A <a@example.test>  Sun, 01 Feb 2026 00:00:00 +0000\n',
  )
  assert.equal(fixedCves(twice).get('CVE-2099-0001')?.version, '1.0-2')
})

test('relations: needs, alternatives, operators as comparators, qualifiers and restrictions dropped', () => {
  assert.deepEqual(
    parseDebianRelations('libc6 (>= 2.34), libssl3 (>= 3.0.0) | libssl1.1, debconf:any (<< 2) [amd64]'),
    [
      [{ name: 'libc6', requirement: '>= 2.34' }],
      [
        { name: 'libssl3', requirement: '>= 3.0.0' },
        { name: 'libssl1.1', requirement: '' },
      ],
      [{ name: 'debconf', requirement: '< 2' }],
    ],
  )
  assert.deepEqual(
    parseDebianRelations('aa (>> 1:2.0~rc1-1), bb (= 3), cc (< 4), , dd <!nocheck>, e'),
    [
      [{ name: 'aa', requirement: '> 1:2.0~rc1-1' }],
      [{ name: 'bb', requirement: '= 3' }],
      [{ name: 'cc', requirement: '<= 4' }],
      [{ name: 'dd', requirement: '' }],
    ],
    'a one-letter name is no package name (Policy §5.6.1)',
  )
  assert.deepEqual(debianDependencies({ preDepends: 'libc6 (>= 2.34)', depends: 'libc6 (>= 2.34), zlib1g | libz' }), [
    { scope: 'runtime', name: 'libc6', requirement: '>= 2.34' },
    { scope: 'runtime', name: 'zlib1g', requirement: '' },
    { scope: 'optional', name: 'libz', requirement: '' },
  ])
  // one package named twice: one dependency, both relations holding
  assert.deepEqual(debianDependencies({ depends: 'python3 (>= 3.11~), python3 (<< 3.12), python3:any' }), [
    { scope: 'runtime', name: 'python3', requirement: '>= 3.11~ < 3.12' },
  ])
})
