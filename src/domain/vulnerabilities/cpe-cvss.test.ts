// CPE formatted strings (grammar, escaping, version filling) and CVSS scoring of every version of the standard.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { CPE23, cpeFields, cpeValue, withVersion } from './cpe.ts'
import { band, cvssEntry, severityWord } from './cvss.ts'

test('withVersion fills the version field, escaping what the grammar requires', () => {
  const product = 'cpe:2.3:a:lodash:lodash:*:*:*:*:*:node.js:*:*'
  const cases: [string, string][] = [
    ['4.17.21', 'cpe:2.3:a:lodash:lodash:4.17.21:*:*:*:*:node.js:*:*'],
    ['2.0.0-beta.1', 'cpe:2.3:a:lodash:lodash:2.0.0-beta.1:*:*:*:*:node.js:*:*'],
    ['1.0.0+build.5', 'cpe:2.3:a:lodash:lodash:1.0.0\\+build.5:*:*:*:*:node.js:*:*'],
    ['v1:2', 'cpe:2.3:a:lodash:lodash:v1\\:2:*:*:*:*:node.js:*:*'],
  ]
  for (const [version, expected] of cases) {
    const cpe = withVersion(product, version)
    assert.equal(cpe, expected)
    assert.match(cpe, CPE23)
  }
})

test('cpeFields honours escaped colons; cpeValue of an empty version is *', () => {
  assert.deepEqual(cpeFields('cpe:2.3:a:foo\\:bar:baz:1.0:*:*:*:*:*:*:*').slice(3, 6), ['foo\\:bar', 'baz', '1.0'])
  assert.equal(cpeValue(''), '*')
})

test('the grammar rejects what is not a CPE 2.3 formatted string', () => {
  for (const bad of [
    'cpe:/a:lodash:lodash:4.17.21',
    'cpe:2.3:a:lodash',
    'cpe:2.3:x:a:b:c:*:*:*:*:*:*:*',
    'cpe:2.3:a:lo dash:l:1:*:*:*:*:*:*:*',
  ])
    assert.doesNotMatch(bad, CPE23, bad)
})

test('CVSS 2.0, 3.0, 3.1 and 4.0 vectors are scored; anything else is ignored', () => {
  const cases: [string, number | undefined, string | undefined][] = [
    ['AV:N/AC:L/Au:N/C:P/I:P/A:P', 7.5, 'High'],
    ['CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:N', 6.5, 'Medium'],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 9.8, 'Critical'],
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', 9.3, 'Critical'],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:N', 0, 'None'],
    ['CVSS:3.1/AV:X', undefined, undefined],
    ['not a vector', undefined, undefined],
  ]
  for (const [vector, score, severity] of cases) {
    const e = cvssEntry(vector)
    assert.equal(e?.score, score, vector)
    assert.equal(e?.severity, severity, vector)
  }
})

test('bands and source severity words', () => {
  assert.deepEqual([0, 0.1, 3.9, 4, 6.9, 7, 8.9, 9, 10].map(band), [
    'None',
    'Low',
    'Low',
    'Medium',
    'Medium',
    'High',
    'High',
    'Critical',
    'Critical',
  ])
  assert.equal(severityWord('MODERATE'), 'Medium')
  assert.equal(severityWord('high'), 'High')
  assert.equal(severityWord('whatever'), undefined)
  assert.equal(severityWord(null), undefined)
})
