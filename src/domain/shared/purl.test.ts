// PURL parsing and canonicalisation, one row per rule.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { DomainError } from './outcome.ts'
import {
  canonicalPurl,
  crateKey,
  parsePurl,
  pep503,
  projectUrl,
  purlName,
  purlWithVersion,
  splitVersion,
  tryParsePurl,
} from './purl.ts'

const canonical = [
  {
    name: 'npm scope given as %40',
    in: 'pkg:npm/%40angular/core@15.0.0',
    out: 'pkg:npm/%40angular/core',
    version: '15.0.0',
  },
  { name: 'npm scope given as @', in: 'pkg:npm/@angular/core', out: 'pkg:npm/%40angular/core' },
  { name: 'npm keeps case', in: 'pkg:npm/JSONStream@1.3.5', out: 'pkg:npm/JSONStream', version: '1.3.5' },
  {
    name: 'github lower-cases',
    in: 'pkg:github/ScanOSS/Engine@v5.0.0',
    out: 'pkg:github/scanoss/engine',
    version: 'v5.0.0',
  },
  {
    name: 'pypi lower-cases and folds _ and .',
    in: 'pkg:pypi/Django_Rest.Framework@3',
    out: 'pkg:pypi/django-rest-framework',
    version: '3',
  },
  {
    name: 'maven keeps case',
    in: 'pkg:maven/org.Apache/Commons@1.0',
    out: 'pkg:maven/org.Apache/Commons',
    version: '1.0',
  },
  {
    name: 'golang namespace with slashes',
    in: 'pkg:golang/github.com/Foo/Bar@v1.2.3',
    out: 'pkg:golang/github.com/Foo/Bar',
    version: 'v1.2.3',
  },
  { name: 'type is lower-cased', in: 'pkg:NPM/lodash', out: 'pkg:npm/lodash' },
  {
    name: 'qualifiers sorted, keys lower-cased, empty dropped',
    in: 'pkg:deb/debian/libc6@2.36?distro=debian-12&Arch=amd64&x=',
    out: 'pkg:deb/debian/libc6?arch=amd64&distro=debian-12',
    version: '2.36',
  },
  {
    name: 'an encoded &, = or # in a qualifier key stays encoded (one key, no subpath)',
    in: 'pkg:npm/a?a%26b=1&c%3Dd=2&e%23f=3',
    out: 'pkg:npm/a?a%26b=1&c%3Dd=2&e%23f=3',
  },
  { name: 'subpath kept, dot segments dropped', in: 'pkg:npm/lodash#/src/./lib/', out: 'pkg:npm/lodash#src/lib' },
  { name: 'version with +', in: 'pkg:npm/x@1.0.0+build.1', out: 'pkg:npm/x', version: '1.0.0+build.1' },
]
for (const c of canonical) {
  test(`purl: ${c.name}`, () => {
    const p = parsePurl(c.in)
    assert.equal(canonicalPurl(p), c.out)
    assert.equal(p.version, c.version)
    const { version: _version, ...withoutVersion } = p
    assert.deepEqual(parsePurl(canonicalPurl(p)), withoutVersion, 'the canonical form parses back to the same purl')
  })
}

test('purl: version round trip encodes +', () => {
  assert.equal(purlWithVersion(parsePurl('pkg:npm/x'), '1.0.0+b'), 'pkg:npm/x@1.0.0%2Bb')
  assert.equal(parsePurl('pkg:npm/x@1.0.0%2Bb').version, '1.0.0+b')
})

