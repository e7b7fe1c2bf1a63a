// The statement and license list of one version: declared expression first, detected AND-joined, nothing dropped.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { expressionIds, hasLicenseFacts, summarise } from './summary.ts'
import type { LicenseFact, VersionLicenses } from './types.ts'

const declared = (licenseId: string, isSpdx = true): LicenseFact => ({
  kind: 'declared',
  licenseId,
  isSpdx,
  path: '',
  score: null,
  source: 'npm-registry',
})
const detected = (licenseId: string, path = 'LICENSE'): LicenseFact => ({
  kind: 'detected',
  licenseId,
  isSpdx: !licenseId.startsWith('LicenseRef-'),
  path,
  score: 0.9,
  source: 'computed:license-files@1',
})
const v = (expression: string | null, facts: LicenseFact[]): VersionLicenses => ({
  expression,
  declared: expression,
  facts,
})
const MIT = { id: 'MIT', fullName: 'MIT License', url: 'https://spdx.org/licenses/MIT.html', isSpdxApproved: true }
const APACHE = {
  id: 'Apache-2.0',
  fullName: 'Apache License 2.0',
  url: 'https://spdx.org/licenses/Apache-2.0.html',
  isSpdxApproved: true,
}
const BSD3 = {
  id: 'BSD-3-Clause',
  fullName: 'BSD 3-Clause "New" or "Revised" License',
  url: 'https://spdx.org/licenses/BSD-3-Clause.html',
  isSpdxApproved: true,
}
const ZLIB = { id: 'Zlib', fullName: 'zlib License', url: 'https://spdx.org/licenses/Zlib.html', isSpdxApproved: true }
const CUSTOM = { id: 'LicenseRef-Custom', fullName: '', url: '', isSpdxApproved: false }

const cases = [
  {
    name: 'declared OR kept as declared, ids in expression order',
    input: v('(MIT OR Apache-2.0)', [declared('Apache-2.0'), declared('MIT')]),
    statement: '(MIT OR Apache-2.0)',
    licenses: [MIT, APACHE],
  },
  {
    name: 'declared AND kept',
    input: v('(MIT AND Zlib)', [declared('MIT'), declared('Zlib')]),
    statement: '(MIT AND Zlib)',
    licenses: [MIT, ZLIB],
  },
  {
    name: 'declared expression wins; detected listed after it, once each',
    input: v('MIT', [declared('MIT'), detected('MIT'), detected('Zlib', 'vendor/LICENSE')]),
    statement: 'MIT',
    licenses: [MIT, ZLIB],
  },
  {
    name: 'no declared license: detected joined with AND, deduplicated, in order',
    input: v(null, [detected('BSD-3-Clause'), detected('Zlib', 'vendor/LICENSE'), detected('BSD-3-Clause', 'x/L')]),
    statement: 'BSD-3-Clause AND Zlib',
    licenses: [BSD3, ZLIB],
  },
  {
    name: 'declared non-SPDX string: statement empty, LicenseRef kept, not approved',
    input: v(null, [declared('LicenseRef-Custom', false)]),
    statement: '',
    licenses: [CUSTOM],
  },
  {
    name: 'declared non-SPDX plus detected: statement from detected, LicenseRef listed first',
    input: v(null, [declared('LicenseRef-Custom', false), detected('MIT')]),
    statement: 'MIT',
    licenses: [CUSTOM, MIT],
  },
  {
    name: 'a lower-case detected id is listed under its SPDX spelling once',
    input: v('MIT', [declared('MIT'), detected('mit')]),
    statement: 'MIT',
    licenses: [MIT],
  },
  { name: 'nothing known', input: v(null, []), statement: '', licenses: [] },
]

for (const c of cases) {
  test(`summarise: ${c.name}`, () => {
    assert.deepEqual(summarise(c.input), { statement: c.statement, licenses: c.licenses })
  })
}

const idCases = [
  { expression: '(MIT OR Apache-2.0)', ids: ['MIT', 'Apache-2.0'] },
  { expression: '((MIT OR Apache-2.0) AND MIT)', ids: ['MIT', 'Apache-2.0'] },
  { expression: 'GPL-2.0+', ids: ['GPL-2.0+'] },
  { expression: '(GPL-2.0-only WITH Classpath-exception-2.0 OR MIT)', ids: ['GPL-2.0-only', 'MIT'] },
  { expression: 'LicenseRef-Mine', ids: ['LicenseRef-Mine'] },
  { expression: 'not an expression (', ids: [] },
]
for (const c of idCases) {
  test(`expressionIds: ${c.expression}`, () => assert.deepEqual(expressionIds(c.expression), c.ids))
}

test('hasLicenseFacts: an expression, a declared row or a detected row counts; nothing does not', () => {
  assert.equal(hasLicenseFacts(undefined), false)
  assert.equal(hasLicenseFacts(v(null, [])), false)
  assert.equal(hasLicenseFacts(v('MIT', [])), true)
  assert.equal(hasLicenseFacts(v(null, [declared('LicenseRef-X', false)])), true)
  assert.equal(hasLicenseFacts(v(null, [detected('MIT')])), true)
})
