// A registry's index lines and the Cargo.toml of the .crates read → the KB's facts: every version, yanked ones
// deprecated, dated only by `pubtime`, the cksum as integrity, the line's deps; the license only where a .crate was
// read; the component as the newest live release's Cargo.toml says. Made-up lines (FIXTURE values).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { normaliseDeclaredLicense } from '../../../ingest/analyzers/declared-license.ts'
import type { CrateManifest } from './crate-manifest.ts'
import type { IndexVersion } from './index-file.ts'
import { mapRegistryCrate, newestVersion, REGISTRY_SOURCE } from './map-registry.ts'

const CKSUM = 'ab'.repeat(32)
const line = (version: string, o: Partial<IndexVersion> = {}): IndexVersion => ({
  name: 'Demo_Crate',
  version,
  cksum: CKSUM,
  yanked: false,
  features: {},
  links: null,
  rustVersion: null,
  published: null,
  dependencies: [],
  ...o,
})
const manifest = (version: string, o: Partial<CrateManifest> = {}): CrateManifest => ({
  name: 'Demo_Crate',
  version,
  license: normaliseDeclaredLicense('MIT/Apache-2.0'),
  licenseFile: null,
  description: 'a demo',
  homepageUrl: null,
  repositoryUrl: 'https://github.com/example/demo',
  documentationUrl: null,
  rustVersion: null,
  ...o,
})

test('the newest: a live release before a pre-release or a yanked one', () => {
  assert.equal(newestVersion([line('1.0.0'), line('2.0.0-rc.1'), line('1.1.0', { yanked: true })])?.version, '1.0.0')
  assert.equal(newestVersion([line('2.0.0-rc.1'), line('1.1.0', { yanked: true })])?.version, '2.0.0-rc.1')
  assert.equal(newestVersion([line('1.1.0', { yanked: true }), line('1.0.0', { yanked: true })])?.version, '1.1.0')
  assert.equal(newestVersion([]), undefined)
})

test('every line a version; yanked deprecated; pubtime the date; the license where the .crate was read', () => {
  const deps: IndexVersion['dependencies'] = [
    {
      name: 'log',
      crate: 'log',
      req: '^0.4',
      features: [],
      optional: true,
      defaultFeatures: true,
      target: null,
      kind: 'normal',
      registry: null,
    },
  ]
  const mapped = mapRegistryCrate(
    [
      line('1.1.0', { yanked: true }),
      line('1.0.0', { published: '2024-03-01T10:00:00Z', dependencies: deps, features: { default: ['log'] } }),
      line('0.9.0', { published: 'yesterday' }),
    ],
    new Map([
      ['1.0.0', { manifest: manifest('1.0.0'), fileCount: 3, bytes: 1200 }],
      [
        '0.9.0',
        { manifest: manifest('0.9.0', { license: null, licenseFile: 'LICENSE.txt' }), fileCount: null, bytes: null },
      ],
    ]),
    '2026-01-01T00:00:00.000Z',
  )
  assert.ok(mapped)
  const c = mapped.component
  assert.deepEqual(
    [c.purl, c.purlName, c.latestVersion, c.description, c.repositoryUrl, c.sourcePurl, c.source],
    ['pkg:cargo/Demo_Crate', 'demo-crate', '1.0.0', 'a demo', 'https://github.com/example/demo', null, REGISTRY_SOURCE],
  )
  assert.deepEqual(
    mapped.versions.map((v) => [v.version, v.status, v.statusRaw, v.releasedAt, v.license?.raw ?? null]),
    [
      ['0.9.0', 'active', null, null, 'SEE LICENSE IN LICENSE.txt'],
      ['1.0.0', 'active', null, '2024-03-01T10:00:00.000Z', 'MIT/Apache-2.0'],
      ['1.1.0', 'deprecated', 'yanked', null, null],
    ],
  )
  const v1 = mapped.versions[1]
  assert.equal(v1?.license?.expression, '(MIT OR Apache-2.0)')
  assert.equal(v1?.integrity, `sha256-${Buffer.from(CKSUM, 'hex').toString('base64')}`)
  assert.deepEqual([v1?.fileCount, v1?.unpackedSize], [3, 1200])
  // `log` is optional, and the default feature enables it: a dependent with default features gets it
  assert.deepEqual(v1?.dependencies, [
    { scope: 'runtime', name: 'log', requirement: '^0.4', features: { asks: ['default'], optional: true } },
  ])
  // the line's features kept for the walk
  assert.deepEqual(v1?.features, { default: ['log'] })
  assert.deepEqual(v1?.licenseOrigin, { source: REGISTRY_SOURCE, path: 'Cargo.toml' })
})
