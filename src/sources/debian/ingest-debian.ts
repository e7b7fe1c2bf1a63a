// `compintel ingest debian` (docs/debian.md "Ingestion"): the suites' indexes fetched through the private apt
// configuration, the packages asked for (and, with dependencies, what they depend on in the same suites, virtual
// packages resolved through Provides) mapped to the KB's facts, and the newest version of each downloaded and read:
// its license from its copyright file, release dates and fixed CVEs from its changelog (deb-facts.ts). One
// transaction per package; the changelog's CVE facts are advisories of the source `debian-changelog`.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { changelogOrigin } from '../../domain/geoprovenance/debian-origin.ts'
import type { OriginWriter } from '../../domain/geoprovenance/types.ts'
import type { KbWriter } from '../../domain/kb/types.ts'
import type { ChangelogEntry } from '../../domain/vulnerabilities/debian-changelog.ts'
import type { AdvisoryWriter } from '../../domain/vulnerabilities/types.ts'
import type { Analyzer } from '../../ingest/analyzers/types.ts'
import type { AptArchive } from './apt.ts'
import { changelogAdvisories, type DebFacts, readVersionFacts } from './deb-facts.ts'
import type { Walker } from './deb-file.ts'
import type { BinaryRecord } from './indexes.ts'
import type { InstalledPackages } from './installed.ts'
import { mapDebianPackage, newestRecord } from './map-debian.ts'
import { closure, withPriority, withProviders } from './selection.ts'
import { type ParsedIndexes, parseIndexes } from './suite-indexes.ts'

export interface DebianIngestOptions {
  archive: AptArchive
  /** The archive's indexes parsed already (the on-demand units': suite-indexes.ts); none: read here. */
  indexes?: ParsedIndexes
  writer: KbWriter
  advisories: AdvisoryWriter
  /** Where the origin read from each source package's changelog goes (none: not recorded). */
  origins?: OriginWriter
  /** Binary package names. */
  names: readonly string[]
  /** Also every package of these priorities (`required`: the base of debootstrap's minbase and the debian images). */
  priorities?: readonly string[]
  withDependencies: boolean
  /** The packages installed on a system (installed.ts): their versions the suites lack are added, and each
   * installed version's license and changelog are read from that system. */
  installed?: InstalledPackages
  /** Which versions to download and read (license, changelog): every version in the suites, the newest, or none. */
  analyze: 'all' | 'latest' | 'none'
  /** The analyzers run on each version read (its installed tree and upstream source); none: only its license and
   * changelog. */
  analyzers?: readonly Analyzer<unknown>[]
  /** Where the walks run (default: this thread; the server's worker: artifact threads, jobs/thread/pool.ts). */
  walker?: Walker
  /** Fetch the indexes first (false: use the ones fetched before). */
  update: boolean
  now: () => string
  log: (line: string) => void
}

export interface DebianIngestReport {
  written: number
  notFound: string[]
  analyzed: number
  advisories: number
  /** Source packages whose origin was recorded from their changelog. */
  origins: number
  failed: { name: string; error: string }[]
}

const DOWNLOAD_BATCH = 40

