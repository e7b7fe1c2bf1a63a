// One Go module learned from the module proxy a user configured (docs/golang.md "From a module proxy"): every version
// the proxy lists with its `.info` (its time; at most MAX_VERSIONS, the newest), the go.mod (`.mod`) of the newest
// and the asked versions (at most MAX_MODS) for their requirements, and, when analyzers are given, the asked versions'
// module zips (at most MAX_WALKED; a bulk unit, which asks none: the newest) downloaded and checked as the go command
// checks them (proxy-client.ts zip), their top license file read and their files walked by the archive walk (paths
// as in the module: `errors.go`). Mapped (map-proxy.ts) and written in one transaction after every read succeeded: a
// refused zip or go.mod fails the unit, nothing written. A version the KB holds is written again only when its zip
// was read (its license is the zip's: the `.info` alone would erase it); the versions it does not hold are all written.

import { parseGoMod } from '../../../domain/dependencies/go-mod.ts'
import type { KbWriter, VersionAnalysis } from '../../../domain/kb/types.ts'
import { resolveVersion } from '../../../domain/shared/requirement.ts'
import { schemeFor } from '../../../domain/shared/versions/index.ts'
import type { Analyzer } from '../../../ingest/analyzers/types.ts'
import { type ArchiveWalker, walkArchiveHere } from '../../../ingest/archive-walk.ts'
import { excerpt, UpstreamRefused } from '../../../ingest/failure.ts'
import { versionAnalysis } from '../../../ingest/version-analysis.ts'
import { zipEntries } from '../../../ingest/zip.ts'
import { PackageNotFound } from '../../npm/registry.ts'
import { LICENSE_FILE, MAX_LICENSE_BYTES } from '../deb-module.ts'
import { mapProxyModule, newestGoVersion, type ReadVersion } from './map-proxy.ts'
import type { GoProxyClient } from './proxy-client.ts'
import type { GoVersionInfo } from './proxy-documents.ts'

/** The versions whose `.info` is read in one unit (the newest). */
const MAX_VERSIONS = 500
/** The go.mod files read in one unit. */
const MAX_MODS = 8
/** The module zips walked in one unit. */
const MAX_WALKED = 4
const go = schemeFor('golang')

export interface ProxyIngestOptions {
  client: Pick<GoProxyClient, 'versionInfos' | 'mod' | 'zip'>
  writer: KbWriter
  /** The module path asked (case-sensitive). */
  name: string
  /** The versions and requirements requests named, resolved as the API resolves them ('' = a bare purl's). */
  asked: readonly string[]
  /** The analyzers the walked versions go through (none: the facts only). */
  analyzers?: readonly Analyzer<unknown>[]
  /** Where a module zip is walked (default: this thread). */
  archives?: ArchiveWalker
  signal?: AbortSignal
  now: () => string
}

export interface ProxyIngestReport {
  /** The modules the newest version requires (its go.mod's), for --with-dependencies. */
  dependencies: string[]
  versions: number
  read: number
  analyzed: number
  changed: boolean
}

export async function ingestProxyModule(o: ProxyIngestOptions): Promise<ProxyIngestReport> {
  const infos = await o.client.versionInfos(o.name, { max: MAX_VERSIONS, ...(o.signal ? { signal: o.signal } : {}) })
  const newest = newestGoVersion(infos)
  if (!newest) throw new PackageNotFound(o.name)
  const asked = askedVersions(infos, o.asked, newest)
  const state = await o.writer.state(`pkg:golang/${o.name}`)
  const analyzers = o.analyzers ?? []
  const walked = o.analyzers
    ? asked
        .filter((v) => analyzers.some((a) => state?.analyses.get(v.version)?.get(a.name) !== a.version))
        .slice(0, MAX_WALKED)
    : []
  const asOf = o.now()
  const read = new Map<string, ReadVersion>()
  for (const v of unique([...walked, newest, ...asked]).slice(0, MAX_MODS)) {
    const mod = await o.client.mod(o.name, v.version, { ...(o.signal ? { signal: o.signal } : {}) })
    const goMod = parseGoMod(mod.text)
    if (goMod.module !== o.name)
      throw new UpstreamRefused(
        'identity',
        `the go.mod of ${o.name}@${v.version} names ${excerpt(String(goMod.module ?? 'no module'), 120)}`,
      )
    read.set(v.version, { goMod })
  }
  const analyses: VersionAnalysis[] = []
  for (const v of walked) {
    const zip = await o.client.zip(o.name, v.version, { ...(o.signal ? { signal: o.signal } : {}) })
    try {
      const licenseFile = await topLicenseFile(zip.file, `${o.name}@${v.version}/`)
      const { h1, fileCount, bytes } = zip
      read.set(v.version, { ...read.get(v.version), zip: { h1, fileCount, bytes, licenseFile } })
      const walk = { file: zip.file, format: 'zip' as const, stripComponents: zip.stripComponents }
      const result = await (o.archives ?? walkArchiveHere)(walk, analyzers, o.signal)
      analyses.push(versionAnalysis(v.version, asOf, analyzers, result))
    } finally {
      zip.remove()
    }
  }
  const mapped = mapProxyModule(o.name, infos, read, asOf)
  if (!mapped) throw new PackageNotFound(o.name)
  const versions = mapped.versions.filter((v) => !state?.versions.has(v.version) || read.get(v.version)?.zip)
  o.signal?.throwIfAborted()
  const report = await o.writer.writePackage({
    component: mapped.component,
    versions,
    analyses,
    registryVersions: mapped.versions,
  })
  const changed =
    report.componentChanged || report.versionsInserted + report.versionsUpdated + report.analysesWritten > 0
  const dependencies = (read.get(newest.version)?.goMod?.require ?? []).map((r) => r.path)
  return { dependencies, versions: mapped.versions.length, read: read.size, analyzed: analyses.length, changed }
}

/** The listed versions the requests name, each resolved as the API resolves it; none asked: the newest. */
function askedVersions(
  infos: readonly GoVersionInfo[],
  asked: readonly string[],
  newest: GoVersionInfo,
): GoVersionInfo[] {
  if (asked.length === 0) return [newest]
  const out: GoVersionInfo[] = []
  for (const requirement of asked) {
    const r = resolveVersion({ purl: 'pkg:golang/asked', requirement }, infos, go, undefined, true)
    if (r.chosen) out.push(r.chosen)
  }
  return unique(out)
}

/** The module's top license file (LICENSE, COPYING, … at its root, as deb-module.ts finds it) and its text. */
async function topLicenseFile(file: string, prefix: string): Promise<{ path: string; text: string } | null> {
  const top = (name: string) => {
    const rest = name.startsWith(prefix) ? name.slice(prefix.length) : ''
    return rest !== '' && !rest.includes('/') && LICENSE_FILE.test(rest)
  }
  const found: { path: string; text: string }[] = []
  for await (const item of zipEntries(file, top, { bytes: 0 }))
    if ('text' in item)
      found.push({ path: item.name.slice(prefix.length), text: item.text.slice(0, MAX_LICENSE_BYTES) })
  return found.sort((a, b) => (a.path < b.path ? -1 : 1))[0] ?? null
}

function unique<T>(list: readonly T[]): T[] {
  return [...new Set(list)]
}
