// A Maven repository's artifact → the KB's facts (docs/maven.md "From a Maven repository"): every version its
// maven-metadata.xml lists is one version (the truth of what exists); the versions whose POM was read (the newest, the
// asked ones) carry the effective POM's license and dependencies (map-maven.ts pomLicense / pomDependencies / pomManaged, the
// Debian mapping's) and are dated by the POM's Last-Modified where the repository sent one that is a date; the others
// are undated, licenseless and without dependencies (the metadata dates no version). A walked version's integrity is
// its jar's checksum (the one it matched; none when its sources jar was walked, or the repository published none).
// The component as the newest version's POM says, modified when the metadata was last updated. Source `maven-repository`, as of the read.
import { versionSortKey } from '../../../domain/kb/sort-key.ts'
import type { ComponentFacts, VersionFacts } from '../../../domain/kb/types.ts'
import type { EffectivePom } from '../../../domain/maven/effective-pom.ts'
import { schemeFor } from '../../../domain/shared/versions/index.ts'
import { pomComponent, pomDependencies, pomLicense, pomManaged } from '../map-maven.ts'
import type { Checksum } from './checksums.ts'

const REPOSITORY_SOURCE = 'maven-repository'
const maven = schemeFor('maven')

/** What was read of one version: its effective POM and its date; its jar when it was walked. */
export interface ReadVersion {
  model: EffectivePom
  /** The POM's Last-Modified (ISO), or undefined. */
  lastModified: string | undefined
  /** The jar walked: its bytes and the checksum it matched (undefined: the sources jar, or none published). */
  jar?: { bytes: number; checksum: Checksum | undefined }
}

/** The version a bare purl means: the newest release (no SNAPSHOT, no pre-release), else the newest. */
export function newestMavenVersion(versions: readonly string[]): string | undefined {
  const sorted = [...versions].sort((a, b) => maven.compare(a, b))
  return sorted.filter((v) => !maven.isPrerelease(v)).at(-1) ?? sorted.at(-1)
}

export function mapRepositoryArtifact(
  versions: readonly string[],
  read: ReadonlyMap<string, ReadVersion>,
  o: { asOf: string; lastUpdated: string | undefined },
): { component: ComponentFacts; versions: VersionFacts[] } | undefined {
  const newest = newestMavenVersion(versions)
  const model = newest === undefined ? undefined : read.get(newest)?.model
  if (newest === undefined || !model) return undefined
  return {
    component: pomComponent(model, newest, {
      sourcePurl: null,
      source: REPOSITORY_SOURCE,
      asOf: o.asOf,
      registryModified: isoDate(o.lastUpdated) ?? o.asOf,
    }),
    versions: [...versions].sort((a, b) => maven.compare(a, b)).map((v) => mapVersion(v, read.get(v), o.asOf)),
  }
}

function mapVersion(version: string, r: ReadVersion | undefined, asOf: string): VersionFacts {
  const license = r ? pomLicense(r.model) : null
  const { artifactId } = r?.model.coordinates ?? { artifactId: '' }
  return {
    version,
    sortKey: versionSortKey(version, 'maven'),
    isPrerelease: maven.isPrerelease(version),
    releasedAt: isoDate(r?.lastModified),
    status: 'active',
    statusRaw: null,
    integrity: r?.jar?.checksum ? integrity(r.jar.checksum) : null,
    unpackedSize: r?.jar?.bytes ?? null,
    fileCount: null,
    license,
    ...(license ? { licenseOrigin: { source: REPOSITORY_SOURCE, path: `${artifactId}-${version}.pom` } } : {}),
    dependencies: r ? pomDependencies(r.model) : [],
    ...(r ? pomManaged(r.model) : {}),
    source: REPOSITORY_SOURCE,
    asOf,
  }
}

/** A checksum as the KB's integrity (`<algorithm>-<base64>`); an MD5 proves nothing: none. */
function integrity(c: Checksum): string | null {
  return c.algorithm === 'md5' ? null : `${c.algorithm}-${Buffer.from(c.hex, 'hex').toString('base64')}`
}

function isoDate(raw: string | undefined): string | null {
  const t = raw === undefined ? Number.NaN : Date.parse(raw)
  return Number.isNaN(t) ? null : new Date(t).toISOString()
}
