// `compintel ingest debian` (docs/debian.md "Ingestion"): the suites' indexes fetched through the private apt
// configuration, the packages asked for (and, with dependencies, what they depend on in the same suites, virtual
// packages resolved through Provides) mapped to the KB's facts, and the newest version of each downloaded and read:
// its license from its copyright file, release dates and fixed CVEs from its changelog (deb-facts.ts). One
// transaction per package; the changelog's CVE facts are advisories of the source `debian-changelog`.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseDebianRelations } from '../../domain/dependencies/debian-relations.ts'
import type { Dependency, KbWriter, VersionFacts } from '../../domain/kb/types.ts'
import type { AdvisoryWriter } from '../../domain/vulnerabilities/types.ts'
import type { Analyzer } from '../analyzers/types.ts'
import type { AptArchive } from './apt.ts'
import { changelogAdvisories, type DebFacts, readVersionFacts } from './deb-facts.ts'
import { type BinaryRecord, readPackages, releaseDates } from './indexes.ts'
import type { InstalledPackages } from './installed.ts'
import { mapDebianPackage, newestRecord } from './map-debian.ts'

export interface DebianIngestOptions {
  archive: AptArchive
  writer: KbWriter
  advisories: AdvisoryWriter
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
  /** The analyzers run on each version read (its installed tree); none: only its license and changelog. */
  analyzers?: readonly Analyzer<unknown>[]
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
  failed: { name: string; error: string }[]
}

const DOWNLOAD_BATCH = 40

export async function ingestDebian(o: DebianIngestOptions): Promise<DebianIngestReport> {
  if (o.update) {
    o.log('debian: fetching the indexes')
    await o.archive.update()
  }
  const packages = await readPackages(o.archive.indexes())
  // an installed version the suites no longer list; a package they never listed is not Debian's (another repository)
  for (const r of o.installed?.records ?? []) {
    const list = packages.get(r.name)
    if (list && !list.some((x) => x.version === r.version)) list.push(r)
  }
  const dates = releaseDates(o.archive.releaseFiles())
  const providers = providersOf(packages)
  const asked = [...o.names, ...withPriority(packages, o.priorities ?? [])]
  const names = o.withDependencies ? closure(asked, packages) : [...new Set(asked)]
  const notFound = names.filter((n) => !packages.has(n))
  const found = names.filter((n) => packages.has(n))
  o.log(`debian: ${found.length} packages (${notFound.length} not in the suites)`)
  const report: DebianIngestReport = { written: 0, notFound, analyzed: 0, advisories: 0, failed: [] }
  const work = mkdtempSync(path.join(tmpdir(), 'compintel-debs-'))
  try {
    for (let i = 0; i < found.length; i += DOWNLOAD_BATCH) {
      const batch = found.slice(i, i + DOWNLOAD_BATCH).map((name) => {
        const records = packages.get(name) as BinaryRecord[]
        const mapped = mapDebianPackage(records, suiteDate(records, dates) ?? o.now())
        withProviders(mapped.versions, packages, providers)
        return { ...mapped, source: newestRecord(records).source }
      })
      const wanted = batch.flatMap(({ component, versions, source }) =>
        versions
          .filter((v) => v.status === 'active')
          .filter((v) => o.analyze === 'all' || (o.analyze === 'latest' && v.version === component.latestVersion))
          .map((v) => ({ name: component.name, version: v.version, source })),
      )
      const batchDir = path.join(work, String(i))
      const facts =
        wanted.length > 0 ? await readVersionFacts(o.archive, wanted, batchDir, o.analyzers, o.now) : new Map()
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
            if (v.version === f.version) v.license ??= f.license
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

/** The newest Release date among the suites listing the package. */
function suiteDate(records: readonly BinaryRecord[], dates: Map<string, string>): string | undefined {
  const all = records.flatMap((r) => r.suites.flatMap((s) => dates.get(s) ?? []))
  return all.sort().at(-1)
}

/** The packages whose newest version has one of these priorities. */
function withPriority(packages: Map<string, BinaryRecord[]>, priorities: readonly string[]): string[] {
  if (priorities.length === 0) return []
  return [...packages].flatMap(([name, records]) => (priorities.includes(newestRecord(records).priority) ? [name] : []))
}

/** Each virtual package name (Provides) and the first package of the suites that provides it. */
function providersOf(packages: Map<string, BinaryRecord[]>): Map<string, string> {
  const providers = new Map<string, string>()
  for (const [name, records] of packages)
    for (const r of records)
      for (const alts of parseDebianRelations(r.provides))
        for (const p of alts) if (!providers.has(p.name) && !packages.has(p.name)) providers.set(p.name, name)
  return providers
}

/** The names and everything they depend on (first alternatives; a virtual name → its first provider). */
function closure(names: readonly string[], packages: Map<string, BinaryRecord[]>): string[] {
  const providers = providersOf(packages)
  const seen = new Set<string>()
  const queue = [...names]
  while (queue.length > 0) {
    const asked = queue.pop() as string
    const name = packages.has(asked) ? asked : (providers.get(asked) ?? asked)
    if (seen.has(name)) continue
    seen.add(name)
    const records = packages.get(name)
    if (!records) continue
    const newest = newestRecord(records)
    for (const alts of parseDebianRelations(`${newest.preDepends}, ${newest.depends}`))
      if (alts[0]) queue.push(alts[0].name)
  }
  return [...seen]
}

/**
 * A dependency on a virtual package (none of that name in the suites, one provides it: `awk`, `debconf-2.0`) as one
 * on its first provider, at any version (the relation named the virtual package's version, not the provider's), so
 * the transitive walk reaches a real package. A provider named twice that way is one dependency.
 */
export function withProviders(
  versions: readonly VersionFacts[],
  packages: { has(name: string): boolean },
  providers: Map<string, string>,
): void {
  for (const v of versions) {
    const byKey = new Map<string, Dependency>()
    for (const d of v.dependencies) {
      const provider = packages.has(d.name) ? undefined : providers.get(d.name)
      const dep = provider ? { ...d, name: provider, requirement: '' } : d
      const key = `${dep.scope}\u0000${dep.name}`
      const known = byKey.get(key)
      if (!known) byKey.set(key, { ...dep })
      else if (known.requirement === '') known.requirement = dep.requirement // the relation a real name states holds
    }
    v.dependencies = [...byKey.values()]
  }
}
