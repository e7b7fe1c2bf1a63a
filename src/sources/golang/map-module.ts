// The Go module versions read from Debian's packages → the KB's facts (docs/golang.md "What is known"): one component
// pkg:golang/<module path> (case kept), one version per upstream Go version (debian-version.ts; Debian's snapshots of
// untagged commits are no Go version and are left out, said in the report), each as the newest Debian version
// shipping it has it. Source `debian-golang`, dated by the suites' Release files; each version says which Debian
// package and version it came from (`debian:<package>@<version>`, statusRaw), the component's source purl is the
// Debian package of its newest version. A version's license is its upstream license file's (matched), else the
// package's debian/copyright; its requirements are its go.mod's (runtime, `// indirect` ones too: minimal version
// selection reads them all); its date the first Debian upload of that upstream version (its changelog).
import type { GoMod } from '../../domain/dependencies/go-mod.ts'
import { versionSortKey } from '../../domain/kb/sort-key.ts'
import type { ComponentFacts, VersionFacts } from '../../domain/kb/types.ts'
import { goModulePurl } from '../../domain/shared/lockfiles/project-file.ts'
import { parsePurl, projectUrl, purlName } from '../../domain/shared/purl.ts'
import { schemeFor } from '../../domain/shared/versions/index.ts'
import { normaliseDeclaredLicense } from '../../ingest/analyzers/declared-license.ts'
import { matchLicense } from '../../ingest/analyzers/license-match.ts'
import { licenseOfCopyright } from '../debian/copyright-license.ts'
import { upstreamVersions } from '../debian/upstream-versions.ts'
import type { DebModule } from './deb-module.ts'

const GOLANG_SOURCE = 'debian-golang'
const go = schemeFor('golang')

/** One module version as one Debian package version ships it. */
export interface ShippedModule {
  mod: DebModule
  /** The Go version it packages (debian-version.ts). */
  version: string
  package: string
  debianVersion: string
  arch: string
  suites: readonly string[]
  copyright: string | null
  firstUpload: string | null
}

export function mapModule(
  shipped: readonly ShippedModule[],
  asOf: string,
): { component: ComponentFacts; versions: VersionFacts[]; from: Map<string, ShippedModule> } | undefined {
  const { byVersion, sorted, latest } = upstreamVersions(shipped, (s) => s.version, go)
  const component = latest
    ? moduleComponent({
        module: latest.mod.module,
        latestVersion: latest.version,
        sourcePurl: `pkg:deb/debian/${latest.package}@${encodeURIComponent(latest.debianVersion)}?arch=${latest.arch}`,
        source: GOLANG_SOURCE,
        asOf,
      })
    : undefined
  if (!latest || !component) return undefined
  return {
    component,
    versions: sorted.map((s) => mapVersion(s, asOf)),
    from: byVersion,
  }
}

/** A module's component (pkg:golang/<module path>, case kept); undefined for what is no module path. */
export function moduleComponent(c: {
  module: string
  latestVersion: string
  sourcePurl: string | null
  source: string
  asOf: string
}): ComponentFacts | undefined {
  const purl = goModulePurl(c.module, undefined)
  if (!purl) return undefined
  const p = parsePurl(purl)
  return {
    purl,
    purlType: 'golang',
    namespace: p.namespace ?? '',
    name: p.name,
    purlName: purlName(p),
    description: null,
    projectUrl: projectUrl(p),
    homepageUrl: null,
    repositoryUrl: null,
    sourcePurl: c.sourcePurl,
    latestVersion: c.latestVersion,
    status: 'active',
    statusRaw: null,
    statusChangeDate: null,
    registryModified: c.asOf,
    source: c.source,
    asOf: c.asOf,
  }
}

/** A module's go.mod requirements as the version's dependencies (runtime, `// indirect` ones too). */
export function goModDependencies(goMod: GoMod): VersionFacts['dependencies'] {
  return goMod.require.map((r) => ({ scope: 'runtime', name: r.path, requirement: r.version }))
}

/** A module's top license file matched to an SPDX text; undefined when there is none or it matches none. */
export function licenseOfFile(
  file: { path: string; text: string } | null,
): Pick<VersionFacts, 'license' | 'licenseOrigin'> | undefined {
  const matched = file ? matchLicense(file.text).spdxId : null
  return file && matched
    ? { license: normaliseDeclaredLicense(matched), licenseOrigin: { source: 'golang-license-file', path: file.path } }
    : undefined
}

function mapVersion(s: ShippedModule, asOf: string): VersionFacts {
  const { license, licenseOrigin } = licenseOf(s)
  return {
    version: s.version,
    sortKey: versionSortKey(s.version, 'golang'),
    isPrerelease: go.isPrerelease(s.version),
    releasedAt: s.firstUpload,
    status: 'active',
    statusRaw: `debian:${s.package}@${s.debianVersion} (${s.suites.join(' ')})`,
    integrity: null,
    unpackedSize: s.mod.bytes,
    fileCount: s.mod.files.length,
    license,
    ...(licenseOrigin ? { licenseOrigin } : {}),
    dependencies: goModDependencies(s.mod.goMod),
    source: GOLANG_SOURCE,
    asOf,
  }
}

/** The upstream license file's license (matched to an SPDX text), else the Debian copyright file's. */
function licenseOf(s: ShippedModule): Pick<VersionFacts, 'license' | 'licenseOrigin'> {
  const fromFile = licenseOfFile(s.mod.licenseFile)
  if (fromFile) return fromFile
  if (!s.copyright) return { license: null }
  const c = licenseOfCopyright(s.copyright)
  return c.license
    ? {
        license: c.license,
        licenseOrigin: { source: `debian-copyright-${c.method}`, path: `/usr/share/doc/${s.package}/copyright` },
      }
    : { license: null }
}
