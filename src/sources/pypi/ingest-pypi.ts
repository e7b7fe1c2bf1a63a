// One Python distribution learned from Debian's packages (docs/pypi.md "From Debian"): the Contents index names the
// packages that install its metadata (debian/contents.ts, parsed with the suites' indexes), every version of each
// in the suites is downloaded (.deb, checked against the index) and its dist-packages read: the metadata, checked to
// be the asked distribution's (map-pypi.ts), mapped to the upstream version's facts; an upstream version several
// Debian versions ship is read from the newest. With analyzers, the distribution's own files there (deb-dist.ts
// distMembers) are walked as a wheel would hold them: paths under dist-packages. One transaction.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { KbWriter, VersionAnalysis } from '../../domain/kb/types.ts'
import { schemeFor } from '../../domain/shared/versions/index.ts'
import type { Analyzer } from '../../ingest/analyzers/types.ts'
import { UpstreamRefused } from '../../ingest/failure.ts'
import { versionAnalysis } from '../../ingest/version-analysis.ts'
import type { AptArchive } from '../debian/apt.ts'
import { type Walker, walkCommand } from '../debian/deb-file.ts'
import type { BinaryRecord } from '../debian/indexes.ts'
import type { ParsedIndexes } from '../debian/suite-indexes.ts'
import { distMembers, findDists, unpackDistPackages } from './deb-dist.ts'
import { checkDistIdentity, mapDistComponent, mapDistVersion, type ReadDist } from './map-pypi.ts'
import { MetadataError, parseCoreMetadata } from './metadata.ts'

const deb = schemeFor('deb')

export interface PypiIngestOptions {
  archive: Pick<AptArchive, 'downloadDebs'>
  indexes: ParsedIndexes
  writer: KbWriter
  /** The distribution, in any spelling PEP 503 equates. */
  name: string
  /** Walk each version's files through these (none: the metadata only, the `known` phase). */
  analyzers?: readonly Analyzer<unknown>[]
  walker?: Walker
  /** Packages that unpack to more are not analyzed (their Installed-Size). */
  maxUnpackedBytes?: number
  now: () => string
  /** Ends the unpacking under way (the walks end by their walker's). */
  signal?: AbortSignal
}

export interface PypiIngestReport {
  /** The Debian packages the Contents index names for it (none: not in the suites). */
  packages: string[]
  versions: string[]
  analyzed: number
  /** Why package versions read were refused (another distribution's metadata, a version that differs). */
  refused: string[]
  written: boolean
  /** The write changed the KB (the component, a version, an analysis). */
  changed: boolean
  /** The newest version's runtime requirements' names (what --with-dependencies follows). */
  dependencies: string[]
}

export async function ingestPypi(o: PypiIngestOptions): Promise<PypiIngestReport> {
  const packages = [...new Set(o.indexes.repackaged.find('pypi', o.name).map((e) => e.package))]
  const report: PypiIngestReport = {
    packages,
    versions: [],
    analyzed: 0,
    refused: [],
    written: false,
    changed: false,
    dependencies: [],
  }
  const records = packages.flatMap((p) => o.indexes.packages.get(p) ?? [])
  if (records.length === 0) return report
  const work = mkdtempSync(path.join(tmpdir(), 'compintel-pypi-'))
  try {
    const files = await o.archive.downloadDebs(records, path.join(work, 'debs'))
    // newest Debian version first: an upstream version several ship is read from the newest
    const byUpstream = new Map<string, { read: ReadDist; analysis?: VersionAnalysis }>()
    for (const [i, r] of [...records].sort((a, b) => deb.compare(b.version, a.version)).entries()) {
      const file = files.get(`${r.name}=${r.version}`)
      if (!file) continue
      const into = path.join(work, String(i))
      mkdirSync(into)
      const analyze = (o.analyzers?.length ?? 0) > 0 && fits(r, o.maxUnpackedBytes)
      const distPackages = await unpackDistPackages(file, into, !analyze, o.signal)
      for (const found of findDists(distPackages, o.name)) {
        const read = readOf(o.name, r, found, o.indexes.dates, o.now)
        if (typeof read === 'string' || byUpstream.has(read.metadata.version)) {
          if (typeof read === 'string') report.refused.push(read)
          continue
        }
        const analysis = analyze
          ? versionAnalysis(
              read.metadata.version,
              o.now(),
              o.analyzers ?? [],
              await (o.walker ?? walkCommand)(
                'tar',
                ['-c', '-C', distPackages, '--', ...distMembers(distPackages, found)],
                o.analyzers ?? [],
              ),
            )
          : undefined
        byUpstream.set(read.metadata.version, { read, ...(analysis ? { analysis } : {}) })
      }
      rmSync(into, { recursive: true, force: true })
    }
    const reads = [...byUpstream.values()]
    if (reads.length === 0) {
      if (report.refused.length > 0) throw new UpstreamRefused('identity', report.refused.join('; '))
      return report
    }
    const versions = reads.map(({ read }) => mapDistVersion(read))
    const analyses = reads.flatMap(({ analysis }) => (analysis ? [analysis] : []))
    const component = mapDistComponent(
      o.name,
      reads.map((r) => r.read),
    )
    const w = await o.writer.writePackage({ component, versions, analyses })
    const changed = w.componentChanged || w.versionsInserted + w.versionsUpdated + w.analysesWritten > 0
    const latest = versions.find((v) => v.version === component.latestVersion)
    const dependencies = (latest?.dependencies ?? []).filter((d) => d.scope === 'runtime').map((d) => d.name)
    const done = { versions: versions.map((v) => v.version), analyzed: analyses.length, written: true, changed }
    return { ...report, ...done, dependencies }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

/** A package version read: its distribution, or why it is refused. */
function readOf(
  asked: string,
  r: BinaryRecord,
  found: ReturnType<typeof findDists>[number],
  dates: Map<string, string>,
  now: () => string,
): ReadDist | string {
  try {
    const read: ReadDist = {
      metadata: parseCoreMetadata(found.metadata),
      pathVersion: found.version,
      metadataPath: found.metadataPath,
      requiresTxt: found.requiresTxt,
      debPackage: r.name,
      debVersion: r.version,
      suites: r.suites,
      asOf:
        r.suites
          .flatMap((s) => dates.get(s) ?? [])
          .sort()
          .at(-1) ?? now(),
    }
    checkDistIdentity(asked, read)
    return read
  } catch (err) {
    if (err instanceof MetadataError || err instanceof UpstreamRefused)
      return err instanceof MetadataError
        ? `${r.name} ${r.version}: ${found.metadataPath}: ${err.message}`
        : err.message
    throw err
  }
}

const fits = (r: BinaryRecord, max: number | undefined) =>
  max === undefined || r.installedSize === null || r.installedSize * 1024 <= max
