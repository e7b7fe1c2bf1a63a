import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { licenseChoices, normalId } from './spdx-choices.ts'

const names = (expression: string) =>
  licenseChoices(expression)?.map((c) =>
    c.map((t) => (t.exception ? `${t.license} WITH ${t.exception}` : t.license)).join(' & '),
  )

describe('licenseChoices', () => {
  it('reads OR as choices and AND as one choice bound by both', () => {
    assert.deepEqual(names('MIT OR GPL-3.0-only'), ['MIT', 'GPL-3.0-only'])
    assert.deepEqual(names('MIT AND GPL-3.0-only'), ['MIT & GPL-3.0-only'])
    assert.deepEqual(names('(MIT OR Apache-2.0) AND BSD-3-Clause'), ['MIT & BSD-3-Clause', 'Apache-2.0 & BSD-3-Clause'])
  })
  it('keeps an exception on its license', () => {
    assert.deepEqual(names('GPL-2.0-only WITH Classpath-exception-2.0'), ['GPL-2.0-only WITH Classpath-exception-2.0'])
  })
  it('reads + and -or-later as the later versions the SPDX list names', () => {
    assert.deepEqual(names('GPL-2.0-or-later'), ['GPL-2.0-only', 'GPL-3.0-only'])
    assert.deepEqual(names('LGPL-2.1+'), ['LGPL-2.1-only', 'LGPL-3.0-only'])
    assert.deepEqual(names('Apache-1.1+'), ['Apache-1.1', 'Apache-2.0'])
  })
  it('reads a deprecated GNU id as its -only successor', () => {
    assert.equal(normalId('GPL-2.0'), 'GPL-2.0-only')
    assert.equal(normalId('MIT'), 'MIT')
  })
  it('answers undefined for what is not an SPDX expression', () => {
    assert.equal(licenseChoices('Apache 2'), undefined)
    assert.equal(licenseChoices(''), undefined)
  })
  it('refuses an expression with too many choices rather than expanding it', () => {
    const many = Array.from({ length: 9 }, () => '(MIT OR Apache-2.0)').join(' AND ')
    assert.equal(licenseChoices(many), undefined)
  })
})
