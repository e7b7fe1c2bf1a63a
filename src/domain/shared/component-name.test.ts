// How a component is named from its purl, one row per kind of purl.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { componentNames } from './component-name.ts'

const rows = [
  { purl: 'pkg:deb/debian/openssl', component: 'openssl', vendor: 'debian' },
  { purl: 'pkg:deb/debian/node-mime-types@2.1.35-1?arch=all', component: 'node-mime-types', vendor: 'debian' },
  { purl: 'pkg:npm/%40babel/core', component: '@babel/core', vendor: 'babel' },
  { purl: 'pkg:npm/@babel/core@7.0.0', component: '@babel/core', vendor: 'babel' },
  { purl: 'pkg:npm/mime-types', component: 'mime-types', vendor: 'mime-types' },
  { purl: 'pkg:npm/JSONStream', component: 'JSONStream', vendor: 'JSONStream' },
  { purl: 'pkg:github/scanoss/scanner.c', component: 'scanner.c', vendor: 'scanoss' },
  { purl: 'pkg:maven/org.apache.commons/commons-lang3', component: 'commons-lang3', vendor: 'org.apache.commons' },
  { purl: 'pkg:pypi/requests', component: 'requests', vendor: 'requests' },
]

for (const r of rows)
  test(`${r.purl} is named ${r.vendor} / ${r.component}`, () => {
    assert.deepEqual(componentNames(r.purl), { component: r.component, vendor: r.vendor })
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
