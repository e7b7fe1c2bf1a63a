// FIXTURE DATA, for tests only (never shipped): a small, made-up npm-like KB written through the real ingestion
// mapping (mapPackument) and writer, so endpoint tests know every fact they assert. All names start with `fx`.
import type { VersionAnalysis } from '../../src/domain/kb/types.ts'
import { mapPackument } from '../../src/sources/npm/map-packument.ts'
import type { Manifest, Packument } from '../../src/sources/npm/registry.ts'
import type { Storage } from '../../src/storage/database.ts'
import { SqlKbWriter } from '../../src/storage/kb-writer.ts'
import { refreshPopularity } from '../../src/storage/popularity.ts'

export const FIXTURE_AS_OF = '2026-01-02T03:04:05.000Z'

type V = Omit<Manifest, 'name' | 'version'> & { time?: string }

function packument(name: string, latest: string, versions: Record<string, V>, extra: Partial<Packument> = {}) {
  const time: Record<string, string> = { created: '2020-01-01T00:00:00.000Z', modified: '2025-06-01T00:00:00.000Z' }
  const manifests: Record<string, Manifest> = {}
  for (const [version, { time: t, ...m }] of Object.entries(versions)) {
    manifests[version] = { name, version, ...m }
    if (t) time[version] = t
  }
  return { name, 'dist-tags': { latest }, versions: manifests, time, ...extra } as Packument
}

const repo = (r: string) => ({ type: 'git', url: `git+https://github.com/${r}.git` })

export const FIXTURE_PACKUMENTS: Packument[] = [
  packument('fx-app', '1.1.0', {
    '1.0.0': { license: 'MIT', time: '2021-01-01T00:00:00.000Z', dependencies: { 'fx-lib': '^1.0.0' } },
    '1.1.0': {
      license: 'MIT',
      repository: repo('fx-org/fx-app'),
      time: '2022-01-01T00:00:00.000Z',
      dependencies: {
        'fx-lib': '^1.0.0',
        'fx-util': '~2.1.0',
        'fx-missing': '^1.0.0',
        'fx-git': 'git+https://example.invalid/fx-git.git',
        'fx-alias': 'npm:fx-util@^2.2.0',
      },
      devDependencies: { 'fx-dev': '^1.0.0' },
      peerDependencies: { 'fx-peer': '>=1' },
    },
    '2.0.0-beta.1': { license: 'MIT', time: '2023-01-01T00:00:00.000Z', dependencies: { 'fx-lib': '^2.0.0' } },
  }),
  packument('fx-lib', '2.0.0', {
    '1.0.0': { license: '(MIT OR Apache-2.0)', time: '2020-02-01T00:00:00.000Z' },
    '1.2.0': {
      license: '(MIT OR Apache-2.0)',
      time: '2020-03-01T00:00:00.000Z',
      dependencies: { 'fx-util': '^2.0.0', 'fx-app': '^1.0.0' },
    },
    '1.3.0': { license: 'MIT', deprecated: 'use fx-lib 2', time: '2020-04-01T00:00:00.000Z' },
    '2.0.0': { license: 'Apache-2.0', time: '2024-01-01T00:00:00.000Z', dependencies: { 'fx-util': '2.2.0' } },
  }),
  packument('fx-util', '2.2.0', {
    '2.1.0': { license: 'Custom: see LICENSE.txt', time: '2020-01-05T00:00:00.000Z' },
    '2.1.5': { license: 'Custom: see LICENSE.txt', time: '2020-01-06T00:00:00.000Z' },
    '2.2.0': { time: '2020-01-07T00:00:00.000Z' },
  }),
  packument('@fx/scoped', '0.1.0', { '0.1.0': { license: 'Apache-2.0', time: '2025-01-01T00:00:00.000Z' } }),
  packument(
    'fx-old',
    '0.9.0',
    {
      '0.9.0': { license: 'ISC', deprecated: 'fx-old is no longer maintained', time: '2019-01-01T00:00:00.000Z' },
    },
    // a version the registry still dates but no longer serves: unpublished
    {
      time: {
        created: '2019-01-01T00:00:00.000Z',
        '0.9.0': '2019-01-01T00:00:00.000Z',
        '0.9.1': '2019-02-01T00:00:00.000Z',
      },
    },
  ),
]

function licenseFiles(found: [string, string, number][]) {
  return {
    analyzer: 'license-files',
    analyzerVersion: '1',
    output: { licenses: found.map(([path, spdx_id, score]) => ({ path, spdx_id, score })) },
  }
}

/** Analyses the fixture KB holds: code statistics and detected licenses of a few versions. */
export const FIXTURE_ANALYSES: Record<string, VersionAnalysis[]> = {
  'fx-app': [
    {
      version: '1.1.0',
      asOf: FIXTURE_AS_OF,
      files: [
        { path: 'package.json', size: 400, md5: '0123456789abcdef0123456789abcdef' },
        { path: 'index.js', size: 1200, md5: 'fedcba9876543210fedcba9876543210' },
      ],
      outputs: [
        {
          analyzer: 'code-stats',
          analyzerVersion: '1',
          output: {
            total_source_files: 3,
            total_lines: 120,
            total_blank_lines: 14,
            languages: [
              { name: 'JavaScript', files: 2 },
              { name: 'TypeScript', files: 1 },
            ],
          },
        },
        licenseFiles([['LICENSE', 'MIT', 0.98]]),
      ],
      detectedLicenses: [{ licenseId: 'MIT', path: 'LICENSE', score: 0.98 }],
    },
  ],
  'fx-util': [
    {
      version: '2.2.0',
      asOf: FIXTURE_AS_OF,
      files: [{ path: 'LICENSE', size: 1000, md5: '00000000000000000000000000000001' }],
      outputs: [
        licenseFiles([
          ['LICENSE', 'BSD-3-Clause', 0.95],
          ['vendor/LICENSE', 'Zlib', 0.9],
        ]),
      ],
      detectedLicenses: [
        { licenseId: 'BSD-3-Clause', path: 'LICENSE', score: 0.95 },
        { licenseId: 'Zlib', path: 'vendor/LICENSE', score: 0.9 },
      ],
    },
  ],
}

/** Writes the fixture KB into a migrated storage. */
export async function loadFixtureKb(storage: Storage): Promise<void> {
  const writer = new SqlKbWriter(storage)
  for (const p of FIXTURE_PACKUMENTS) {
    const { component, versions } = mapPackument(p.name, p, FIXTURE_AS_OF)
    await writer.writePackage({ component, versions, analyses: FIXTURE_ANALYSES[p.name] ?? [] })
  }
  await refreshPopularity(storage.db)
}

/** FIXTURE: the fixture package `name` as if `version` had just been published (newest, latest), written the way
 *  ingestion writes a package: for tests of what follows a KB change. */
export async function publishFixtureVersion(storage: Storage, name: string, version: string): Promise<void> {
  const p = FIXTURE_PACKUMENTS.find((x) => x.name === name)
  if (!p) throw new Error(`no fixture package ${name}`)
  const time = { ...p.time, [version]: '2026-03-01T00:00:00.000Z' }
  const next: Packument = {
    ...p,
    'dist-tags': { latest: version },
    versions: { ...p.versions, [version]: { name, version, license: 'MIT' } },
    time,
  }
  const { component, versions } = mapPackument(next.name, next, '2026-03-02T00:00:00.000Z')
  await new SqlKbWriter(storage).writePackage({ component, versions, analyses: [] })
}
