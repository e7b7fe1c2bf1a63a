// One Maven artifact learned from the repositories a user configured (docs/maven.md "From a Maven repository"): every
// version its maven-metadata.xml lists, and a few versions' POMs (the newest and the asked ones, at most MAX_READ),
// each read into the effective POM — parents and imported BOMs from the same repositories, each POM read once per
// unit — then mapped (map-repository.ts); when analyzers are given, the asked versions (at most MAX_WALKED; a bulk
// unit, which asks none: the newest) have their `-sources.jar` walked where the repository has one, else their jar
// (none for a `pom` packaging: a BOM or a parent has no jar, and is not walked), each verified against the repository's checksum before it is read. Written in one transaction after every read
// succeeded: a refused file (its checksum, its size, a POM naming other coordinates) fails the unit, nothing written.
// A version the KB holds is written again only when its POM was read (the metadata alone would erase its license).
import { statSync } from 'node:fs'
import type { KbWriter, VersionAnalysis } from '../../../domain/kb/types.ts'
import { effectivePom, type PomLoader } from '../../../domain/maven/effective-pom.ts'
import { resolveVersion } from '../../../domain/shared/requirement.ts'
import { schemeFor } from '../../../domain/shared/versions/index.ts'
import type { Analyzer } from '../../../ingest/analyzers/types.ts'
import { type ArchiveWalker, walkArchiveHere } from '../../../ingest/archive-walk.ts'
import { UpstreamRefused } from '../../../ingest/failure.ts'
import { versionAnalysis } from '../../../ingest/version-analysis.ts'
import { PackageNotFound } from '../../npm/registry.ts'
import type { Checksum } from './checksums.ts'
import type { Coordinates } from './layout.ts'
import { mapRepositoryArtifact, newestMavenVersion, type ReadVersion } from './map-repository.ts'
import type { MavenRepositoryClient } from './repository-client.ts'

/** The POMs of versions read in one unit (walked ones included; parents and BOMs not counted). */
const MAX_READ = 8
/** The versions walked in one unit. */
const MAX_WALKED = 4
const maven = schemeFor('maven')

export interface RepositoryIngestOptions {
  client: Pick<MavenRepositoryClient, 'versions' | 'pom' | 'withJar'>
  writer: KbWriter
  /** `groupId:artifactId`, as the repository spells it. */
  name: string
  /** The versions and requirements requests named, resolved as the API resolves them ('' = a bare purl's). */
  asked: readonly string[]
  analyzers?: readonly Analyzer<unknown>[]
  /** Where the jars are walked (default: this thread). */
  archives?: ArchiveWalker
  maxUnpackedBytes: number
  signal?: AbortSignal
  now: () => string
}

export interface RepositoryIngestReport {
  /** The newest version's runtime dependencies (`group:artifact`), what --with-dependencies follows. */
  dependencies: string[]
  versions: number
  read: number
  analyzed: number
  /** The walked versions whose `-sources.jar` was walked (the others: their jar). */
  sourcesJars: number
  changed: boolean
}

export async function ingestRepositoryArtifact(o: RepositoryIngestOptions): Promise<RepositoryIngestReport> {
  const [groupId = '', artifactId = ''] = o.name.split(':')
  const c: Coordinates = { groupId, artifactId }
  const metadata = await o.client.versions(c, o.signal)
  const listed = metadata.versions.map((v) => v.version)
  const newest = newestMavenVersion(listed)
  if (newest === undefined) throw new PackageNotFound(o.name)
  const asked = askedVersions(listed, o.asked, newest)
  const state = await o.writer.state(`pkg:maven/${groupId}/${artifactId}`)
  const analyzers = o.analyzers ?? []
  const walked = o.analyzers
    ? asked.filter((v) => analyzers.some((a) => state?.analyses.get(v)?.get(a.name) !== a.version)).slice(0, MAX_WALKED)
    : []
  const toRead = [...new Set([...walked, newest, ...asked])].slice(0, Math.max(MAX_READ, walked.length))
  const load = cachedLoader(o.client, o.signal)
  const asOf = o.now()
  const read = new Map<string, ReadVersion>()
  for (const v of toRead) {
    const pom = await o.client.pom(c, v, o.signal)
    const model = await effectivePom(pom.text, load)
    if (model.coordinates.groupId !== groupId || model.coordinates.artifactId !== artifactId)
      throw new UpstreamRefused(
        'identity',
        `${pom.url} names ${model.coordinates.groupId}:${model.coordinates.artifactId}`,
      )
    read.set(v, { model, lastModified: pom.lastModified })
  }
  const analyses: VersionAnalysis[] = []
  let sourcesJars = 0
  for (const v of walked) {
    // a `pom` packaging (a BOM, a parent) builds no jar nor sources jar: there is nothing to walk (Maven's packagings)
    if (read.get(v)?.model.packaging === 'pom') continue
    // the jar's checksum is the artifact's integrity (the sources jar's is another file's)
    const walk = async (file: string, checksum: Checksum | undefined) => {
      const walk = { file, format: 'zip', maxUnpackedBytes: o.maxUnpackedBytes } as const
      const result = await (o.archives ?? walkArchiveHere)(walk, analyzers, o.signal)
      return { result, jar: { bytes: statSync(file).size, checksum } }
    }
    const sources = await orMissing(o.client.withJar(c, v, 'sources', (f) => walk(f, undefined), o.signal))
    const got = sources ?? (await o.client.withJar(c, v, undefined, (f, jar) => walk(f, jar.checksum), o.signal))
    if (sources) sourcesJars++
    analyses.push(versionAnalysis(v, asOf, analyzers, got.result))
    const r = read.get(v)
    if (r) r.jar = got.jar
  }
  const mapped = mapRepositoryArtifact(listed, read, { asOf, lastUpdated: metadata.lastUpdated })
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
  const latest = mapped.versions.find((v) => v.version === newest)
  const dependencies = (latest?.dependencies ?? []).filter((d) => d.scope === 'runtime').map((d) => d.name)
  return { dependencies, versions: listed.length, read: read.size, analyzed: analyses.length, sourcesJars, changed }
}

/** Parents and BOMs from the same repositories, each read once in the unit; one no repository has: undefined. */
function cachedLoader(client: Pick<MavenRepositoryClient, 'pom'>, signal: AbortSignal | undefined): PomLoader {
  const cache = new Map<string, Promise<string | undefined>>()
  return (groupId, artifactId, version) => {
    const key = `${groupId}:${artifactId}:${version}`
    let got = cache.get(key)
    if (!got) {
      got = orMissing(client.pom({ groupId, artifactId }, version, signal).then((p) => p.text))
      cache.set(key, got)
    }
    return got
  }
}

/** The answer, or undefined when no repository has the file. */
async function orMissing<T>(p: Promise<T>): Promise<T | undefined> {
  try {
    return await p
  } catch (err) {
    if (err instanceof PackageNotFound) return undefined
    throw err
  }
}

/** The listed versions the requests name, each resolved as the API resolves it; none asked: the newest. */
function askedVersions(listed: readonly string[], asked: readonly string[], newest: string): string[] {
  if (asked.length === 0) return [newest]
  const lines = listed.map((version) => ({ version }))
  const out: string[] = []
  for (const requirement of asked) {
    const r = resolveVersion({ purl: 'pkg:maven/asked/asked', requirement }, lines, maven, undefined, true)
    if (r.chosen) out.push(r.chosen.version)
  }
  return [...new Set(out)]
}
