// A registry's crate → the KB's facts (docs/cargo.md "From a registry"): the index file's every version is the truth
// of what exists — a yanked one has status `deprecated` (statusRaw `yanked`), its date is the line's `pubtime` where
// the registry gives one that is a date (none otherwise: the index dates nothing), its integrity the line's `cksum`, its
// dependencies the line's `deps` read as its Cargo.toml's tables (cargoIndexDependencies); its declared license is its
// `.crate`'s Cargo.toml's, for the versions whose `.crate` was read. The component as the newest version's Cargo.toml
// says (crateComponent, the Debian mapping's). Source `cargo-registry`, as of the read.
import { featureTable } from '../../../domain/dependencies/cargo-features.ts'
import { cargoIndexDependencies } from '../../../domain/dependencies/cargo-manifest.ts'
import type { ComponentFacts, VersionFacts } from '../../../domain/kb/types.ts'
import { schemeFor } from '../../../domain/shared/versions/index.ts'
import { normaliseDeclaredLicense } from '../../../ingest/analyzers/declared-license.ts'
import { crateComponent, crateVersion } from '../map-crate.ts'
import type { CrateManifest } from './crate-manifest.ts'
import type { IndexVersion } from './index-file.ts'

export const REGISTRY_SOURCE = 'cargo-registry'
const cargo = schemeFor('cargo')

/** What a version's `.crate` gave: its Cargo.toml, and its files' count and bytes when it was walked. */
export interface ReadCrate {
  manifest: CrateManifest
  fileCount: number | null
  bytes: number | null
}

/** The version a bare purl means: the newest release not yanked, else the newest not yanked, else the newest. */
export function newestVersion(lines: readonly IndexVersion[]): IndexVersion | undefined {
  const sorted = [...lines].sort((a, b) => cargo.compare(a.version, b.version))
  const live = sorted.filter((l) => !l.yanked)
  return live.filter((l) => !cargo.isPrerelease(l.version)).at(-1) ?? live.at(-1) ?? sorted.at(-1)
}

export function mapRegistryCrate(
  lines: readonly IndexVersion[],
  read: ReadonlyMap<string, ReadCrate>,
  asOf: string,
): { component: ComponentFacts; versions: VersionFacts[] } | undefined {
  const newest = newestVersion(lines)
  if (!newest) return undefined
  const m = read.get(newest.version)?.manifest
  return {
    component: crateComponent({
      name: m?.name ?? newest.name,
      latestVersion: newest.version,
      description: m?.description ?? null,
      homepageUrl: m?.homepageUrl ?? null,
      repository: m?.repositoryUrl ?? null,
      sourcePurl: null,
      source: REGISTRY_SOURCE,
      asOf,
    }),
    versions: [...lines]
      .sort((a, b) => cargo.compare(a.version, b.version))
      .map((l) => mapLine(l, read.get(l.version), asOf)),
  }
}

function mapLine(l: IndexVersion, r: ReadCrate | undefined, asOf: string): VersionFacts {
  const m = r?.manifest
  const declared = m?.license ?? (m?.licenseFile ? normaliseDeclaredLicense(`SEE LICENSE IN ${m.licenseFile}`) : null)
  return crateVersion({
    version: l.version,
    releasedAt: isoDate(l.published),
    status: l.yanked ? 'deprecated' : 'active',
    statusRaw: l.yanked ? 'yanked' : null,
    cksum: l.cksum,
    unpackedSize: r?.bytes ?? null,
    fileCount: r?.fileCount ?? null,
    license: declared,
    dependencies: cargoIndexDependencies(l.dependencies, l.features),
    features: featureTable(l.features),
    source: REGISTRY_SOURCE,
    asOf,
  })
}

/** `pubtime` as an ISO 8601 instant; anything that is not a date: none (the line is outside data). */
export function isoDate(raw: string | null): string | null {
  const t = raw === null || raw.length > 64 ? Number.NaN : Date.parse(raw)
  return Number.isNaN(t) ? null : new Date(t).toISOString()
}
