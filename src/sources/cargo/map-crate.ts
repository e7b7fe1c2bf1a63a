// The crate versions read from Debian's packages → the KB's facts (docs/cargo.md "What is known"): one component
// pkg:cargo/<crate> (its name as its newest Cargo.toml spells it), one version per upstream version, each as the
// newest Debian version shipping it has it. Source `debian-cargo`, dated by the suites' Release files; each version
// says which Debian package and version it came from (statusRaw), the component's source purl is the Debian package
// of its newest version; a version's date is the date of the first Debian upload of that upstream version (its
// changelog): when Debian had it, never before crates.io did.

import { featureTable } from '../../domain/dependencies/cargo-features.ts'
import { cargoDependencies } from '../../domain/dependencies/cargo-manifest.ts'
import { versionSortKey } from '../../domain/kb/sort-key.ts'
import type { ComponentFacts, VersionFacts } from '../../domain/kb/types.ts'
import { purlName } from '../../domain/shared/purl.ts'
import { schemeFor } from '../../domain/shared/versions/index.ts'
import { normaliseDeclaredLicense } from '../../ingest/analyzers/declared-license.ts'
import { upstreamVersions } from '../debian/upstream-versions.ts'
import { parseRepository } from '../npm/repository.ts'
import type { DebCrate } from './deb-crate.ts'

const CARGO_SOURCE = 'debian-cargo'
const cargo = schemeFor('cargo')

/** One crate version as one Debian package version ships it. */
export interface ShippedCrate {
  crate: DebCrate
  /** The binary package, its version and architecture, and the suites listing it. */
  package: string
  debianVersion: string
  arch: string
  suites: readonly string[]
  /** The date of the first upload of this upstream version in the package's changelog, if it says. */
  firstUpload: string | null
}

/** The component, its versions and what each was read from; undefined when nothing was shipped. */
export function mapCrate(
  shipped: readonly ShippedCrate[],
  asOf: string,
): { component: ComponentFacts; versions: VersionFacts[]; from: Map<string, ShippedCrate> } | undefined {
  const { byVersion, sorted, latest } = upstreamVersions(shipped, (s) => s.crate.manifest.version, cargo)
  if (!latest) return undefined
  const m = latest.crate.manifest
  return {
    component: crateComponent({
      name: m.name,
      latestVersion: m.version,
      description: m.description,
      homepageUrl: m.homepage,
      repository: m.repository,
      sourcePurl: `pkg:deb/debian/${latest.package}@${encodeURIComponent(latest.debianVersion)}?arch=${latest.arch}`,
      source: CARGO_SOURCE,
      asOf,
    }),
    versions: sorted.map((s) => mapVersion(s, asOf)),
    from: byVersion,
  }
}

function mapVersion(s: ShippedCrate, asOf: string): VersionFacts {
  const { manifest: m, checksum, files, bytes, patches } = s.crate
  const declared = m.license ?? (m.licenseFile ? `SEE LICENSE IN ${m.licenseFile}` : null)
  const patched = patches.length > 0 ? `; Debian's patches: ${patches.join(', ')}` : ''
  return crateVersion({
    version: m.version,
    releasedAt: s.firstUpload,
    status: 'active',
    statusRaw: `${s.package} ${s.debianVersion} (${s.suites.join(' ')})${patched}`,
    cksum: checksum.crate,
    unpackedSize: bytes,
    fileCount: files.length,
    license: declared ? normaliseDeclaredLicense(declared) : null,
    dependencies: cargoDependencies(m.tables),
    features: featureTable(m.tables.features),
    source: CARGO_SOURCE,
    asOf,
  })
}

/** A crate's component facts, whichever source read them (Debian's package, a registry). */
export function crateComponent(f: {
  /** As the crate spells it. */
  name: string
  latestVersion: string
  description: string | null
  homepageUrl: string | null
  /** The manifest's `repository`, as written. */
  repository: string | null
  sourcePurl: string | null
  source: string
  asOf: string
}): ComponentFacts {
  return {
    purl: `pkg:cargo/${f.name}`,
    purlType: 'cargo',
    namespace: '',
    name: f.name,
    purlName: purlName({ type: 'cargo', name: f.name }),
    description: f.description,
    projectUrl: '',
    homepageUrl: f.homepageUrl,
    repositoryUrl: f.repository ? (parseRepository(f.repository)?.url ?? null) : null,
    sourcePurl: f.sourcePurl,
    latestVersion: f.latestVersion,
    status: 'active',
    statusRaw: null,
    statusChangeDate: null,
    registryModified: f.asOf,
    source: f.source,
    asOf: f.asOf,
  }
}

/** A crate version's facts; its declared license read from its Cargo.toml, its integrity the `.crate`'s sha256. */
export function crateVersion(f: {
  version: string
  releasedAt: string | null
  status: VersionFacts['status']
  statusRaw: string | null
  /** The `.crate`'s sha256 (hex), as a registry's index states it (`cksum`). */
  cksum: string | null
  unpackedSize: number | null
  fileCount: number | null
  license: VersionFacts['license']
  dependencies: VersionFacts['dependencies']
  /** The `[features]` table (cargo-features.ts featureTable), when it has one. */
  features: VersionFacts['features']
  source: string
  asOf: string
}): VersionFacts {
  return {
    version: f.version,
    sortKey: versionSortKey(f.version, 'cargo'),
    isPrerelease: cargo.isPrerelease(f.version),
    releasedAt: f.releasedAt,
    status: f.status,
    statusRaw: f.statusRaw,
    integrity: f.cksum ? `sha256-${Buffer.from(f.cksum, 'hex').toString('base64')}` : null,
    unpackedSize: f.unpackedSize,
    fileCount: f.fileCount,
    license: f.license,
    licenseOrigin: { source: f.source, path: 'Cargo.toml' },
    dependencies: f.dependencies,
    ...(f.features ? { features: f.features } : {}),
    source: f.source,
    asOf: f.asOf,
  }
}

/** The date of the oldest changelog entry of this upstream version (`1.0.1-1`, `1.0.1-2` → 1.0.1's first upload). */
export function firstUpload(entries: readonly { version: string; date: string }[], upstream: string): string | null {
  const dates = entries
    .filter((e) => e.date !== '' && upstreamOf(e.version) === upstream.replace(/-/g, '~'))
    .map((e) => e.date)
    .sort()
  return dates[0] ?? null
}

/** A Debian version's upstream part: no epoch, no revision. */
function upstreamOf(debianVersion: string): string {
  return debianVersion.replace(/^\d+:/, '').replace(/-[^-]*$/, '')
}
