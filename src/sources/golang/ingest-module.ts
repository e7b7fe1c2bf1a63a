// One Go module learned from Debian's archive (docs/golang.md): the Contents index names the packages shipping its
// go.mod under usr/share/gocode/src/<module path>/ (a module <M>/vN also in <M>/, where dh-golang installs it), or its
// folder there when their source package's Go-Import-Path names the path (a package from before modules; no package
// name guessed); a package whose source names other import paths only bundles the module (its version is not the
// module's: left out). Every version of each of them in the suites is downloaded (apt, as the Debian source does), its
// module folder read (deb-module.ts: identity), its Debian version turned into the upstream Go version
// (debian-version.ts: a Debian snapshot of an untagged commit is none unless a pseudo-version asked names its commit,
// and is reported), the versions mapped (map-module.ts) and, when analyzers are given, each version's files walked
// through them. One transaction. A folder refused is left out and reported; when every one is, the module is.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { VersionAnalysis } from '../../domain/kb/types.ts'
import { goModulePurl } from '../../domain/shared/lockfiles/project-file.ts'
import { parseDebianChangelog } from '../../domain/vulnerabilities/debian-changelog.ts'
import { UpstreamRefused } from '../../ingest/failure.ts'
import { versionAnalysis } from '../../ingest/version-analysis.ts'
import { type CrateIngestOptions, downloadAll, packagesHolding } from '../cargo/ingest-crate.ts'
import { firstUpload } from '../cargo/map-crate.ts'
import { readDebDocs } from '../debian/deb-file.ts'
import type { BinaryRecord } from '../debian/indexes.ts'
import type { ParsedIndexes } from '../debian/suite-indexes.ts'
import type { RepackagedReport } from '../repackaged-units.ts'
import { readDebModule, walkModule } from './deb-module.ts'
import { goVersionOfDebian } from './debian-version.ts'
import { mapModule, type ShippedModule } from './map-module.ts'
import { splitMajor } from './proxy/module-path.ts'

/** As a crate's: the module path asked (case-sensitive) as `name`; the versions asked of it (the unit's `asked`). */
type ModuleIngestOptions = CrateIngestOptions & { asked?: readonly string[] }

const NONE = { notFound: true, versions: 0, analyzed: 0, dependencies: [] }

export async function ingestModule(o: ModuleIngestOptions): Promise<RepackagedReport> {
  const found = candidates(o.indexes, o.name)
  // the packages whose folder was found by their source's Go-Import-Path alone (no go.mod in the Contents index)
  const imported = new Set(
    o.indexes.repackaged
      .find('golang', o.name)
      .filter((e) => e.from === 'Sources')
      .map((e) => e.package),
  )
  if (found.length === 0) return { ...NONE, refused: [] }
  const refused: string[] = []
  let versionsOnly = true // every package version left out for its version (a snapshot): a format refusal
  const records = found.filter(({ record: r }) => {
    const why = bundled(o.indexes, o.name, r)
    if (!why) return true
    refused.push(`${r.name} ${r.version}: ${why}`)
    versionsOnly = false
    return false
  })
  // a pseudo-version the KB holds names a snapshot's commit as one asked does: a snapshot identified once stays so
  // (not removed by a later unit whose requests named other versions)
  const purl = goModulePurl(o.name, undefined)
  const held = purl ? await o.writer.state(purl) : undefined
  const asked = [...(o.asked ?? []), ...(held?.versions ?? [])]
  const work = mkdtempSync(path.join(tmpdir(), 'compintel-gomod-'))
  try {
    const files = await downloadAll(
      o.archive,
      records.map((c) => c.record),
      work,
    )
    const shipped: ShippedModule[] = []
    for (const [i, { record: r, under }] of records.entries()) {
      const file = files.get(`${r.name}=${r.version}`)
      if (!file) continue
      const into = path.join(work, String(i))
      mkdirSync(into)
      const options = { imported: imported.has(r.name), under }
      const mod = await readDebModule(file, o.name, into, o.maxUnpackedBytes, options).catch((err: unknown) => {
        if (!(err instanceof UpstreamRefused)) throw err
        refused.push(`${r.name} ${r.version}: ${err.message}`)
        versionsOnly = false
        return undefined
      })
      if (!mod) continue
      const v = goVersionOfDebian(r.version, o.name, mod.hasGoMod, asked)
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
    const dates = records.flatMap(({ record: r }) => r.suites.flatMap((s) => o.indexes.dates.get(s) ?? []))
    const mapped = mapModule(shipped, dates.sort().at(-1) ?? o.now())
    if (!mapped) {
      if (refused.length > 0)
        throw new UpstreamRefused(versionsOnly ? 'format' : 'identity', `${o.name}: ${refused.join('; ')}`)
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

/** `<M>/vN` (N ≥ 2) as M: the folder dh-golang installs it in (its import path without the suffix). */
function majorless(module: string): string | undefined {
  const split = splitMajor(module)
  return split && Number(split.major) >= 2 ? split.prefix : undefined
}

/**
 * The package versions that may ship the module, and the folder it is in: those the Contents index finds by its path,
 * then, for a module `<M>/vN`, the other packages with a go.mod in `<M>/` (read to tell which module it names).
 */
function candidates(indexes: ParsedIndexes, name: string): { record: BinaryRecord; under: string }[] {
  const exact = packagesHolding(indexes, 'golang', name).map((record) => ({ record, under: name }))
  const base = majorless(name)
  if (base === undefined) return exact
  const held = new Set(exact.map((c) => c.record.name))
  const more = indexes.repackaged.find('golang', base).filter((e) => e.from === undefined && !held.has(e.package))
  const records = [...new Set(more.map((e) => e.package))].flatMap((p) => indexes.packages.get(p) ?? [])
  return [...exact, ...records.map((record) => ({ record, under: base }))]
}

/**
 * Why the package's version is not the module's, when its source package names Go import paths (Go-Import-Path)
 * and the module is none of them nor their /vN form: a module bundled in its gocode tree (docker's ships buildkit's),
 * or nested in its own (golang.org/x/tools/gopls), with versions of its own. Paths compared without case.
 */
function bundled(indexes: ParsedIndexes, module: string, r: BinaryRecord): string | undefined {
  const paths = indexes.goImportPaths.get(r.source)
  const own = [module, majorless(module)].flatMap((p) => (p === undefined ? [] : [p.toLowerCase()]))
  if (paths === undefined || paths.some((p) => own.includes(p.toLowerCase()))) return undefined
  return `${module} is not the module of source package ${r.source} (its Go-Import-Path: ${paths.join(', ')}), which only bundles it: the package's version is not the module's`
}
