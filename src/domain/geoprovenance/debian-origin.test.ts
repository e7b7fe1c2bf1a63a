// The origin record of a Debian source package from its changelog's trailers (FIXTURE entries, as
// parseDebianChangelog reads them): uploaders by e-mail, one group per offset and local month, counted in uploads.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parseDebianChangelog } from '../vulnerabilities/debian-changelog.ts'
import { changelogOrigin } from './debian-origin.ts'
import { inferOrigin } from './origin.ts'

// FIXTURE changelog: three uploads by one uploader in Berlin (winter and summer time), one from Tokyo, one without
// an address
const CHANGELOG = `fxssl (1.3-1) unstable; urgency=medium

  * New upstream release.

 -- Anna Muster <anna@example.test>  Mon, 01 Jul 2024 10:00:00 +0200

fxssl (1.2-2) unstable; urgency=medium

  * Fix CVE-2099-0001.

 -- Anna Muster <Anna@Example.test>  Wed, 31 Jan 2024 23:30:00 +0100

fxssl (1.2-1) unstable; urgency=medium

  * New upstream release.

 -- Anna Muster <anna@example.test>  Tue, 09 Jan 2024 09:00:00 +0100

fxssl (1.1-1) unstable; urgency=low

  * Initial release.

 -- Kenji Sato <kenji@example.test>  Fri, 01 Dec 2023 18:00:00 +0900

fxssl (1.0-1) unstable; urgency=low

  * Prehistory.

 -- nobody  Fri, 01 Dec 2023 18:00:00 +0900
`

test("a source package's uploaders as authors, by offset and local month", () => {
  const r = changelogOrigin(
    'fxssl',
    ['pkg:deb/debian/libfx1', 'pkg:deb/debian/fx-bin', 'pkg:deb/debian/libfx1'],
    parseDebianChangelog(CHANGELOG),
    '2026-11-27T00:00:00.000Z',
  )
  assert.deepEqual(r, {
    repoPurl: 'pkg:deb/debian/fxssl?arch=source',
    head: '1.3-1',
    headDate: '2024-07-01',
    purls: ['pkg:deb/debian/fx-bin', 'pkg:deb/debian/libfx1'],
    authors: [
      {
        author: 'anna@example.test',
        bot: false,
        offsets: [
          { offsetMinutes: 120, month: '2024-07', commits: 1 },
          // 23:30 on 31 January in Berlin is 22:30 UTC: the month is the uploader's January
          { offsetMinutes: 60, month: '2024-01', commits: 2 },
        ],
      },
      { author: 'kenji@example.test', bot: false, offsets: [{ offsetMinutes: 540, month: '2023-12', commits: 1 }] },
    ],
    source: 'debian-changelog',
    asOf: '2026-11-27T00:00:00.000Z',
  })
  const countries = inferOrigin(
    (r?.authors ?? []).map((a) => ({
      commits: a.offsets.map((o) => ({ offsetMinutes: o.offsetMinutes, month: o.month, count: o.commits })),
    })),
  ).map((l) => l.name)
  assert.ok(countries.includes('JP') && countries.includes('DE'), countries.join(' '))
})

test('no trailer with an address and an offset: no record', () => {
  const entries = parseDebianChangelog(CHANGELOG).slice(-1)
  assert.equal(changelogOrigin('fxssl', [], entries, '2026-11-27T00:00:00.000Z'), undefined)
  assert.equal(changelogOrigin('fxssl', [], [], '2026-11-27T00:00:00.000Z'), undefined)
})
