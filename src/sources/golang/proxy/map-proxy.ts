// A module read from the Go module proxy a user configured → the KB's facts (docs/golang.md "From a module proxy"):
// every version the proxy lists is one version, dated by its `.info` time (none when the proxy gives none or no date);
// the versions whose go.mod was read (`.mod`) carry its requirements (runtime, `// indirect` ones too, as the Debian
// mapping has them); those whose module zip was read carry its files' count and bytes, its h1 hash (integrity) and
// its top license file's license (matched to an SPDX text, map-module.ts licenseOfFile). The component as
// map-module.ts builds it, the newest version not retracted (newestGoVersion) its latest, modified at the newest
// `.info` time; the newest version's go.mod's `retract` directives mark the versions they cover (`deprecated`,
// `retracted: <rationale>`, as PyPI's yanks are kept) and its `// Deprecated:` comment the component (`deprecated`,
// `deprecated: <message>`, as npm's). Source `golang-proxy`, as of the read.
import type { GoMod } from '../../../domain/dependencies/go-mod.ts'
import { versionSortKey } from '../../../domain/kb/sort-key.ts'
import type { ComponentFacts, VersionFacts } from '../../../domain/kb/types.ts'
import { schemeFor } from '../../../domain/shared/versions/index.ts'
import { excerpt } from '../../../ingest/failure.ts'
import { isoDate } from '../../cargo/registry/map-registry.ts'
import { goModDependencies, licenseOfFile, moduleComponent } from '../map-module.ts'
import type { GoVersionInfo } from './proxy-documents.ts'

const PROXY_SOURCE = 'golang-proxy'
const go = schemeFor('golang')
/** The longest deprecation message or retraction rationale kept. */
const MAX_MESSAGE = 500

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
  // the newest version's go.mod says which versions are retracted and whether the module is deprecated; the latest
  // is the newest version not retracted (the go command's @latest), the newest when all are
  const goMod = newest ? read.get(newest.version)?.goMod : undefined
  const retracted = (v: string) => retraction(goMod, v)
  const latest = newestGoVersion(infos.filter((i) => !retracted(i.version))) ?? newest
  const component = latest
    ? moduleComponent({ module, latestVersion: latest.version, sourcePurl: null, source: PROXY_SOURCE, asOf })
    : undefined
  if (!component) return undefined
  if (goMod?.deprecated !== undefined) {
    component.status = 'deprecated'
    component.statusRaw = said('deprecated', goMod.deprecated)
  }
  // the registry's last change: the newest `.info` time it gives (read again, the same: nothing changed)
  const times = infos.flatMap((i) => isoDate(i.time ?? null) ?? []).sort()
  component.registryModified = times.at(-1) ?? asOf
  const versions = [...infos]
    .sort((a, b) => go.compare(a.version, b.version))
    .map((i) => ({ ...mapVersion(i, read.get(i.version), asOf), ...retracted(i.version) }))
  return { component, versions }
}

/**
 * go.dev/ref/mod#go-mod-file-retract: a version the go.mod retracts (one version, or an interval [low, high]) as the
 * KB's status (`deprecated`, as a yanked PyPI release is) with `retracted: <rationale>`; undefined when none does.
 */
export function retraction(
  goMod: GoMod | undefined,
  version: string,
): Pick<VersionFacts, 'status' | 'statusRaw'> | undefined {
  const within = (low: string, high: string) =>
    go.isValid(low) && go.isValid(high) && go.compare(low, version) <= 0 && go.compare(version, high) <= 0
  const r = goMod?.retract.find((x) => within(x.low, x.high))
  return r ? { status: 'deprecated', statusRaw: said('retracted', r.rationale) } : undefined
}

/** `<what>: <message>` (its lines joined, bounded), or `<what>` alone. */
function said(what: string, message: string): string {
  const one = message.replace(/\s+/g, ' ').trim()
  return one === '' ? what : `${what}: ${excerpt(one, MAX_MESSAGE)}`
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
