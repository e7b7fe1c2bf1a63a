// Reading an SBOM enrichment's input (FIXTURE documents, made up, in the shapes of each format): components by purl
// from CycloneDX (nested too), SPDX externalRefs, package-lock v2/v3 entries and purl lists; components without a
// purl counted; every bad input an SbomInputError naming what was wrong.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { readSbom, SbomInputError } from './read-input.ts'

const cdx = (specVersion: string, components: unknown[]) =>
  JSON.stringify({ bomFormat: 'CycloneDX', specVersion, components })
const refs = (s: ReturnType<typeof readSbom>) => s.components.map((c) => [c.ref, c.component, c.version])

test('CycloneDX: every component with a purl, nested ones included, the others counted', () => {
  const s = readSbom(
    cdx('1.6', [
      { 'bom-ref': 'a', type: 'library', name: 'lodash', purl: 'pkg:npm/lodash@4.17.15' },
      {
        'bom-ref': 'b',
        type: 'library',
        name: 'outer',
        purl: 'pkg:npm/%40fx/outer@1.0.0',
        components: [{ 'bom-ref': 'b.1', type: 'library', name: 'inner', purl: 'pkg:npm/inner@2.0.0' }],
      },
      { 'bom-ref': 'c', type: 'file', name: 'notes.txt' },
    ]),
  )
  assert.deepEqual([s.format, s.specVersion, s.withoutPurl], ['cyclonedx', '1.6', 1])
  assert.deepEqual(refs(s), [
    ['a', 'pkg:npm/lodash', '4.17.15'],
    ['b', 'pkg:npm/%40fx/outer', '1.0.0'],
    ['b.1', 'pkg:npm/inner', '2.0.0'],
  ])
})

test('SPDX 2.3: the purl external reference of each package', () => {
  const doc = {
    spdxVersion: 'SPDX-2.3',
    SPDXID: 'SPDXRef-DOCUMENT',
    packages: [
      {
        SPDXID: 'SPDXRef-Package-crypto-js',
        name: 'crypto-js',
        externalRefs: [
          { referenceCategory: 'SECURITY', referenceType: 'cpe23Type', referenceLocator: 'cpe:2.3:a:x:y:*' },
          { referenceCategory: 'PACKAGE-MANAGER', referenceType: 'purl', referenceLocator: 'pkg:npm/crypto-js@4.2.0' },
        ],
      },
      { SPDXID: 'SPDXRef-Package-none', name: 'no-purl' },
    ],
  }
  const s = readSbom(JSON.stringify(doc))
  assert.deepEqual([s.format, s.specVersion, s.withoutPurl], ['spdx', 'SPDX-2.3', 1])
  assert.deepEqual(refs(s), [['SPDXRef-Package-crypto-js', 'pkg:npm/crypto-js', '4.2.0']])
})

test('package-lock.json v3: nested and scoped packages, links counted apart, the root left out', () => {
  const lock = {
    name: 'app',
    lockfileVersion: 3,
    packages: {
      '': { name: 'app', version: '1.0.0' },
      'node_modules/express': { version: '4.18.2' },
      'node_modules/express/node_modules/debug': { version: '2.6.9' },
      'node_modules/@babel/core': { version: '7.24.0' },
      'node_modules/local-lib': { resolved: 'packages/local-lib', link: true },
    },
  }
  const s = readSbom(JSON.stringify(lock))
  assert.deepEqual([s.format, s.withoutPurl], ['package-lock', 1])
  assert.deepEqual(refs(s), [
    ['node_modules/express', 'pkg:npm/express', '4.18.2'],
    ['node_modules/express/node_modules/debug', 'pkg:npm/debug', '2.6.9'],
    ['node_modules/@babel/core', 'pkg:npm/%40babel/core', '7.24.0'],
  ])
})

test('a list of purls, as JSON or one per line', () => {
  assert.deepEqual(refs(readSbom('["pkg:npm/a@1.0.0", "pkg:pypi/Flask@2.0"]')), [
    ['item 1', 'pkg:npm/a', '1.0.0'],
    ['item 2', 'pkg:pypi/flask', '2.0'],
  ])
  assert.deepEqual(refs(readSbom('pkg:npm/a@1.0.0\n# a comment\n\npkg:npm/b\n')), [
    ['line 1', 'pkg:npm/a', '1.0.0'],
    ['line 4', 'pkg:npm/b', ''],
  ])
})

test('bad input: unknown formats and versions, bad purls listed, too many components', () => {
  const fails = (text: string, message: RegExp, invalid = 0) =>
    assert.throws(
      () => readSbom(text, 3),
      (e: unknown) => e instanceof SbomInputError && message.test(e.message) && e.invalid.length === invalid,
      text.slice(0, 80),
    )
  fails('', /empty/)
  fails('hello', /Not JSON/)
  fails('{"name":"x"}', /Unknown format/)
  fails('42', /Expected a CycloneDX BOM/)
  fails('[1, 2]', /purl strings only/)
  fails(cdx('1.3', []), /specVersion 1.3/)
  fails(JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.6', components: {} }), /must be a list/)
  fails(JSON.stringify({ spdxVersion: 'SPDX-2.2', packages: [] }), /SPDX-2.3 documents are read/)
  fails(JSON.stringify({ lockfileVersion: 1, dependencies: {} }), /lockfileVersion 1/)
  fails(cdx('1.5', [{ purl: 'pkg:npm/a@1' }, { purl: 'nope' }, { purl: 'pkg:/x' }]), /2 component\(s\)/, 2)
  fails('["pkg:npm/a","pkg:npm/b","pkg:npm/c","pkg:npm/d"]', /More than 3 components/)
  fails(cdx('1.7', [{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd' }]), /More than 3 components/)
})
