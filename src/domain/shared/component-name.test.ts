// How a component is named from its purl, one row per kind of purl.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { componentNames } from './component-name.ts'

/** purl → vendor, component */
const rows: [string, string, string][] = [
  ['pkg:deb/debian/openssl', 'debian', 'openssl'],
  ['pkg:deb/debian/node-mime-types@2.1.35-1?arch=all', 'debian', 'node-mime-types'],
  ['pkg:npm/%40babel/core', 'babel', '@babel/core'],
  ['pkg:npm/@babel/core@7.0.0', 'babel', '@babel/core'],
  ['pkg:npm/mime-types', 'mime-types', 'mime-types'],
  ['pkg:npm/JSONStream', 'JSONStream', 'JSONStream'],
  ['pkg:github/scanoss/scanner.c', 'scanoss', 'scanner.c'],
  ['pkg:maven/org.apache.commons/commons-lang3', 'org.apache.commons', 'commons-lang3'],
  ['pkg:pypi/requests', 'requests', 'requests'],
]

for (const [purl, vendor, component] of rows)
  test(`${purl} is named ${vendor} / ${component}`, () => {
    assert.deepEqual(componentNames(purl), { vendor, component })
  })

test('the parts of a purl name it as its string does', () => {
  assert.deepEqual(componentNames({ type: 'npm', namespace: '@types', name: 'node' }), {
    component: '@types/node',
    vendor: 'types',
  })
  assert.deepEqual(componentNames({ type: 'deb', namespace: 'debian', name: 'libc6' }), {
    component: 'libc6',
    vendor: 'debian',
  })
})

test('a purl that does not parse has no names', () => {
  assert.deepEqual(componentNames('not a purl'), { component: '', vendor: '' })
  assert.deepEqual(componentNames(''), { component: '', vendor: '' })
})