const malformed = [
  { name: 'empty', in: '', says: /Empty Purl/ },
  { name: 'blank', in: '   ', says: /Empty Purl/ },
  { name: 'no scheme', in: 'npm/lodash', says: /Invalid Purl/ },
  { name: 'no type', in: 'pkg:/lodash', says: /Invalid Purl/ },
  { name: 'no name', in: 'pkg:npm/', says: /Invalid Purl/ },
  { name: 'bad percent-encoding', in: 'pkg:npm/%E0%A4%A', says: /Invalid Purl/ },
  { name: 'bad type characters', in: 'pkg:n%20pm/x', says: /Invalid Purl/ },
  { name: '1 MB string', in: `pkg:npm/${'a'.repeat(1024 * 1024)}`, says: /longer than 2048/ },
  { name: 'not a string', in: 42 as unknown as string, says: /Empty Purl/ },
  { name: 'a raw NUL in the name', in: 'pkg:npm/a\u0000b', says: /NUL/ },
  { name: 'a %00 in the namespace', in: 'pkg:npm/%40a%00/b', says: /NUL/ },
  { name: 'a %00 in the version', in: 'pkg:npm/a@1%00', says: /NUL/ },
  { name: 'a %00 in a qualifier', in: 'pkg:npm/a?k=%00', says: /NUL/ },
]
for (const c of malformed) {
  test(`purl: malformed ${c.name} → INVALID_PURL`, () => {
    assert.throws(
      () => parsePurl(c.in),
      (e: unknown) => e instanceof DomainError && e.code === 'INVALID_PURL' && c.says.test(e.message),
    )
    assert.equal(tryParsePurl(c.in), undefined)
  })
}

const split = [
  { in: 'pkg:npm/lodash@4.17.21', purl: 'pkg:npm/lodash', version: '4.17.21' },
  { in: 'pkg:npm/%40angular/core@15.0.0?x=1#a/b', purl: 'pkg:npm/%40angular/core?x=1#a/b', version: '15.0.0' },
  { in: 'pkg:npm/%40angular/core', purl: 'pkg:npm/%40angular/core', version: undefined },
  { in: 'pkg:npm/@angular/core', purl: 'pkg:npm/@angular/core', version: undefined },
  { in: 'pkg:npm/@angular/core@1.0.0', purl: 'pkg:npm/@angular/core', version: '1.0.0' },
  {
    in: 'pkg:golang/github.com/a/b@v1.0.0%2Bincompatible',
    purl: 'pkg:golang/github.com/a/b',
    version: 'v1.0.0+incompatible',
  },
]
for (const c of split) {
  test(`splitVersion: ${c.in}`, () => assert.deepEqual(splitVersion(c.in), { purl: c.purl, version: c.version }))
}

const names = [
  { in: 'pkg:npm/%40Scope/Name', name: '@Scope/Name', url: 'https://www.npmjs.com/package/@Scope/Name' },
  { in: 'pkg:github/scanoss/engine', name: 'scanoss/engine', url: 'https://github.com/scanoss/engine' },
  {
    in: 'pkg:maven/org.Apache/Commons',
    name: 'org.apache/commons',
    url: 'https://mvnrepository.com/artifact/org.Apache/Commons',
  },
  { in: 'pkg:pypi/requests', name: 'requests', url: 'https://pypi.org/project/requests' },
  { in: 'pkg:golang/github.com/a/b', name: 'github.com/a/b', url: 'https://pkg.go.dev/github.com/a/b' },
  { in: 'pkg:cargo/serde', name: 'serde', url: '' },
  // crates: case-insensitive, `-` and `_` the same crate (the purl keeps the name as written)
  { in: 'pkg:cargo/Serde_JSON', name: 'serde-json', url: '' },
]
for (const c of names) {
  test(`purlName and projectUrl: ${c.in}`, () => {
    const p = parsePurl(c.in)
    assert.equal(purlName(p), c.name)
    assert.equal(projectUrl(p), c.url)
  })
}

test("PEP 503 normalisation (the specification's examples)", () => {
  for (const n of [
    'friendly-bard',
    'Friendly-Bard',
    'FRIENDLY-BARD',
    'friendly.bard',
    'friendly_bard',
    'friendly--bard',
    'FrIeNdLy-._.-bArD',
  ])
    assert.equal(pep503(n), 'friendly-bard', n)
})

test('crate names as crates.io compares them', () => {
  assert.equal(crateKey('Serde_JSON'), 'serde-json')
  assert.equal(purlName({ type: 'cargo', name: 'Serde_JSON' }), 'serde-json')
  assert.equal(purlName({ type: 'pypi', name: 'Zope.Interface' }), 'zope-interface')
})
