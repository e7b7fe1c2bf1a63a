// One crate learned from the registry a user configured (docs/cargo.md "From a registry"): its index file (every
// version) and a few versions' `.crate`s (the newest, the asked ones, and the known versions now yanked, at most
// MAX_READ), each unpacked from its verified download (unpack-crate.ts) for its Cargo.toml, files and bytes; when
// analyzers are given, the asked versions (at most MAX_WALKED; a bulk unit, which asks none: the newest) are walked
// as the Debian path walks a crate's folder (paths as in the crate: `src/lib.rs`). Mapped (map-registry.ts) and written in one transaction,
// after every read succeeded: a refused `.crate` (its digest, its identity, its size) fails the unit, nothing written.
// A version the KB holds is written again only when its `.crate` was read (its license is the `.crate`'s: the index
// line alone would erase it); the versions it does not hold are all written.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { KbWriter, VersionAnalysis } from '../../../domain/kb/types.ts'
import { purlName } from '../../../domain/shared/purl.ts'
import { resolveVersion } from '../../../domain/shared/requirement.ts'
import { schemeFor } from '../../../domain/shared/versions/index.ts'
import type { Analyzer } from '../../../ingest/analyzers/types.ts'
import { versionAnalysis } from '../../../ingest/version-analysis.ts'
import type { Walker } from '../../debian/deb-file.ts'
import { PackageNotFound } from '../../npm/registry.ts'
import type { IndexVersion } from './index-file.ts'
import { mapRegistryCrate, newestVersion, type ReadCrate } from './map-registry.ts'
import type { CargoSparseClient } from './sparse-client.ts'
import { readCrateFolder, unpackCrate } from './unpack-crate.ts'

/** The `.crate`s read in one unit (walked ones included). */
const MAX_READ = 8
/** The versions walked in one unit. */
const MAX_WALKED = 4
const cargo = schemeFor('cargo')

export interface RegistryIngestOptions {
  client: Pick<CargoSparseClient, 'versions' | 'withCrate'>
  writer: KbWriter
  /** The crate asked (any case, `-` or `_`). */
  name: string
  /** The versions and requirements requests named, resolved as the API resolves them ('' = a bare purl's). */
  asked: readonly string[]
  /** The analyzers the walked versions go through (none: the facts only). */
  analyzers?: readonly Analyzer<unknown>[]
  walker: Walker
  /** A `.crate` unpacking to more is refused. */
  maxUnpackedBytes: number
  signal?: AbortSignal
  now: () => string
}

export interface RegistryIngestReport {
  /** The crates the newest version depends on at run time (their lookup keys), for --with-dependencies. */
  dependencies: string[]
  versions: number
  read: number
  analyzed: number
  changed: boolean
}

export async function ingestRegistryCrate(o: RegistryIngestOptions): Promise<RegistryIngestReport> {
  const lines = await o.client.versions(o.name, o.signal)
  const newest = newestVersion(lines)
  if (!newest) throw new PackageNotFound(o.name) // every line of a schema this reader does not know
  const asked = askedVersions(lines, o.asked, newest)
  const state = await o.writer.state(`pkg:cargo/${newest.name}`)
  const analyzers = o.analyzers ?? []
  const walked = o.analyzers
    ? asked
        .filter((v) => analyzers.some((a) => state?.analyses.get(v.version)?.get(a.name) !== a.version))
        .slice(0, MAX_WALKED)
    : []
  const yanked = lines
    .filter((l) => l.yanked && state?.versions.has(l.version))
    .sort((a, b) => cargo.compare(b.version, a.version))
  const alsoRead = unique([newest, ...asked, ...yanked])
    .filter((v) => !walked.includes(v))
    .slice(0, Math.max(0, MAX_READ - walked.length))
  const asOf = o.now()
  const read = new Map<string, ReadCrate>()
  const analyses: VersionAnalysis[] = []
  for (const v of [...walked, ...alsoRead]) {
    const work = mkdtempSync(path.join(tmpdir(), 'compintel-crate-'))
    try {
      const crate = await o.client.withCrate(v, (s) => unpackCrate(s, v, work, o.maxUnpackedBytes), o.signal)
      read.set(v.version, { manifest: readCrateFolder(crate.dir, v), fileCount: crate.fileCount, bytes: crate.bytes })
      if (!walked.includes(v)) continue
      const result = await o.walker('tar', ['-c', '-C', crate.dir, '.'], analyzers)
      analyses.push(versionAnalysis(v.version, asOf, analyzers, result))
    } finally {
      rmSync(work, { recursive: true, force: true })
    }
  }
  const mapped = mapRegistryCrate(lines, read, asOf)
  if (!mapped) throw new PackageNotFound(o.name)
  const versions = mapped.versions.filter((v) => !state?.versions.has(v.version) || read.has(v.version))
  o.signal?.throwIfAborted()
  const report = await o.writer.writePackage({
    component: mapped.component,
    versions,
    analyses,
    registryVersions: mapped.versions,
  })
  const changed =
    report.componentChanged || report.versionsInserted + report.versionsUpdated + report.analysesWritten > 0
  const latest = mapped.versions.find((v) => v.version === newest.version)
  const dependencies = (latest?.dependencies ?? [])
    .filter((d) => d.scope === 'runtime' && !/^(git|path|registry)\+/.test(d.requirement))
    .map((d) => purlName({ type: 'cargo', name: d.name }))
  return { dependencies, versions: mapped.versions.length, read: read.size, analyzed: analyses.length, changed }
}

/** The index versions the requests name, each resolved as the API resolves it; none asked: the newest. */
function askedVersions(lines: readonly IndexVersion[], asked: readonly string[], newest: IndexVersion): IndexVersion[] {
  if (asked.length === 0) return [newest]
  const out: IndexVersion[] = []
  for (const requirement of asked) {
    const r = resolveVersion({ purl: 'pkg:cargo/asked', requirement }, lines, cargo, undefined, true)
    if (r.chosen) out.push(r.chosen)
  }
  return unique(out)
}

function unique<T>(list: readonly T[]): T[] {
  return [...new Set(list)]
}
