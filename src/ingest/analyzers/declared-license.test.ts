// Tests the normalisation of npm's declared license field on strings and shapes found in real packages.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { type DeclaredLicense, normaliseDeclaredLicense } from './declared-license.ts'

const ok = (raw: string, expression: string, ids: string[]): DeclaredLicense => ({ raw, expression, ids, valid: true })
const bad = (raw: string, ids: string[]): DeclaredLicense => ({ raw, expression: null, ids, valid: false })

const cases: { name: string; input: unknown; want: DeclaredLicense }[] = [
  { name: 'MIT', input: 'MIT', want: ok('MIT', 'MIT', ['MIT']) },
  { name: 'padded', input: '  ISC \n', want: ok('ISC', 'ISC', ['ISC']) },
  { name: 'lower-case mit', input: 'mit', want: ok('mit', 'MIT', ['MIT']) },
  { name: 'Apache 2.0', input: 'Apache 2.0', want: ok('Apache 2.0', 'Apache-2.0', ['Apache-2.0']) },
  {
    name: 'an OR expression',
    input: '(MIT OR Apache-2.0)',
    want: ok('(MIT OR Apache-2.0)', '(MIT OR Apache-2.0)', ['MIT', 'Apache-2.0']),
  },
  {
    name: 'an OR expression without parentheses',
    input: 'ISC OR MIT',
    want: ok('ISC OR MIT', '(ISC OR MIT)', ['ISC', 'MIT']),
  },
  {
    name: 'nested expression',
    input: 'Apache-2.0 AND (MIT OR ISC)',
    want: ok('Apache-2.0 AND (MIT OR ISC)', '(Apache-2.0 AND (MIT OR ISC))', ['Apache-2.0', 'MIT', 'ISC']),
  },
  {
    name: 'three alternatives',
    input: 'MIT OR ISC OR 0BSD',
    want: ok('MIT OR ISC OR 0BSD', '(MIT OR ISC OR 0BSD)', ['MIT', 'ISC', '0BSD']),
  },
  {
    name: 'names corrected one by one, lower-case operator',
    input: 'mit or apache 2.0',
    want: ok('mit or apache 2.0', '(MIT OR Apache-2.0)', ['MIT', 'Apache-2.0']),
  },
  {
    name: 'WITH exception',
    input: 'GPL-2.0-only WITH Classpath-exception-2.0',
    want: ok('GPL-2.0-only WITH Classpath-exception-2.0', 'GPL-2.0-only WITH Classpath-exception-2.0', [
      'GPL-2.0-only',
    ]),
  },
  { name: 'deprecated but valid id kept', input: 'GPL-2.0+', want: ok('GPL-2.0+', 'GPL-2.0+', ['GPL-2.0+']) },
  { name: 'BSD', input: 'BSD', want: ok('BSD', 'BSD-2-Clause', ['BSD-2-Clause']) },
  { name: 'GPLv3', input: 'GPLv3', want: ok('GPLv3', 'GPL-3.0-or-later', ['GPL-3.0-or-later']) },
  { name: 'MIT/X11 is MIT', input: 'MIT/X11', want: ok('MIT/X11', 'MIT', ['MIT']) },
  {
    name: 'slash means OR',
    input: 'MIT/Apache-2.0',
    want: ok('MIT/Apache-2.0', '(MIT OR Apache-2.0)', ['MIT', 'Apache-2.0']),
  },
  {
    name: 'LicenseRef kept',
    input: 'LicenseRef-Acme-EULA',
    want: ok('LicenseRef-Acme-EULA', 'LicenseRef-Acme-EULA', ['LicenseRef-Acme-EULA']),
  },
  { name: 'legacy object', input: { type: 'MIT', url: 'https://example.org/mit' }, want: ok('MIT', 'MIT', ['MIT']) },
  {
    name: 'legacy licenses array',
    input: [{ type: 'MIT' }, { type: 'Apache-2.0' }],
    want: ok('MIT OR Apache-2.0', '(MIT OR Apache-2.0)', ['MIT', 'Apache-2.0']),
  },
  {
    name: 'legacy array of one',
    input: [{ type: 'Apache 2.0', url: 'x' }],
    want: ok('Apache 2.0', 'Apache-2.0', ['Apache-2.0']),
  },
  {
    name: 'legacy array with an unknown entry',
    input: [{ type: 'MIT' }, { type: 'Acme Commercial' }],
    want: bad('MIT OR Acme Commercial', ['MIT', 'LicenseRef-Acme-Commercial']),
  },
  {
    name: 'legacy array with UNLICENSED',
    input: ['MIT', 'UNLICENSED'],
    want: bad('MIT OR UNLICENSED', ['MIT', 'LicenseRef-UNLICENSED']),
  },
  { name: 'Public Domain', input: 'Public Domain', want: bad('Public Domain', ['LicenseRef-Public-Domain']) },
  { name: 'UNLICENSED', input: 'UNLICENSED', want: bad('UNLICENSED', ['LicenseRef-UNLICENSED']) },
  { name: 'Unlicense is a license', input: 'Unlicense', want: ok('Unlicense', 'Unlicense', ['Unlicense']) },
  {
    name: 'SEE LICENSE IN',
    input: 'SEE LICENSE IN LICENSE.md',
    want: bad('SEE LICENSE IN LICENSE.md', ['LicenseRef-see-license-file']),
  },
  {
    name: 'SEE LICENCE IN, lower-case',
    input: 'see licence in EULA.txt',
    want: bad('see licence in EULA.txt', ['LicenseRef-see-license-file']),
  },
  {
    name: 'garbage is kept',
    input: 'Copyright (c) Acme, all rights!',
    want: bad('Copyright (c) Acme, all rights!', ['LicenseRef-Copyright-c-Acme-all-rights']),
  },
  {
    name: 'a half-valid expression',
    input: 'MIT OR Foo Bar',
    want: bad('MIT OR Foo Bar', ['LicenseRef-MIT-OR-Foo-Bar']),
  },
  { name: 'empty string', input: '', want: bad('', []) },
  { name: 'blank string', input: '   ', want: bad('', []) },
  { name: 'undefined', input: undefined, want: bad('', []) },
  { name: 'null', input: null, want: bad('', []) },
  { name: 'empty array', input: [], want: bad('', []) },
  { name: 'a number', input: 42, want: bad('42', ['LicenseRef-42']) },
]
for (const c of cases)
  test(`declared license: ${c.name}`, () => assert.deepEqual(normaliseDeclaredLicense(c.input), c.want))
