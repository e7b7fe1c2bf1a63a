// A Debian package's upstream source (docs/debian.md "The upstream source"): the source package's `.orig` tarball
// (or, for a native package, its only tarball) fetched with `apt-get source --download-only`, streamed through the
// analyzers that read code (statistics, license files, cryptography, issues, snippets), while the installed tree
// (deb-file.ts walkDeb) keeps the ones that describe what a system holds and redistributes: folder hashes, and the
// notices (the package's copyright file under /usr/share/doc is its attribution notice). One walk per source version,
// whatever number of its binary packages are read; versions with one upstream version share its tarball.
import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { sortedFileList } from '../../ingest/analyzers/file-list.ts'
import type { Analyzer } from '../../ingest/analyzers/types.ts'
import type { WalkResult } from '../../ingest/tarball-walk.ts'
import type { AptArchive } from './apt.ts'
import { type Walker, walkCommand } from './deb-file.ts'
import { readSourceVersions } from './indexes.ts'

/** The analyzers run on the upstream source; every other one runs on the installed tree. */
const SOURCE_ANALYZERS = new Set(['code-stats', 'license-files', 'crypto', 'semgrep', 'snippets'])

export function splitAnalyzers(analyzers: readonly Analyzer<unknown>[]): {
  installed: Analyzer<unknown>[]
  source: Analyzer<unknown>[]
} {
  return {
    installed: analyzers.filter((a) => !SOURCE_ANALYZERS.has(a.name)),
    source: analyzers.filter((a) => SOURCE_ANALYZERS.has(a.name)),
  }
}

/** Decompressors by a tarball's last extension (dpkg-source's formats: gzip, bzip2, xz, lzma; zstd since 1.21). */
const DECOMPRESS: Record<string, string[]> = {
  gz: ['gzip', '-dc'],
  bz2: ['bzip2', '-dc'],
  xz: ['xz', '-dc'],
  lzma: ['xz', '-dc', '--format=lzma'],
  zst: ['zstd', '-dc', '-q'],
}

/** `1:1.2.13.dfsg-1` → `1.2.13.dfsg`: no epoch, no Debian revision (Debian Policy §5.6.12). */
export function upstreamVersion(version: string): string {
  const noEpoch = version.replace(/^\d+:/, '')
  const dash = noEpoch.lastIndexOf('-')
  return dash > 0 ? noEpoch.slice(0, dash) : noEpoch
}

/**
 * The upstream tarball of `source` at `version` among the files apt-get source wrote into `dir`:
 * `<source>_<upstream>.orig.tar.<ext>`, or a native package's `<source>_<version>.tar.<ext>`. Component tarballs
 * (`.orig-<component>.tar.*`) are not read.
 */
export function upstreamTarball(dir: string, source: string, version: string): string | undefined {
  const noEpoch = version.replace(/^\d+:/, '')
  const names = new Set([
    ...Object.keys(DECOMPRESS).map((ext) => `${source}_${upstreamVersion(version)}.orig.tar.${ext}`),
    ...Object.keys(DECOMPRESS).map((ext) => `${source}_${noEpoch}.tar.${ext}`),
  ])
  const found = readdirSync(dir).find((f) => names.has(f))
  return found ? path.join(dir, found) : undefined
}

/** The tarball's files and the analyzers' outputs; paths as in the tarball (its top folder kept). */
function walkSource(tarball: string, analyzers: readonly Analyzer<unknown>[], walker: Walker): Promise<WalkResult> {
  const command = DECOMPRESS[path.extname(tarball).slice(1)]
  if (!command) throw new Error(`not a source tarball: ${path.basename(tarball)}`)
  const [cmd, ...args] = command as [string, ...string[]]
  return walker(cmd, [...args, tarball], analyzers)
}

/**
 * A version's walk: its installed tree (paths under /) and its upstream source's files, each analyzer's output from
 * the tree it reads. Without the source, the source analyzers have no output (answers say NO_INFO).
 */
export function withSource(installed: WalkResult, source: WalkResult | undefined): WalkResult {
  if (!source) return installed
  const byPath = new Map([...source.files, ...installed.files].map((f) => [f.path, f]))
  const files = sortedFileList(byPath.values())
  return {
    outputs: { ...source.outputs, ...installed.outputs },
    files,
    bytes: files.reduce((n, f) => n + f.size, 0),
  }
}

/**
 * Each `source=version` asked for, downloaded and walked once by `analyzers`: the ones whose upstream tarball could
 * be had and read (a version the Sources indexes no longer list, or a damaged tarball, is absent).
 */
export async function walkSources(
  archive: Pick<AptArchive, 'downloadSources' | 'indexes'>,
  keys: readonly string[],
  dir: string,
  analyzers: readonly Analyzer<unknown>[],
  walker: Walker = walkCommand,
): Promise<Map<string, WalkResult>> {
  const wanted = [...new Set(keys)]
  await archive.downloadSources(wanted, dir)
  await fromSameUpstream(archive, wanted, dir)
  const out = new Map<string, WalkResult>()
  // versions with one upstream version (a security update's revision) share its tarball: one walk for them all
  const byTarball = new Map<string, WalkResult | undefined>()
  for (const key of wanted) {
    const [source, version] = key.split('=') as [string, string]
    const tarball = upstreamTarball(dir, source, version)
    if (tarball && !byTarball.has(tarball))
      byTarball.set(tarball, await walkSource(tarball, analyzers, walker).catch(() => undefined))
    const walked = tarball ? byTarball.get(tarball) : undefined
    if (walked) out.set(key, walked)
  }
  return out
}

/**
 * The versions whose upstream tarball did not come (a mirror without a security update's source files) fetched
 * through another version of the same source package with the same upstream version: the archive keeps one
 * `<source>_<upstream>.orig.tar.*` per source and upstream version, so it is the very same file.
 */
async function fromSameUpstream(
  archive: Pick<AptArchive, 'downloadSources' | 'indexes'>,
  wanted: readonly string[],
  dir: string,
): Promise<void> {
  const missing = wanted.filter((k) => {
    const [source, version] = k.split('=') as [string, string]
    return upstreamTarball(dir, source, version) === undefined
  })
  if (missing.length === 0) return
  const listed = await sourceVersions(archive)
  const others = missing.flatMap((k) => {
    const [source, version] = k.split('=') as [string, string]
    const same = (listed.get(source) ?? []).filter(
      (v) => v !== version && upstreamVersion(v) === upstreamVersion(version),
    )
    return same.slice(0, 1).map((v) => `${source}=${v}`)
  })
  if (others.length > 0) await archive.downloadSources(others, dir)
}

/** The Sources indexes' versions, read once for as long as the indexes stay the same files (a run's batches). */
let read: { stamp: string; versions: Promise<Map<string, string[]>> } | undefined
function sourceVersions(archive: Pick<AptArchive, 'indexes'>): Promise<Map<string, string[]>> {
  const files = archive.indexes().filter((f) => f.kind === 'Sources')
  const stamp = files.map((f) => `${f.file}:${statSync(f.file).mtimeMs}`).join('|')
  if (read?.stamp !== stamp) read = { stamp, versions: readSourceVersions(files) }
  return read.versions
}
