import assert from 'node:assert/strict'
import { test } from 'node:test'
import parse from 'spdx-expression-parse'
import { type Dep5Copyright, parseDep5 } from './dep5.ts'

// Made-up copyright files in the DEP-5 format.
const HEADER = 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\nUpstream-Name: fx\n\n'
const files = (license: string, patterns = '*') =>
  `Files: ${patterns}\nCopyright: 2020 Someone\nLicense: ${license}\n\n`

function dep5(text: string, match?: (t: string) => string | null): Dep5Copyright {
  const r = parseDep5(text, match ? { match } : {})
  assert.equal(r.format, 'dep5')
  return r as Dep5Copyright
}
const line = (license: string) => dep5(HEADER + files(license)).mainExpression

test('or, and, and the comma: "and" binds tighter unless a comma precedes it', () => {
  assert.equal(line('GPL-2+ or Artistic'), 'GPL-2.0-or-later OR Artistic-1.0-Perl')
  assert.equal(line('GPL-2+ and BSD-3-clause'), 'GPL-2.0-or-later AND BSD-3-Clause')
  assert.equal(line('MIT or Apache-2.0 and ISC'), 'MIT OR (Apache-2.0 AND ISC)')
  assert.equal(line('MIT or Apache-2.0, and ISC'), '(MIT OR Apache-2.0) AND ISC')
  assert.equal(line('GPL-2+ or Artistic-2.0, and BSD-3-clause'), '(GPL-2.0-or-later OR Artistic-2.0) AND BSD-3-Clause')
  assert.equal(line('MIT AND ISC, OR Zlib'), '(MIT AND ISC) OR Zlib')
  assert.equal(line('Expat or Expat'), 'MIT', 'repeats dropped')
  assert.equal(line('Perl and Zlib'), '(Artistic-1.0-Perl OR GPL-1.0-or-later) AND Zlib')
})

test('exceptions: written out or as one name; SPDX ids where they exist, else one LicenseRef of the whole', () => {
  assert.equal(line('GPL-3+ with Bison exception'), 'GPL-3.0-or-later WITH Bison-exception-2.2')
  assert.equal(line('GPL-3+-with-bison-exception'), 'GPL-3.0-or-later WITH Bison-exception-2.2')
  assert.equal(line('GPL-2+-libtool-exception'), 'GPL-2.0-or-later WITH Libtool-exception')
  assert.equal(line('APACHE-2-LLVM-EXCEPTIONS'), 'Apache-2.0 WITH LLVM-exception')
  assert.equal(line('GPL-2 with Linux-syscall-note exception or MIT'), 'GPL-2.0-only WITH Linux-syscall-note OR MIT')
  const openssl = dep5(HEADER + files('GPL-2+ with OpenSSL exception'))
  assert.equal(openssl.mainExpression, 'LicenseRef-GPL-2.0-or-later-with-OpenSSL-exception')
  assert.deepEqual(openssl.unknown, ['GPL-2+ with OpenSSL exception'])
})

test('unknown names become LicenseRef- (first spelling, sanitised) and are listed once', () => {
  const r = dep5(
    HEADER + files('BSD-like or LPGL-2.1+') + files('bsd-LIKE', 'src/*') + files('Zlib', 'zlib/*') + files('', 'x/*'),
  )
  assert.equal(r.mainExpression, 'LicenseRef-BSD-like OR LicenseRef-LPGL-2.1-plus')
  assert.equal(r.expression, '(LicenseRef-BSD-like OR LicenseRef-LPGL-2.1-plus) AND LicenseRef-BSD-like AND Zlib')
  assert.deepEqual(r.unknown, ['BSD-like', 'LPGL-2.1+'])
  assert.deepEqual(
    r.names.map((n) => [n.name, n.expression]),
    [
      ['BSD-like', 'LicenseRef-BSD-like'],
      ['LPGL-2.1+', 'LicenseRef-LPGL-2.1-plus'],
      ['Zlib', 'Zlib'],
    ],
  )
  assert.equal(r.files[3]?.expression, null, 'an empty License names no license')
  assert.doesNotThrow(() => parse(r.expression as string))
})

test('the whole: Files: * first, the packaging left out, the header License when there are no Files', () => {
  const r = dep5(HEADER + files('ISC', 'lib/*') + files('GPL-2+', 'debian/*') + files('MIT') + files('ISC', 'doc/*'))
  assert.equal(r.mainExpression, 'MIT')
  assert.equal(r.expression, 'MIT AND ISC')
  assert.deepEqual(
    r.files.map((f) => [f.patterns.join(' '), f.license, f.expression, f.packaging]),
    [
      ['lib/*', 'ISC', 'ISC', false],
      ['debian/*', 'GPL-2+', 'GPL-2.0-or-later', true],
      ['*', 'MIT', 'MIT', false],
      ['doc/*', 'ISC', 'ISC', false],
    ],
  )
  const onlyPackaging = dep5(HEADER + files('GPL-2+', 'debian/*'))
  assert.equal(onlyPackaging.expression, 'GPL-2.0-or-later', 'the packaging when there is nothing else')
  assert.equal(onlyPackaging.mainExpression, null)
  const header = dep5(`${HEADER.trim()}\nLicense: Apache-2.0\n`)
  assert.equal(header.expression, 'Apache-2.0')
  assert.equal(header.mainExpression, 'Apache-2.0')
})

test("a bare name's version comes from its stand-alone License paragraph or the text written with it", () => {
  const grant = (v: string) =>
    ` This program is free software; you can redistribute it under the terms of the GNU General Public\n License as published by the Free Software Foundation; either version ${v} of the License, or\n (at your option) any later version.\n`
  const standalone = dep5(`${HEADER}${files('GPL')}License: GPL\n${grant('2')}`)
  assert.equal(standalone.mainExpression, 'GPL-2.0-or-later')
  const inline = dep5(`${HEADER}Files: *\nCopyright: 2020 X\nLicense: GPL\n${grant('3')}`)
  assert.equal(inline.mainExpression, 'GPL-3.0-or-later')
})

test('an unknown name is offered with its text to the matcher; not its inline text when the line names several', () => {
  const seen: string[] = []
  const match = (t: string) => {
    seen.push(t)
    return t.includes('Permission to use') ? 'ISC' : null
  }
  const text = `${HEADER}${files('OpenBSD-style')}${files('custom or other', 'a/*')}License: OpenBSD-style\n Permission to use, copy, modify.\n`
  const r = dep5(text, match)
  assert.equal(r.mainExpression, 'ISC')
  assert.deepEqual(r.matched, [{ name: 'OpenBSD-style', id: 'ISC' }])
  assert.deepEqual(r.unknown, ['custom', 'other'])
  assert.deepEqual(seen, ['Permission to use, copy, modify.'], 'names without a text are not offered')
})

test('a file is DEP-5 only when its first paragraph has Format (or the draft Format-Specification)', () => {
  assert.deepEqual(parseDep5('This package was debianized by someone.\n\nCopyright: 2001 X\nLicense: GPL-2\n'), {
    format: 'text',
  })
  assert.deepEqual(parseDep5(''), { format: 'text' })
  assert.deepEqual(parseDep5(`Upstream-Name: x\n\n${HEADER}${files('MIT')}`), { format: 'text' })
  const draft = parseDep5(
    `Format-Specification: http://svn.debian.org/wsvn/dep/web/deps/dep5.mdwn?rev=59\n\n${files('MIT')}`,
  )
  assert.equal(draft.format === 'dep5' && draft.mainExpression, 'MIT')
})
