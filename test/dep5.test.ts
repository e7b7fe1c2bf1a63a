// Licenses from real Debian copyright files (test/fixtures/debian/copyright, README there): machine-readable ones
// parsed as DEP-5 (sources/debian/dep5.ts), the others read as text (sources/debian/copyright-text.ts), with and
// without the ingester's SPDX text matcher (ingest/analyzers/license-match.ts) passed in.
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { test } from 'node:test'
import parse from 'spdx-expression-parse'
import { matchLicense } from '../src/ingest/analyzers/license-match.ts'
import { debianCopyrightLicenses, licensesFromCopyrightText } from '../src/sources/debian/copyright-text.ts'
import { type Dep5Copyright, parseDep5 } from '../src/sources/debian/dep5.ts'

const DIR = new URL('./fixtures/debian/copyright/', import.meta.url)
const fixture = (name: string) => readFileSync(new URL(name, DIR), 'utf8')
const TEXT = ['libc6', 'libgcc-s1', 'python3.11']
const ALL = readdirSync(DIR).filter((f) => f !== 'README.md')

function dep5(name: string, withMatcher = false): Dep5Copyright {
  const r = parseDep5(fixture(name), withMatcher ? { match: (t) => matchLicense(t).spdxId } : {})
  assert.equal(r.format, 'dep5', name)
  return r as Dep5Copyright
}

test('every fixture: machine-readable or not as its README says, with a main license and a valid SPDX expression', () => {
  assert.equal(ALL.length, 15)
  for (const name of ALL) {
    for (const r of [debianCopyrightLicenses(fixture(name)), debianCopyrightLicenses(fixture(name), matchLicense)]) {
      assert.equal(r.format, TEXT.includes(name) ? 'text' : 'dep5', name)
      assert.ok(r.mainExpression, `${name}: a main license`)
      assert.doesNotThrow(() => parse(r.expression as string), `${name}: ${r.expression}`)
    }
  }
})

test('openssl, zlib, zstd, sqlite: the main license and the whole, exactly', () => {
  const openssl = dep5('libssl3')
  assert.equal(openssl.mainExpression, 'Apache-2.0')
  assert.equal(openssl.expression, 'Apache-2.0 AND (Artistic-1.0-Perl OR GPL-1.0-or-later)')
  assert.deepEqual(openssl.unknown, [])
  const zlib = dep5('zlib1g')
  assert.equal(zlib.mainExpression, 'Zlib')
  assert.equal(zlib.expression, 'Zlib')
  assert.equal(dep5('libzstd1').mainExpression, 'BSD-3-Clause OR GPL-2.0-only')
  const sqlite = dep5('libsqlite3-0')
  assert.equal(sqlite.expression, 'LicenseRef-public-domain', 'the packaging (debian/*, GPL-2+) left out')
  const packaging = sqlite.files.filter((f) => f.packaging)
  assert.deepEqual([...new Set(packaging.map((f) => f.expression))], ['GPL-2.0-or-later', 'LicenseRef-public-domain'])
  assert.equal(packaging.length, 5, 'debian/* and the debian/patches/… paragraphs')
})

test('GNU packages and Perl: or-later versions, the dual license, exceptions', () => {
  for (const name of ['bash', 'coreutils', 'tar', 'gzip']) assert.equal(dep5(name).mainExpression, 'GPL-3.0-or-later')
  assert.equal(dep5('perl-base').mainExpression, 'GPL-1.0-or-later OR Artistic-1.0-Perl')
  const names = (r: Dep5Copyright) => Object.fromEntries(r.names.map((n) => [n.name, n.expression]))
  assert.equal(names(dep5('tar'))['GPL-3+ with Bison exception'], 'GPL-3.0-or-later WITH Bison-exception-2.2')
  assert.equal(names(dep5('gzip'))['GFDL-1.3+-no-invariant'], 'GFDL-1.3-no-invariants-or-later')
  const curl = dep5('libcurl4')
  assert.equal(curl.mainExpression, 'curl')
  // Both say "Autoconf-data"; their texts hold different exceptions.
  assert.equal(names(curl)['GPL-2+ with Autoconf-data exception'], 'GPL-2.0-or-later WITH Autoconf-exception-generic')
  assert.equal(names(curl)['GPL-3+ with Autoconf-data exception'], 'GPL-3.0-or-later WITH Autoconf-exception-macro')
  assert.equal(
    names(dep5('dbus'))['GPL-2+ with Autoconf exception'],
    'GPL-2.0-or-later WITH Autoconf-exception-generic',
  )
})

test('package-specific names are reported unknown; the SPDX text matcher recognises most of them from their texts', () => {
  const dbus = dep5('dbus')
  assert.equal(dbus.mainExpression, '(GPL-2.0-or-later OR AFL-2.1) AND MIT AND LicenseRef-Tcl-BSDish')
  assert.deepEqual(dbus.unknown, [
    'Tcl-BSDish',
    'BSD-3-clause-generic',
    'autoconf-archive-permissive',
    'FSF-unlimited-permission',
    'g10-permissive',
  ])
  const matched = dep5('dbus', true)
  assert.deepEqual(matched.unknown, [])
  assert.deepEqual(
    matched.matched.map((m) => m.name),
    dbus.unknown,
  )
  assert.equal(matched.mainExpression, '(GPL-2.0-or-later OR AFL-2.1) AND MIT AND TCL')
  const perl = dep5('perl-base', true)
  assert.deepEqual(perl.unknown, ['DONT-CHANGE-THE-GPL'], 'a note about the GPL, not a license text')
  assert.match(perl.expression as string, /LicenseRef-DONT-CHANGE-THE-GPL/)
  assert.deepEqual(dep5('libxml2').unknown, ['MIT-1'])
  // "No, this is not Expat": the X11 text with its advertising clause.
  assert.match(dep5('libxml2', true).mainExpression as string, /^X11/)
})

test('not machine-readable: read as text, GNU grants and common-licenses references first, then matched texts', () => {
  const libc = licensesFromCopyrightText(fixture('libc6'))
  assert.equal(libc.mainExpression, 'LGPL-2.1-or-later')
  assert.deepEqual(libc.licenses, ['LGPL-2.1-or-later', 'GPL-2.0-or-later'])
  const matched = licensesFromCopyrightText(fixture('libc6'), matchLicense)
  assert.equal(matched.mainExpression, 'LGPL-2.1-or-later')
  assert.deepEqual(matched.licenses.slice(0, 3), ['LGPL-2.1-or-later', 'GPL-2.0-or-later', 'BSD-3-Clause'])
  const python = licensesFromCopyrightText(fixture('python3.11'), matchLicense)
  assert.equal(python.mainExpression, 'PSF-2.0', 'the PSF license text under its heading')
  assert.equal(licensesFromCopyrightText(fixture('python3.11')).mainExpression, 'GPL-2.0-or-later', 'no matcher')
  const gcc = licensesFromCopyrightText(fixture('libgcc-s1'))
  assert.equal(gcc.mainExpression, 'GPL-3.0-or-later')
  assert.deepEqual(gcc.unresolved, ['GPL', 'LGPL'], 'references to the unversioned files with no grant before them')
})
