// Maven artifact versions read from Debian's packages → the KB's facts (docs/maven.md "What is known"): one component
// pkg:maven/<group>/<artifact>, one version per upstream version (the newest Debian version shipping it), source
// `debian-maven`, dated by the suites' Release files, the Debian package recorded as the component's source purl and
// each version's statusRaw (`debian:<package>@<version>`). Dependencies are the effective POM's, at the upstream
// versions Debian recorded (`debian.<group>.<artifact>.originalVersion`) where it rewrote them (`debian`, `2.x`);
// the license is the POM's `<licenses>` (inherited), else the package's copyright file.
import { mavenDependencies, mavenManaged } from '../../domain/dependencies/maven-dependencies.ts'
import { versionSortKey } from '../../domain/kb/sort-key.ts'
import type { ComponentFacts, VersionFacts } from '../../domain/kb/types.ts'
import type { EffectivePom, ManagedDependency } from '../../domain/maven/effective-pom.ts'
import { purlName } from '../../domain/shared/purl.ts'
import { schemeFor } from '../../domain/shared/versions/index.ts'
import { normaliseDeclaredLicense } from '../../ingest/analyzers/declared-license.ts'
import { upstreamVersions } from '../debian/upstream-versions.ts'

const SOURCE = 'debian-maven'
const maven = schemeFor('maven')

/** One artifact version as one Debian package version ships it. */
export interface ShippedArtifact {
  model: EffectivePom
  /** The upstream version (its folder's, Debian's `debian.originalVersion` when it says otherwise). */
  version: string
  package: string
  debianVersion: string
  arch: string
  suites: readonly string[]
  /** The package's copyright file's license, when the POM declares none. */
  copyright: { license: VersionFacts['license']; method: string } | null
  jarBytes: number | null
}

/** A version Debian rewrote (its own `debian`, a generic `2.x`): not an upstream version. */
function isDebianAlias(version: string | undefined): boolean {
  return version === undefined || version === 'debian' || /(^|\.)x$/.test(version)
}

/** The upstream version Debian recorded for a dependency it rewrote, else the version as written ('' for none). */
function upstreamVersionOf(model: EffectivePom, d: Pick<ManagedDependency, 'groupId' | 'artifactId' | 'version'>) {
  const recorded = model.properties[`debian.${d.groupId}.${d.artifactId}.originalVersion`]
  if (recorded && !recorded.includes('${')) return recorded
  return isDebianAlias(d.version) || d.version?.includes('${') ? undefined : d.version
}

export function mapMaven(
  shipped: readonly ShippedArtifact[],
  asOf: string,
): { component: ComponentFacts; versions: VersionFacts[]; from: Map<string, ShippedArtifact> } | undefined {
  const { byVersion, sorted, latest } = upstreamVersions(shipped, (s) => s.version, maven)
  if (!latest) return undefined
  const sourcePurl = `pkg:deb/debian/${latest.package}@${encodeURIComponent(latest.debianVersion)}?arch=${latest.arch}`
  const component = pomComponent(latest.model, latest.version, { sourcePurl, source: SOURCE, asOf })
  return { component, versions: sorted.map((s) => mapVersion(s, asOf)), from: byVersion }
}

/** The component an artifact's newest version's effective POM describes (Debian's and a repository's). */
export function pomComponent(
  model: EffectivePom,
  latestVersion: string,
  o: { sourcePurl: string | null; source: string; asOf: string; registryModified?: string },
): ComponentFacts {
  const { groupId, artifactId } = model.coordinates
  return {
    purl: `pkg:maven/${groupId}/${artifactId}`,
    purlType: 'maven',
    namespace: groupId,
    name: artifactId,
    purlName: purlName({ type: 'maven', namespace: groupId, name: artifactId }),
    description: model.description ?? model.name ?? null,
    projectUrl: '',
    homepageUrl: model.url ?? null,
    repositoryUrl: null,
    sourcePurl: o.sourcePurl,
    latestVersion,
    status: 'active',
    statusRaw: null,
    statusChangeDate: null,
    registryModified: o.registryModified ?? o.asOf,
    source: o.source,
    asOf: o.asOf,
  }
}

/** The license an effective POM declares (its `<licenses>`, inherited; several: all of them), or null. */
export function pomLicense(model: EffectivePom): VersionFacts['license'] {
  const names = model.licenses.map((l) => l.name ?? l.url ?? '').filter(Boolean)
  return names.length > 0
    ? normaliseDeclaredLicense(names.length === 1 ? (names[0] as string) : names.join(' AND '))
    : null
}

/** An effective POM's dependencies, at the upstream versions Debian recorded where it rewrote them. */
export function pomDependencies(model: EffectivePom): VersionFacts['dependencies'] {
  return mavenDependencies(model.dependencies, (d) => upstreamVersionOf(model, d))
}

/** An effective POM's dependencyManagement versions (Debian's recorded upstream ones), or nothing when it has none. */
export function pomManaged(model: EffectivePom): Pick<VersionFacts, 'managed'> {
  const managed = mavenManaged(model.managed, (d) => upstreamVersionOf(model, d))
  return managed ? { managed } : {}
}

function mapVersion(s: ShippedArtifact, asOf: string): VersionFacts {
  const fromPom = pomLicense(s.model)
  const { artifactId } = s.model.coordinates
  return {
    version: s.version,
    sortKey: versionSortKey(s.version, 'maven'),
    isPrerelease: maven.isPrerelease(s.version),
    releasedAt: null,
    status: 'active',
    statusRaw: `debian:${s.package}@${s.debianVersion} (${s.suites.join(' ')})`,
    integrity: null,
    unpackedSize: s.jarBytes,
    fileCount: null,
    license: fromPom ?? s.copyright?.license ?? null,
    ...(fromPom
      ? { licenseOrigin: { source: SOURCE, path: `${artifactId}-${s.version}.pom` } }
      : s.copyright?.license
        ? {
            licenseOrigin: {
              source: `debian-copyright-${s.copyright.method}`,
              path: `usr/share/doc/${s.package}/copyright`,
            },
          }
        : {}),
    dependencies: pomDependencies(s.model),
    ...pomManaged(s.model),
    source: SOURCE,
    asOf,
  }
}
