// One Maven artifact learned from Debian's archive (docs/maven.md "From Debian"): the Contents index names the packages
// shipping its POM under usr/share/maven-repo (no package name guessed), every version of each in the suites is
// downloaded (apt), its POM read into the effective model — parents and imported BOMs through a PomLoader over the
// same packages and, for those in other packages (commons-parent, jackson-bom), the packages the Contents index names
// for them — then mapped (map-maven.ts) and, with analyzers, its jar's files walked, the code analyzers on the source
// package's upstream tarball where the archive has it (source-tree.ts, as for Debian's packages). One transaction. A POM naming other coordinates than its folder is refused and reported.
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { KbWriter, VersionAnalysis } from '../../domain/kb/types.ts'
import { effectivePom, type PomLoader } from '../../domain/maven/effective-pom.ts'
import { PomError } from '../../domain/maven/pom.ts'
import type { Analyzer } from '../../ingest/analyzers/types.ts'
import { UpstreamRefused } from '../../ingest/failure.ts'
import type { WalkResult } from '../../ingest/tarball-walk.ts'
import { versionAnalysis } from '../../ingest/version-analysis.ts'
import { walkZip } from '../../ingest/zip-walk.ts'
import type { AptArchive } from '../debian/apt.ts'
import { licenseOfCopyright } from '../debian/copyright-license.ts'
import { readDebDocs } from '../debian/deb-file.ts'
import { splitAnalyzers, walkSources, withSource } from '../debian/source-tree.ts'
import type { ParsedIndexes } from '../debian/suite-indexes.ts'
import type { RepackagedReport } from '../repackaged-units.ts'
import { type DebMavenTree, jarIn, pomIn, unpackDebMaven } from './deb-maven.ts'
import { mapMaven, type ShippedArtifact } from './map-maven.ts'

/** Packages read for the parents and BOMs of one artifact at most. */
const MAX_OTHER_PACKAGES = 24

export interface MavenIngestOptions {
  archive: Pick<AptArchive, 'downloadDebs' | 'downloadSources' | 'indexes'>
  indexes: ParsedIndexes
  writer: KbWriter
  /** `groupId:artifactId`. */
  name: string
  analyzers?: readonly Analyzer<unknown>[]
  maxUnpackedBytes: number
  now: () => string
}

