// FIXTURE DATA, for tests only (never shipped): a few PyPI distributions and crates as their registries describe
// them (the names, versions, licenses and Requires-Dist / Cargo.toml dependencies of requests 2.31.0, flask, serde
// and serde_json, cut down), written through the KB writer with dependencies read by the domain's own parsers
// (pep508Dependencies, cargoDependencies). The source name says it is a fixture.
import { cargoDependencies } from '../../src/domain/dependencies/cargo-manifest.ts'
import { pep508Dependencies } from '../../src/domain/dependencies/pep508.ts'
import { isPrerelease, versionSortKey } from '../../src/domain/kb/sort-key.ts'
import type { ComponentFacts, Dependency, VersionFacts } from '../../src/domain/kb/types.ts'
import { canonicalPurl, purlName } from '../../src/domain/shared/purl.ts'
import { normaliseDeclaredLicense } from '../../src/ingest/analyzers/declared-license.ts'
import type { Storage } from '../../src/storage/database.ts'
import { SqlKbWriter } from '../../src/storage/kb-writer.ts'
import { FIXTURE_AS_OF } from './kb-fixture.ts'

const SOURCE = 'fixture'
type Versions = Record<string, Dependency[]>

function pkg(
  type: 'pypi' | 'cargo',
  name: string,
  license: string,
  versions: Versions,
  features: Record<string, Record<string, string[]>> = {},
) {
  const list = Object.keys(versions)
  const component: ComponentFacts = {
    ...{ purl: canonicalPurl({ type, name }), purlType: type, namespace: '', name, purlName: purlName({ type, name }) },
    ...{ description: null, projectUrl: '', homepageUrl: null, repositoryUrl: null, sourcePurl: null },
    ...{ latestVersion: list.at(-1) ?? null, status: 'active', statusRaw: null, statusChangeDate: null },
    ...{ registryModified: null, source: SOURCE, asOf: FIXTURE_AS_OF },
  }
  const facts: VersionFacts[] = list.map((version, i) => ({
    ...{ version, sortKey: versionSortKey(version, type), isPrerelease: isPrerelease(version) },
    ...{ releasedAt: new Date(Date.UTC(2023, 0, 1 + i)).toISOString(), status: 'active', statusRaw: null },
    ...{ integrity: null, unpackedSize: null, fileCount: null, license: normaliseDeclaredLicense(license) },
    ...{ dependencies: versions[version] ?? [], source: SOURCE, asOf: FIXTURE_AS_OF },
    ...(features[version] ? { features: features[version] } : {}),
  }))
  return { component, versions: facts, analyses: [] }
}

const requires = (...lines: string[]) => pep508Dependencies(lines)

const PACKAGES = [
  pkg('pypi', 'requests', 'Apache-2.0', {
    '2.30.0': [],
    '2.31.0': requires(
      'charset-normalizer (<4,>=2)',
      'idna (<4,>=2.5)',
      'urllib3 (<3,>=1.21.1)',
      'certifi (>=2017.4.17)',
      "PySocks (!=1.5.7,>=1.5.6) ; extra == 'socks'",
      'win-inet-pton ; sys_platform == "win32" and python_version == "2.7"',
    ),
  }),
  pkg('pypi', 'flask', 'BSD-3-Clause', { '2.0.0': [], '2.3.3': [], '3.0.0': [], '3.1.0rc1': [] }),
  pkg('pypi', 'charset-normalizer', 'MIT', { '3.3.2': [] }),
  pkg('pypi', 'idna', 'BSD-3-Clause', { '3.4': [] }),
  pkg('pypi', 'urllib3', 'MIT', { '1.26.18': [], '2.0.7': [] }),
  pkg('pypi', 'certifi', 'MPL-2.0', { '2023.7.22': [] }),
  pkg('pypi', 'pysocks', 'BSD-3-Clause', { '1.7.1': [] }),
  // serde's `[features]` and its optional serde_derive, as its manifest declares them
  pkg(
    'cargo',
    'serde',
    'MIT OR Apache-2.0',
    {
      '1.0.188': [],
      '1.0.190': cargoDependencies({
        dependencies: { serde_derive: { version: '=1.0.190', optional: true } },
        features: { default: ['std'], derive: ['serde_derive'], std: [] },
      }),
    },
    { '1.0.190': { default: ['std'], derive: ['serde_derive'], std: [] } },
  ),
  pkg('cargo', 'serde_derive', 'MIT OR Apache-2.0', { '1.0.190': [] }),
  pkg('cargo', 'demo-app', 'MIT', {
    '0.1.0': cargoDependencies({ dependencies: { serde: { version: '1', features: ['derive'] }, serde_json: '1' } }),
  }),
  pkg('cargo', 'itoa', 'MIT OR Apache-2.0', { '1.0.9': [] }),
  pkg('cargo', 'ryu', 'Apache-2.0 OR BSL-1.0', { '1.0.15': [] }),
  pkg('cargo', 'serde_json', 'MIT OR Apache-2.0', {
    '1.0.108': cargoDependencies({
      dependencies: { itoa: '1.0', ryu: '1.0', serde: { version: '1.0.190', 'default-features': false } },
      'dev-dependencies': { serde_derive: '1.0.166' },
      features: { default: ['std'], std: ['serde/std'], preserve_order: ['indexmap', 'std'] },
    }),
  }),
]

/** Writes these packages into a migrated storage. */
export async function loadPythonRustFixtureKb(storage: Storage): Promise<void> {
  const writer = new SqlKbWriter(storage)
  for (const p of PACKAGES) await writer.writePackage(p)
}
