// A module read from the Go module proxy a user configured → the KB's facts (docs/golang.md "From a module proxy"):
// every version the proxy lists is one version, dated by its `.info` time (none when the proxy gives none or no date);
// the versions whose go.mod was read (`.mod`) carry its requirements (runtime, `// indirect` ones too, as the Debian
// mapping has them); those whose module zip was read carry its files' count and bytes, its h1 hash (integrity) and
// its top license file's license (matched to an SPDX text, map-module.ts licenseOfFile). The component as
// map-module.ts builds it, the newest version (newestGoVersion) its latest, modified at the newest `.info` time. Source `golang-proxy`, as of the read.
import type { GoMod } from '../../../domain/dependencies/go-mod.ts'
import { versionSortKey } from '../../../domain/kb/sort-key.ts'
import type { ComponentFacts, VersionFacts } from '../../../domain/kb/types.ts'
import { schemeFor } from '../../../domain/shared/versions/index.ts'
import { isoDate } from '../../cargo/registry/map-registry.ts'
import { goModDependencies, licenseOfFile, moduleComponent } from '../map-module.ts'
import type { GoVersionInfo } from './proxy-documents.ts'

const PROXY_SOURCE = 'golang-proxy'
const go = schemeFor('golang')

/** What one version's documents gave beyond its `.info`. */
export interface ReadVersion {
  goMod?: GoMod
  zip?: { h1: string; fileCount: number; bytes: number; licenseFile: { path: string; text: string } | null }
}

/** The version a bare purl means: the newest release, else the newest (a pre-release or a pseudo-version). */
export function newestGoVersion<T extends { version: string }>(infos: readonly T[]): T | undefined {
  const sorted = [...infos].sort((a, b) => go.compare(a.version, b.version))
  return sorted.filter((i) => !go.isPrerelease(i.version)).at(-1) ?? sorted.at(-1)
}

export function mapProxyModule(
  module: string,
  infos: readonly GoVersionInfo[],
  read: ReadonlyMap<string, ReadVersion>,
  asOf: string,
): { component: ComponentFacts; versions: VersionFacts[] } | undefined {
  const newest = newestGoVersion(infos)
  const component = newest
    ? moduleComponent({ module, latestVersion: newest.version, sourcePurl: null, source: PROXY_SOURCE, asOf })
    : undefined
  if (!component) return undefined
  // the registry's last change: the newest `.info` time it gives (read again, the same: nothing changed)
  const times = infos.flatMap((i) => isoDate(i.time ?? null) ?? []).sort()
  component.registryModified = times.at(-1) ?? asOf
  const versions = [...infos]
    .sort((a, b) => go.compare(a.version, b.version))
    .map((i) => mapVersion(i, read.get(i.version), asOf))
  return { component, versions }
}

function mapVersion(i: GoVersionInfo, r: ReadVersion | undefined, asOf: string): VersionFacts {
  const license = r?.zip ? licenseOfFile(r.zip.licenseFile) : undefined
  return {
    version: i.version,
    sortKey: versionSortKey(i.version, 'golang'),
    isPrerelease: go.isPrerelease(i.version),
    releasedAt: isoDate(i.time ?? null),
    status: 'active',
    statusRaw: null,
    integrity: r?.zip?.h1 ?? null,
    unpackedSize: r?.zip?.bytes ?? null,
    fileCount: r?.zip?.fileCount ?? null,
    license: license?.license ?? null,
    ...(license?.licenseOrigin ? { licenseOrigin: license.licenseOrigin } : {}),
    dependencies: r?.goMod ? goModDependencies(r.goMod) : [],
    source: PROXY_SOURCE,
    asOf,
  }
}
