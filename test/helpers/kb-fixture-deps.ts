// FIXTURE DATA, for tests only (never shipped): more made-up npm-like packages for the dependencies endpoints, on
// top of kb-fixture.ts (load both): a 13-long chain (depth caps), a wide package (limit caps) and one package with
// every specifier shape. Written through the real ingestion mapping and writer, like kb-fixture.ts. Names start `fxd-`.
import { mapPackument } from '../../src/sources/npm/map-packument.ts'
import type { Manifest, Packument } from '../../src/sources/npm/registry.ts'
import type { Storage } from '../../src/storage/database.ts'
import { SqlKbWriter } from '../../src/storage/kb-writer.ts'
import { FIXTURE_AS_OF } from './kb-fixture.ts'

type V = Omit<Manifest, 'name' | 'version'>

function packument(name: string, latest: string, versions: Record<string, V>): Packument {
  const time: Record<string, string> = { created: '2021-01-01T00:00:00.000Z', modified: '2025-06-01T00:00:00.000Z' }
  const manifests: Record<string, Manifest> = {}
  Object.entries(versions).forEach(([version, m], i) => {
    manifests[version] = { name, version, license: 'MIT', ...m }
    time[version] = new Date(Date.UTC(2021, 0, 1 + i)).toISOString()
  })
  return { name, 'dist-tags': { latest }, versions: manifests, time } as Packument
}

/** fxd-chain-00 → fxd-chain-01 → … → fxd-chain-12, each `^1.0.0`. */
export const CHAIN = Array.from({ length: 13 }, (_, i) => `fxd-chain-${String(i).padStart(2, '0')}`)
/** The dependencies of fxd-wide@1.0.0, in name order. */
export const WIDE = Array.from({ length: 12 }, (_, i) => `fxd-leaf-${String.fromCharCode(97 + i)}`)

const leaf = (name: string) => {
  if (name === 'fxd-leaf-a') return packument(name, '1.0.0', { '1.0.0': {}, '2.0.0': {} })
  if (name === 'fxd-leaf-b') return packument(name, '1.0.0', { '1.0.0': {}, '1.1.0': {} })
  if (name === 'fxd-leaf-c')
    return packument(name, '2.0.0', { '1.0.0': {}, '1.5.0': {}, '2.0.0': {}, '3.0.0-rc.1': {} })
  return packument(name, '1.0.0', { '1.0.0': {} })
}

export const DEPS_FIXTURE_PACKUMENTS: Packument[] = [
  ...CHAIN.map((name, i) =>
    packument(name, '1.0.0', {
      '1.0.0': i + 1 < CHAIN.length ? { dependencies: { [CHAIN[i + 1] as string]: '^1.0.0' } } : {},
    }),
  ),
  packument('fxd-wide', '1.0.0', { '1.0.0': { dependencies: Object.fromEntries(WIDE.map((n) => [n, '^1.0.0'])) } }),
  ...WIDE.map(leaf),
  packument('fxd-shapes', '1.0.0', {
    '1.0.0': {
      dependencies: {
        'fxd-leaf-a': 'latest', // the dist-tag (1.0.0), not the highest (2.0.0)
        'fxd-leaf-b': '*', // the dist-tag when it satisfies (1.0.0, not 1.1.0)
        'fxd-leaf-c': '1.x || >=3.0.0', // 1.5.0 (3.0.0-rc.1 is a pre-release the range does not name)
        'fxd-leaf-d': '^5.0.0', // no such version: listed with an empty version
        '@fx/scoped': '^0.1.0', // kb-fixture.ts
        'fxd-tagged': 'next', // a dist-tag the KB does not know
        'fxd-tarball': 'https://example.invalid/fxd-tarball-1.0.0.tgz',
        'fxd-local': 'file:../fxd-local',
        'fxd-gh': 'fxd-org/fxd-gh#v1',
      },
      optionalDependencies: { 'fxd-opt': '^1.0.0' },
      peerDependencies: { 'fxd-peer-only': '^1.0.0' },
      devDependencies: { 'fxd-dev-only': '^1.0.0' },
    },
  }),
  packument('fxd-tagged', '1.0.0', { '1.0.0': {} }),
  packument('fxd-opt', '1.0.0', { '1.0.0': {} }),
  packument('fxd-peer-only', '1.0.0', { '1.0.0': {} }),
  packument('fxd-dev-only', '1.0.0', { '1.0.0': {} }),
]

/** Writes these packages into a migrated storage (load kb-fixture.ts's too: fxd-shapes depends on @fx/scoped). */
export async function loadDepsFixtureKb(storage: Storage): Promise<void> {
  const writer = new SqlKbWriter(storage)
  for (const p of DEPS_FIXTURE_PACKUMENTS) {
    const { component, versions } = mapPackument(p.name, p, FIXTURE_AS_OF)
    await writer.writePackage({ component, versions, analyses: [] })
  }
}
