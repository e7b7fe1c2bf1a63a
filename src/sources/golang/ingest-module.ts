// One Go module learned from Debian's archive (docs/golang.md): the Contents index names the packages shipping its
// go.mod under usr/share/gocode/src/<module path>/, or its folder there when their source package's Go-Import-Path
// names the path (a package from before modules; no package name guessed), every version of each of them in the
// suites is downloaded (apt, as the Debian source does), its module folder read (deb-module.ts: identity), its Debian
// version turned into the upstream Go version (debian-version.ts: a Debian snapshot of an untagged commit is none, and
// is reported), the versions mapped (map-module.ts) and, when analyzers are given, each version's files walked
// through them. One transaction. A folder refused is left out and reported; when every one is, the module is.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { VersionAnalysis } from '../../domain/kb/types.ts'
import { parseDebianChangelog } from '../../domain/vulnerabilities/debian-changelog.ts'
import { UpstreamRefused } from '../../ingest/failure.ts'
import { versionAnalysis } from '../../ingest/version-analysis.ts'
import { type CrateIngestOptions, downloadAll, packagesHolding } from '../cargo/ingest-crate.ts'
import { firstUpload } from '../cargo/map-crate.ts'
import { readDebDocs } from '../debian/deb-file.ts'
import type { RepackagedReport } from '../repackaged-units.ts'
import { readDebModule, walkModule } from './deb-module.ts'
import { goVersionOfDebian } from './debian-version.ts'
import { mapModule, type ShippedModule } from './map-module.ts'

/** As a crate's: the module path asked (case-sensitive) as `name`. */
type ModuleIngestOptions = CrateIngestOptions

const NONE = { notFound: true, versions: 0, analyzed: 0, dependencies: [] }

export async function ingestModule(o: ModuleIngestOptions): Promise<RepackagedReport> {
  const records = packagesHolding(o.indexes, 'golang', o.name)
  // the packages whose folder was found by their source's Go-Import-Path alone (no go.mod in the Contents index)
  const imported = new Set(
    o.indexes.repackaged
      .find('golang', o.name)
      .filter((e) => e.from === 'Sources')
      .map((e) => e.package),
  )
  if (records.length === 0) return { ...NONE, refused: [] }
  const work = mkdtempSync(path.join(tmpdir(), 'compintel-gomod-'))
  const refused: string[] = []
  try {
    const files = await downloadAll(o.archive, records, work)
    const shipped: ShippedModule[] = []
    for (const [i, r] of records.entries()) {
      const file = files.get(`${r.name}=${r.version}`)
      if (!file) continue
      const into = path.join(work, String(i))
      mkdirSync(into)
      const mod = await readDebModule(file, o.name, into, o.maxUnpackedBytes, imported.has(r.name)).catch(
        (err: unknown) => {
          if (!(err instanceof UpstreamRefused)) throw err
          refused.push(`${r.name} ${r.version}: ${err.message}`)
          return undefined
        },
      )
      if (!mod) continue
      const v = goVersionOfDebian(r.version, o.name, mod.hasGoMod)
      if (v.kind === 'snapshot' || v.kind === 'unmapped') {
        refused.push(`${r.name} ${r.version}: ${v.why}`)
        continue
      }
      const docs = await readDebDocs(file, r.name)
      const upstream = r.version.replace(/^\d+:/, '').replace(/-[^-]*$/, '')
      shipped.push({
        mod,
        version: v.version,
        package: r.name,
        debianVersion: r.version,
        arch: r.arch,
        suites: r.suites,
        copyright: docs.copyright,
        firstUpload: firstUpload(docs.changelog ? parseDebianChangelog(docs.changelog) : [], upstream),
      })
    }
    const dates = records.flatMap((r) => r.suites.flatMap((s) => o.indexes.dates.get(s) ?? []))
    const mapped = mapModule(shipped, dates.sort().at(-1) ?? o.now())
    if (!mapped) {
      if (refused.length > 0) throw new UpstreamRefused('identity', `${o.name}: ${refused.join('; ')}`)
      return { ...NONE, refused }
    }
    const { component, versions, from } = mapped
    const analyses: VersionAnalysis[] = []
    for (const [version, s] of o.analyzers ? from : []) {
      const walked = await walkModule(s.mod, o.analyzers ?? [], o.walker)
      analyses.push(versionAnalysis(version, o.now(), o.analyzers ?? [], walked))
    }
    await o.writer.writePackage({ component, versions, analyses, registryVersions: versions })
    const latest = versions.find((v) => v.version === component.latestVersion)
    const dependencies = (latest?.dependencies ?? []).map((d) => d.name)
    return { notFound: false, versions: versions.length, analyzed: analyses.length, refused, dependencies }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}
