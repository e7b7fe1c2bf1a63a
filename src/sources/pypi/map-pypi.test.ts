// A distribution read from a Debian package → facts: the identity checks (another distribution's metadata, a version
// its path does not spell), the declared license in each form the metadata gives it, and the component, over the
// FIXTURE metadata files (test/fixtures/pypi/README.md).
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { UpstreamRefused } from '../../ingest/failure.ts'
import { declaredLicense } from './license.ts'
import { checkDistIdentity, mapDistComponent, mapDistVersion, type ReadDist } from './map-pypi.ts'
import { type CoreMetadata, parseCoreMetadata } from './metadata.ts'

const real = (file: string) =>
  parseCoreMetadata(readFileSync(new URL(`../../../test/fixtures/pypi/metadata/${file}`, import.meta.url), 'utf8'))

function read(metadata: CoreMetadata, more: Partial<ReadDist> = {}): ReadDist {
  return {
    metadata,
    pathVersion: metadata.version,
    metadataPath: 'url_normalize-1.4.3.dist-info/METADATA',
    requiresTxt: '',
    debPackage: 'python3-url-normalize',
    debVersion: '1.4.3-2',
    suites: ['bookworm'],
    asOf: '2026-07-11T10:16:37.000Z',
    ...more,
  }
}

test('the asked name in any PEP 503 spelling is accepted; another distribution is refused', () => {
  const d = read(real('url_normalize-1.4.3.METADATA'))
  checkDistIdentity('URL_Normalize', d)
  checkDistIdentity('url.normalize', d)
  assert.throws(
    () => checkDistIdentity('six', d),
    (err) =>
      err instanceof UpstreamRefused && err.kind === 'identity' && /names url-normalize, not six/.test(err.message),
  )
})

test("a version its path does not spell is refused; the path's escaped '-' is the same version", () => {
  const m = real('url_normalize-1.4.3.METADATA')
  assert.throws(() => checkDistIdentity('url-normalize', read(m, { pathVersion: '1.4.4' })), /its path says 1\.4\.4/)
  checkDistIdentity('x', read({ ...m, name: 'x', version: '1.0-beta' }, { pathVersion: '1.0_beta' }))
})

test('a version PEP 440 does not allow is refused', () => {
  const m = real('url_normalize-1.4.3.METADATA')
  for (const version of ['None', '1.0 beta', 'x'.repeat(200)])
    assert.throws(
      () => checkDistIdentity('url-normalize', read({ ...m, version }, { pathVersion: version })),
      (err) => err instanceof UpstreamRefused && err.kind === 'format' && /not PEP 440/.test(err.message),
    )
})

const licenses: { name: string; file: string; want: [string | null, string] }[] = [
  { name: 'License-Expression (metadata 2.4)', file: 'attrs-25.3.0.METADATA', want: ['MIT', 'License-Expression'] },
  { name: 'the License field', file: 'six-1.16.0.PKG-INFO', want: ['MIT', 'License'] },
  {
    name: "a license text in License: its first line's name",
    file: 'comm-0.1.2.METADATA',
    want: ['BSD-3-Clause', 'License'],
  },
  { name: 'no License: the classifier', file: 'zipp-1.0.0.METADATA', want: ['MIT', 'Classifier'] },
]
for (const c of licenses)
  test(`declared license from ${c.name}`, () => {
    const d = declaredLicense(real(c.file))
    assert.deepEqual([d?.license.expression ?? null, d?.field], c.want)
  })

test('declared license: classifiers of two licenses are a choice; a License that is no SPDX name is kept', () => {
  const m = real('zipp-1.0.0.METADATA')
  const two = [
    'License :: OSI Approved :: Apache Software License',
    'License :: OSI Approved :: BSD License',
    'License :: OSI Approved :: MIT License',
  ]
  assert.equal(declaredLicense({ ...m, classifiers: two })?.license.expression, '(Apache-2.0 OR MIT)')
  const own = declaredLicense({ ...m, license: 'Copyright Example Corp, all rights reserved', classifiers: [] })
  assert.deepEqual(
    [own?.license.valid, own?.license.ids[0]?.startsWith('LicenseRef-'), own?.field],
    [false, true, 'License'],
  )
  assert.equal(declaredLicense({ ...m, classifiers: ['License :: OSI Approved :: BSD License'] }), null)
})

test("a version's facts: upstream version, PEP 440 order, the Debian package as source, Requires-Dist", () => {
  const v = mapDistVersion(read(real('url_normalize-1.4.3.METADATA')))
  assert.deepEqual(
    [v.version, v.source, v.license?.expression, v.licenseOrigin, v.dependencies, v.releasedAt, v.statusRaw],
    [
      '1.4.3',
      'debian:python3-url-normalize@1.4.3-2',
      'MIT',
      { source: 'debian:python3-url-normalize@1.4.3-2', path: 'url_normalize-1.4.3.dist-info/METADATA' },
      [{ scope: 'runtime', name: 'six', requirement: '' }],
      null,
      'python3-url-normalize 1.4.3-2 (bookworm)',
    ],
  )
  // an egg-info's requirements come from its requires.txt
  const six = mapDistVersion(read(real('six-1.16.0.PKG-INFO'), { requiresTxt: '[x]\nfoo>1\n' }))
  assert.deepEqual(six.dependencies, [{ scope: 'optional', name: 'foo', requirement: '>1; extra == "x"' }])
  // attrs names the same dependencies under each of its extras: the KB keeps one per scope and name
  const attrs = mapDistVersion(read(real('attrs-25.3.0.METADATA'))).dependencies
  const keys = attrs.map((d) => `${d.scope} ${d.name}`)
  assert.deepEqual(keys, [...new Set(keys)])
  assert.ok(keys.includes('optional hypothesis'), keys.join(', '))
})

test('the component: the normalised purl, from the newest upstream version read', () => {
  const m = real('url_normalize-1.4.3.METADATA')
  const older = read({ ...m, version: '1.4.2', summary: 'old' }, { debVersion: '1.4.2-1' })
  const c = mapDistComponent('URL_Normalize', [older, read(m)])
  assert.deepEqual(
    [c.purl, c.purlName, c.latestVersion, c.description, c.homepageUrl, c.repositoryUrl, c.sourcePurl, c.source],
    [
      'pkg:pypi/url-normalize',
      'url-normalize',
      '1.4.3',
      'URL normalization for Python',
      'https://github.com/niksite/url-normalize',
      'https://github.com/niksite/url-normalize',
      'pkg:deb/debian/python3-url-normalize@1.4.3-2',
      'debian:python3-url-normalize@1.4.3-2',
    ],
  )
})