export async function ingestMavenArtifact(o: MavenIngestOptions): Promise<RepackagedReport> {
  const entries = o.indexes.repackaged.find('maven', o.name)
  // the coordinates as the packages spell them (the name asked may differ in case)
  const [groupId = '', artifactId = ''] = (entries[0]?.name ?? o.name).split(':')
  const records = [...new Set(entries.map((e) => e.package))].flatMap((p) => o.indexes.packages.get(p) ?? [])
  const none: RepackagedReport = { notFound: true, versions: 0, analyzed: 0, refused: [], dependencies: [] }
  if (records.length === 0) return none
  const work = mkdtempSync(path.join(tmpdir(), 'compintel-maven-'))
  const refused: string[] = []
  try {
    let unpacked = 0
    const unpack = async (rs: typeof records): Promise<Map<string, { tree: DebMavenTree; file: string }>> => {
      const files = await o.archive.downloadDebs(
        rs.map(({ name, version, arch, filename, sha256, mirror }) => ({
          name,
          version,
          arch,
          filename,
          sha256,
          mirror,
        })),
        path.join(work, 'debs'),
      )
      const out = new Map<string, { tree: DebMavenTree; file: string }>()
      for (const r of rs) {
        const file = files.get(`${r.name}=${r.version}`)
        if (!file) continue
        const into = path.join(work, String(unpacked++))
        mkdirSync(into)
        out.set(`${r.name}=${r.version}`, { tree: await unpackDebMaven(file, into, o.maxUnpackedBytes), file })
      }
      return out
    }
    const own = await unpack(records)
    // the other packages' trees, for parents and BOMs: the newest version of each package the Contents index names
    const others = new Map<string, DebMavenTree | undefined>()
    const load: PomLoader = async (g, a, v) => {
      for (const { tree } of own.values()) {
        const text = pomIn(tree, g, a, v)
        if (text !== undefined) return text
      }
      for (const pkg of new Set(o.indexes.repackaged.find('maven', `${g}:${a}`).map((e) => e.package))) {
        if (!others.has(pkg) && others.size < MAX_OTHER_PACKAGES) {
          const newest = (o.indexes.packages.get(pkg) ?? []).at(-1)
          others.set(pkg, newest ? [...(await unpack([newest])).values()][0]?.tree : undefined)
        }
        const tree = others.get(pkg)
        const text = tree ? pomIn(tree, g, a, v) : undefined
        if (text !== undefined) return text
      }
      return undefined
    }
    const shipped: ShippedArtifact[] = []
    const jars = new Map<ShippedArtifact, string>()
    /** Each artifact's Debian source package, `source=version`: its upstream tarball is the artifact's code. */
    const sourceOf = new Map<ShippedArtifact, string>()
    for (const r of records) {
      const got = own.get(`${r.name}=${r.version}`)
      if (!got) continue
      const docs = await readDebDocs(got.file, r.name)
      const copyright = docs.copyright ? licenseOfCopyright(docs.copyright) : null
      for (const e of entries.filter((x) => x.package === r.name)) {
        const text = pomIn(got.tree, groupId, artifactId, e.version)
        if (text === undefined) continue // this version of the package ships another version of the artifact
        try {
          const model = await effectivePom(text, load)
          const c = model.coordinates
          if (c.groupId !== groupId || c.artifactId !== artifactId)
            throw new UpstreamRefused('identity', `its POM names ${c.groupId}:${c.artifactId}`)
          const original = model.properties['debian.originalVersion']
          const version = original && !original.includes('${') ? original : e.version
          const jar = jarIn(got.tree, groupId, artifactId, e.version)
          const s: ShippedArtifact = {
            ...{ model, version, package: r.name, debianVersion: r.version, arch: r.arch, suites: r.suites },
            copyright,
            jarBytes: jar ? statSync(jar).size : null,
          }
          shipped.push(s)
          sourceOf.set(s, `${r.source}=${r.sourceVersion}`)
          if (jar) jars.set(s, jar)
        } catch (err) {
          if (!(err instanceof UpstreamRefused) && !(err instanceof PomError)) throw err
          refused.push(`${r.name} ${r.version} ${e.path}: ${err.message}`)
        }
      }
    }
    const asOf =
      records
        .flatMap((r) => r.suites)
        .flatMap((s) => o.indexes.dates.get(s) ?? [])
        .sort()
        .at(-1) ?? o.now()
    const mapped = mapMaven(shipped, asOf)
    if (!mapped) {
      if (refused.length > 0) throw new UpstreamRefused('identity', `${o.name}: ${refused.join('; ')}`)
      return { ...none, refused }
    }
    const { component, versions, from } = mapped
    const analyses: VersionAnalysis[] = []
    const analyzers = o.analyzers ?? []
    // the code analyzers read the source package's upstream tarball where the archive has it (as for Debian's own
    // packages: source-tree.ts), the others the jar; without the source, the jar for all
    const split = splitAnalyzers(analyzers)
    const analyzed = [...from.values()].filter((s) => jars.has(s))
    const sources =
      analyzers.length > 0 && split.source.length > 0 && analyzed.length > 0
        ? await walkSources(
            o.archive,
            analyzed.map((s) => sourceOf.get(s) ?? ''),
            path.join(work, 'source'),
            split.source,
          )
        : new Map<string, WalkResult>()
    for (const [version, s] of analyzers.length > 0 ? from : []) {
      const jar = jars.get(s)
      if (!jar) continue
      const source = sources.get(sourceOf.get(s) ?? '')
      const bound = { maxUnpackedBytes: o.maxUnpackedBytes }
      const walked = source
        ? withSource(await walkZip(jar, split.installed, bound), source)
        : await walkZip(jar, analyzers, bound)
      analyses.push(versionAnalysis(version, o.now(), analyzers, walked))
    }
    await o.writer.writePackage({ component, versions, analyses, registryVersions: versions })
    const latest = versions.find((v) => v.version === component.latestVersion)
    const dependencies = (latest?.dependencies ?? []).filter((d) => d.scope === 'runtime').map((d) => d.name)
    return { notFound: false, versions: versions.length, analyzed: analyses.length, refused, dependencies }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}
