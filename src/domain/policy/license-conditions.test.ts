import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { copyleftIn, licenseDenied, licenseList, licenseNotAllowed } from './license-conditions.ts'

const denied = licenseList(['GPL-3.0-only'])

describe('license conditions', () => {
  it('an OR passes a denial when one choice avoids it; an AND does not', () => {
    assert.equal(licenseDenied('MIT OR GPL-3.0-only', denied), undefined)
    assert.match(licenseDenied('MIT AND GPL-3.0-only', denied) ?? '', /denied license \(GPL-3\.0-only\)/)
  })
  it('GPL-3.0-or-later is denied with GPL-3.0-only (its only version), GPL-2.0-or-later is not', () => {
    assert.ok(licenseDenied('GPL-3.0-or-later', denied))
    assert.equal(licenseDenied('GPL-2.0-or-later', denied), undefined)
  })
  it('a WITH exception is denied by its license, and can be allowed on its own', () => {
    const expression = 'GPL-2.0-only WITH Classpath-exception-2.0'
    assert.ok(licenseDenied(expression, licenseList(['GPL-2.0'])))
    assert.equal(licenseNotAllowed(expression, licenseList(['GPL-2.0-only WITH Classpath-exception-2.0'])), undefined)
    assert.ok(licenseNotAllowed('GPL-2.0-only', licenseList(['GPL-2.0-only WITH Classpath-exception-2.0'])))
  })
  it('an allow-list passes when one choice is made of allowed licenses only', () => {
    const allowed = licenseList(['MIT', 'Apache-2.0'])
    assert.equal(licenseNotAllowed('MIT OR GPL-3.0-only', allowed), undefined)
    assert.match(licenseNotAllowed('MIT AND GPL-3.0-only', allowed) ?? '', /GPL-3\.0-only not allowed/)
    assert.equal(licenseNotAllowed(null, allowed), 'no license is known')
  })
  it('an expression that is not SPDX never passes', () => {
    assert.ok(licenseDenied('GPL v3', denied))
    assert.ok(licenseNotAllowed('GPL v3', licenseList(['MIT'])))
  })
  it('copyleft classes hold when every choice has a license of a listed class', () => {
    const classOf = (id: string) => ({ 'GPL-3.0-only': 'Yes', 'LGPL-2.1-only': 'Yes (restricted)', MIT: 'No' })[id]
    const strong = new Set(['Yes'])
    assert.match(copyleftIn('GPL-3.0-only', strong, classOf) ?? '', /GPL-3\.0-only: Yes/)
    assert.equal(copyleftIn('MIT OR GPL-3.0-only', strong, classOf), undefined)
    assert.equal(copyleftIn('LGPL-2.1-only', strong, classOf), undefined)
  })
})
