// One crate learned from Debian's archive (docs/cargo.md): the Contents index names the packages shipping its
// Cargo.toml (no package name guessed; for a suite whose Contents index is missing, its Packages index by debcargo's
// naming rule: debian/debcargo.ts), every version of each of them in the suites is downloaded (apt, as the Debian
// source does: deb-fetch.ts), its registry folder read (deb-crate.ts: checksum, identity), the versions mapped
// (map-crate.ts) and, when analyzers are given, each upstream version's files walked through them. One transaction.
// A folder refused (its identity, its checksum, its size) is left out and reported; when every one is, the crate is.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { KbWriter, VersionAnalysis } from '../../domain/kb/types.ts'
import { parseDebianChangelog } from '../../domain/vulnerabilities/debian-changelog.ts'
import type { Analyzer } from '../../ingest/analyzers/types.ts'
import { UpstreamRefused } from '../../ingest/failure.ts'
import { versionAnalysis } from '../../ingest/version-analysis.ts'
import type { AptArchive } from '../debian/apt.ts'
import type { DebLocation } from '../debian/deb-fetch.ts'
import { readDebDocs, type Walker } from '../debian/deb-file.ts'
import type { ParsedIndexes } from '../debian/suite-indexes.ts'
import type { RepackagedReport } from '../repackaged-units.ts'
import { readDebCrates, walkCrate } from './deb-crate.ts'
import { firstUpload, mapCrate, type ShippedCrate } from './map-crate.ts'

export interface CrateIngestOptions {
  archive: Pick<AptArchive, 'downloadDebs'>
  indexes: ParsedIndexes
  writer: KbWriter
  /** The crate asked (any case, `-` or `_`). */
  name: string
  /** The analyzers each upstream version's files go through (none: its facts only). */
  analyzers?: readonly Analyzer<unknown>[]
  walker: Walker
  /** A crate folder unpacking to more is refused. */
  maxUnpackedBytes: number
  now: () => string
}

export async function ingestCrate(o: CrateIngestOptions): Promise<RepackagedReport> {
  const records = packagesHolding(o.indexes, 'cargo', o.name)
  if (records.length === 0) return { notFound: true, versions: 0, analyzed: 0, refused: [], dependencies: [] }
  const work = mkdtempSync(path.join(tmpdir(), 'compintel-crate-'))
  const refused: string[] = []
  try {
    const files = await downloadAll(o.archive, records, work)
    const shipped: ShippedCrate[] = []
    for (const [i, r] of records.entries()) {
      const file = files.get(`${r.name}=${r.version}`)
      if (!file) continue
      const into = path.join(work, String(i))
      mkdirSync(into)
      let crates: Awaited<ReturnType<typeof readDebCrates>>
      try {
        crates = await readDebCrates(file, o.name, into, o.maxUnpackedBytes)
      } catch (err) {
        if (!(err instanceof UpstreamRefused)) throw err
        refused.push(`${r.name} ${r.version}: ${err.message}`)
        continue
      }
      const docs = crates.length > 0 ? await readDebDocs(file, r.name) : undefined
      const changelog = docs?.changelog ? parseDebianChangelog(docs.changelog) : []
      for (const crate of crates)
        shipped.push({
          crate,
          package: r.name,
          debianVersion: r.version,
          arch: r.arch,
          suites: r.suites,
          firstUpload: firstUpload(changelog, crate.manifest.version),
        })
    }
    const asOf =
      suitesDate(
        o.indexes,
        records.flatMap((r) => r.suites),
      ) ?? o.now()
    const mapped = mapCrate(shipped, asOf)
    if (!mapped) {
      if (refused.length > 0) throw new UpstreamRefused('identity', `${o.name}: ${refused.join('; ')}`)
      return { notFound: true, versions: 0, analyzed: 0, refused, dependencies: [] }
    }
    const { component, versions, from } = mapped
    const analyses: VersionAnalysis[] = []
    for (const [version, s] of o.analyzers ? from : []) {
      const walked = await walkCrate(s.crate, o.analyzers ?? [], o.walker)
      analyses.push(versionAnalysis(version, o.now(), o.analyzers ?? [], walked))
    }
    await o.writer.writePackage({ component, versions, analyses, registryVersions: versions })
    const latest = versions.find((v) => v.version === component.latestVersion)
    const dependencies = (latest?.dependencies ?? []).filter((d) => d.scope === 'runtime').map((d) => d.name)
    const derived = [
      ...new Set(
        o.indexes.repackaged
          .find('cargo', o.name)
          .filter((e) => e.from === 'Packages')
          .map((e) => e.package),
      ),
    ]
    return {
      notFound: false,
      versions: mapped.versions.length,
      analyzed: analyses.length,
      refused,
      dependencies,
      ...(derived.length > 0 ? { fromPackagesIndex: derived } : {}),
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

/** Every version in the suites of the packages the Contents index says hold this library. */
export function packagesHolding(indexes: ParsedIndexes, ecosystem: 'cargo' | 'golang', name: string) {
  const entries = indexes.repackaged.find(ecosystem, name)
  return [...new Set(entries.map((e) => e.package))].flatMap((p) => indexes.packages.get(p) ?? [])
}

/** The packages' .deb files, downloaded under `work`/debs (by `<name>=<version>`). */
export function downloadAll(
  archive: Pick<AptArchive, 'downloadDebs'>,
  records: readonly DebLocation[],
  work: string,
): Promise<Map<string, string>> {
  const wanted: DebLocation[] = records.map(({ name, version, arch, filename, sha256, mirror }) => ({
    ...{ name, version, arch, filename, sha256, mirror },
  }))
  return archive.downloadDebs(wanted, path.join(work, 'debs'))
}

/** The newest Release date of these suites. */
function suitesDate(indexes: ParsedIndexes, suites: readonly string[]): string | undefined {
  return suites
    .flatMap((s) => indexes.dates.get(s) ?? [])
    .sort()
    .at(-1)
}