export async function ingestDebian(o: DebianIngestOptions): Promise<DebianIngestReport> {
  if (o.update) {
    o.log('debian: fetching the indexes')
    await o.archive.update()
  }
  const parsed = o.indexes ?? (await parseIndexes(o.archive))
  const { dates, providers, refused } = parsed
  const packages = o.installed ? new Map(parsed.packages) : parsed.packages // shared indexes stay as they were read
  if (refused.length > 0) o.log(`debian: ${refused.length} index entries refused (first: ${refused[0]})`)
  // an installed version the suites no longer list; a package they never listed is not Debian's (another repository)
  for (const r of o.installed?.records ?? []) {
    const list = packages.get(r.name)
    if (list && !list.some((x) => x.version === r.version)) packages.set(r.name, [...list, r])
  }
  const asked = [...o.names, ...withPriority(packages, o.priorities ?? [])]
  const names = o.withDependencies ? closure(asked, packages) : [...new Set(asked)]
  const notFound = names.filter((n) => !packages.has(n))
  const found = names.filter((n) => packages.has(n))
  o.log(`debian: ${found.length} packages (${notFound.length} not in the suites)`)
  const report: DebianIngestReport = { written: 0, notFound, analyzed: 0, advisories: 0, origins: 0, failed: [] }
  const changelogs = new ChangelogsBySource()
  const work = mkdtempSync(path.join(tmpdir(), 'compintel-debs-'))
  try {
    for (let i = 0; i < found.length; i += DOWNLOAD_BATCH) {
      const batch = found.slice(i, i + DOWNLOAD_BATCH).map((name) => {
        const records = packages.get(name) as BinaryRecord[]
        const mapped = mapDebianPackage(records, suiteDate(records, dates) ?? o.now())
        withProviders(mapped.versions, packages, providers)
        return { ...mapped, records }
      })
      const wanted = batch.flatMap(({ component, versions, records }) =>
        versions
          .filter((v) => v.status === 'active')
          .filter((v) => o.analyze === 'all' || (o.analyze === 'latest' && v.version === component.latestVersion))
          .map((v) => {
            const r = records.find((x) => x.version === v.version) ?? newestRecord(records)
            const { source, sourceVersion, arch, filename, sha256, mirror } = r
            return { name: component.name, version: v.version, source, sourceVersion, arch, filename, sha256, mirror }
          }),
      )
      const batchDir = path.join(work, String(i))
      const facts =
        wanted.length > 0
          ? await readVersionFacts(o.archive, wanted, batchDir, o.analyzers, o.now, o.walker)
          : new Map()
      rmSync(batchDir, { recursive: true, force: true }) // the .deb files read: a seed's run downloads gigabytes
      const read: DebFacts[] = [...facts.values()]
      for (const { component, versions } of batch) {
        const local = o.installed?.facts.get(component.name)
        if (local) read.push(local)
        // a version's license is its own file's; its date may come from any changelog read of the package
        const all = [
          ...versions.flatMap((v) => facts.get(`${component.name}=${v.version}`) ?? []),
          ...(local ? [local] : []),
        ]
        const analyzed = all.some((f) => f !== local)
        for (const v of versions) {
          for (const f of all) {
            if (v.version === f.version && !v.license && f.license && f.licensePath) {
              v.license = f.license
              v.licenseOrigin = { source: `debian-copyright-${f.licenseMethod}`, path: f.licensePath }
            }
            v.releasedAt ??= f.released.get(v.version) ?? null
          }
        }
        if (analyzed) report.analyzed++
        try {
          const analyses = all.flatMap((f) => (f.analysis ? [f.analysis] : []))
          // a version the KB holds and this run did not read keeps its facts (a run with --analyze none must not
          // erase the licenses an earlier one read); every version in the suites still tells which ones vanished
          const state = await o.writer.state(component.purl)
          const readNow = new Set(all.map((f) => f.version))
          const toWrite = versions.filter((v) => !state?.versions.has(v.version) || readNow.has(v.version))
          await o.writer.writePackage({ component, versions: toWrite, analyses, registryVersions: versions })
          report.written++
        } catch (err) {
          report.failed.push({ name: component.name, error: (err as Error).message })
        }
      }
      for (const f of read) changelogs.add(f)
      const advisories = changelogAdvisories(read, o.now())
      if (advisories.length > 0) {
        await o.advisories.writeAdvisories(advisories, o.now())
        report.advisories += advisories.length
      }
      o.log(`debian: ${Math.min(i + DOWNLOAD_BATCH, found.length)}/${found.length}`)
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
  await o.writer.finish?.()
  if (o.origins) report.origins = await changelogs.write(o.origins, o.now())
  if (report.advisories > 0) {
    // answers name their sources and dates: the changelogs are as fresh as the suites' indexes they came with
    const sourceDate = [...dates.values()].sort().at(-1) ?? null
    await o.advisories.recordSource({
      name: 'debian-changelog',
      kind: 'advisories',
      sourceDate,
      importedAt: o.now(), // its records: every one in the KB, counted (a run may add a few to many)
    })
  }
  return report
}

/**
 * Each source package's longest changelog read in the run (a newer upload's holds the older ones' entries) and its
 * binary packages read, written as origin records once the run has read them all.
 */
class ChangelogsBySource {
  private readonly bySource = new Map<string, { entries: ChangelogEntry[]; purls: Set<string> }>()

  add(f: DebFacts): void {
    const known = this.bySource.get(f.source) ?? { entries: [], purls: new Set<string>() }
    this.bySource.set(f.source, known)
    known.purls.add(`pkg:deb/debian/${f.name}`)
    if (f.changelog.length > known.entries.length) known.entries = f.changelog
  }

  async write(origins: OriginWriter, now: string): Promise<number> {
    let written = 0
    for (const [source, { entries, purls }] of this.bySource) {
      const record = changelogOrigin(source, [...purls], entries, now)
      if (!record) continue
      await origins.writeOrigin(record)
      written++
    }
    return written
  }
}

/** The newest Release date among the suites listing the package. */
function suiteDate(records: readonly BinaryRecord[], dates: Map<string, string>): string | undefined {
  const all = records.flatMap((r) => r.suites.flatMap((s) => dates.get(s) ?? []))
  return all.sort().at(-1)
}
