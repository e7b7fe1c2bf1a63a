// One Python distribution learned from a configured PyPI index (docs/pypi.md "From a configured index"): the JSON
// API's project document (every version, the latest's metadata), the release documents of the versions the unit was
// asked for (at most MAX_ASKED), and with analyzers those versions' distributions — a pure-Python wheel preferred,
// else another wheel, else the sdist — downloaded through the client (checked against the sha256 the index
// publishes) and only then walked: a wheel or a zip sdist through the zip walk, a .tar.gz sdist through the tarball
// walk (its top folder dropped), paths as the wheel holds them. Everything is written in one transaction, after every
// download was checked: a refused file leaves nothing half-written.
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { KbWriter, PackageState, VersionAnalysis, VersionFacts } from '../../domain/kb/types.ts'
import { pep503 } from '../../domain/shared/purl.ts'
import { resolveVersion } from '../../domain/shared/requirement.ts'
import { schemeFor } from '../../domain/shared/versions/index.ts'
import type { Analyzer } from '../../ingest/analyzers/types.ts'
import { type ArchiveWalker, walkArchiveHere } from '../../ingest/archive-walk.ts'
import { TarballError } from '../../ingest/tar-input.ts'
import { versionAnalysis } from '../../ingest/version-analysis.ts'
import { PackageNotFound } from '../npm/registry.ts'
import { mapIndexProject } from './map-index.ts'
import { mapPypiJson, mapPypiReleaseJson, type PypiReleaseValues, yankStatus } from './registry/map-pypi-json.ts'
import type { PypiRegistryClient } from './registry/pypi-client.ts'
import type { SimpleFile } from './registry/simple-api.ts'

const pep440 = schemeFor('pypi')
/** Asked versions read (release documents) and walked per unit; the rest of a long list is left out. */
const MAX_ASKED = 4

export interface IndexIngestOptions {
  client: Pick<PypiRegistryClient, 'projectJson' | 'releaseJson' | 'simpleProject' | 'withArtifact'>
  writer: KbWriter
  /** The distribution, in any spelling PEP 503 equates. */
  name: string
  /** The versions or requirements the requests named ('' = the latest), resolved in PEP 440's order. */
  asked: readonly string[]
  /** Walk the asked versions' distributions through these (none: the metadata only, the `known` phase). */
  analyzers?: readonly Analyzer<unknown>[]
  /** Distributions unpacking to more are refused (the walk's bound). */
  maxUnpackedBytes?: number
  /** Where they are walked (default: this thread). */
  archives?: ArchiveWalker
  now: () => string
  signal?: AbortSignal
}

export interface IndexIngestReport {
  versions: number
  /** The asked versions resolved, newest asked first. */
  asked: string[]
  analyzed: number
  /** The asked versions not walked, and why (no distribution compintel can walk, or one over the walk's bound). */
  skipped: string[]
  changed: boolean
  /** The latest version's runtime requirements' names. */
  dependencies: string[]
}

export async function ingestFromIndex(o: IndexIngestOptions): Promise<IndexIngestReport> {
  const { client, signal } = o
  const project = mapPypiJson(await client.projectJson(o.name, signal), o.name, o.now())
  const listed = mapIndexProject(o.name, project, new Map()).versions
  const asked = resolveAsked(o.name, listed, o.asked, project.latestVersion)
  const releases = new Map<string, PypiReleaseValues>()
  for (const v of asked)
    if (v !== project.latestVersion)
      releases.set(v, mapPypiReleaseJson(await client.releaseJson(o.name, v, signal), o.name, v))
  const { component, versions } = mapIndexProject(o.name, project, releases)
  const state = await o.writer.state(component.purl)
  // the Simple API's file list: every version's yank state in one document (PEP 691, PEP 592), and the files walked
  const files = await simpleFiles(o)
  const analyses: VersionAnalysis[] = []
  const skipped: string[] = []
  if (o.analyzers?.length) {
    const todo = asked.filter((v) => !analyzedAlready(state, v, o.analyzers ?? []))
    for (const v of todo) {
      // a file name may spell the version otherwise (`1.0.0-beta1` for 1.0.0b1): PEP 440 equates them
      const file = distributionToWalk(files.filter((f) => f.version === v || pep440.compare(f.version, v) === 0))
      if (!file) {
        skipped.push(`${v}: no wheel, .tar.gz or .zip distribution`)
        continue
      }
      try {
        analyses.push(versionAnalysis(v, o.now(), o.analyzers, await walkDistribution(o, file)))
      } catch (err) {
        // larger than the walk's bound (on demand: ON_DEMAND_MAX_UNPACKED_MB): not analyzed, as npm's large tarballs
        if (!(err instanceof TarballError && err.kind === 'size')) throw err
        skipped.push(`${v}: ${err.message}`)
      }
    }
  }
  // versions the KB holds and not read now keep their facts (their release's metadata is not re-read), all but
  // their yank state, which the Simple API's files give
  const read = new Set([project.latestVersion, ...asked])
  const written = versions.filter((v) => read.has(v.version) || !state?.versions.has(v.version))
  const yanks = yankStates(files, versions)
  const statuses = versions.flatMap((v) => {
    const y = read.has(v.version) || !state?.versions.has(v.version) ? undefined : yanks.get(v.version)
    return y ? [{ version: v.version, ...y }] : []
  })
  signal?.throwIfAborted()
  const w = await o.writer.writePackage({
    component,
    versions: written,
    registryVersions: versions,
    statuses,
    analyses,
  })
  const latest = versions.find((v) => v.version === project.latestVersion)
  return {
    versions: versions.length,
    asked,
    analyzed: analyses.length,
    skipped,
    changed: w.componentChanged || w.versionsInserted + w.versionsUpdated + w.analysesWritten > 0,
    dependencies: (latest?.dependencies ?? []).filter((d) => d.scope === 'runtime').map((d) => d.name),
  }
}

/** The project's files on the Simple API; none when the index has no page for it (its JSON API answered). */
async function simpleFiles(o: IndexIngestOptions): Promise<SimpleFile[]> {
  try {
    return (await o.client.simpleProject(o.name, o.signal)).files
  } catch (err) {
    if (err instanceof PackageNotFound) return []
    throw err
  }
}

/**
 * Each listed version's status from its files on the Simple API (`deprecated` when every file is yanked); a file
 * name may spell the version otherwise (`1.0.0-beta1` for 1.0.0b1): PEP 440 equates them. No file: nothing said.
 */
export function yankStates(
  files: readonly SimpleFile[],
  versions: readonly Pick<VersionFacts, 'version'>[],
): Map<string, { status: VersionFacts['status']; statusRaw: string | null }> {
  const byVersion = new Map<string, SimpleFile[]>()
  for (const f of files) byVersion.set(f.version, [...(byVersion.get(f.version) ?? []), f])
  const out = new Map<string, { status: VersionFacts['status']; statusRaw: string | null }>()
  for (const { version } of versions) {
    const list =
      byVersion.get(version) ?? [...byVersion].find(([spelled]) => pep440.compare(spelled, version) === 0)?.[1] ?? []
    if (list.length > 0)
      out.set(
        version,
        yankStatus(
          list.map((f) => ({ yanked: f.yanked !== false, reason: typeof f.yanked === 'string' ? f.yanked : '' })),
        ),
      )
  }
  return out
}

/** Each asked requirement's version ('' or none: the index's latest), once each, at most MAX_ASKED. */
function resolveAsked(
  name: string,
  versions: readonly VersionFacts[],
  asked: readonly string[],
  latest: string | null,
): string[] {
  const out = new Set<string>()
  for (const requirement of asked.length > 0 ? asked : ['']) {
    if (out.size >= MAX_ASKED) break
    if (requirement === '' && latest && versions.some((v) => v.version === latest)) out.add(latest)
    else {
      const r = resolveVersion({ purl: `pkg:pypi/${pep503(name)}`, requirement }, versions, undefined, undefined, true)
      if (r.chosen) out.add(r.chosen.version)
    }
  }
  return [...out]
}

function analyzedAlready(state: PackageState | undefined, version: string, analyzers: readonly Analyzer<unknown>[]) {
  const done = state?.analyses.get(version)
  return done !== undefined && analyzers.every((a) => done.get(a.name) === a.version)
}

/** A pure-Python wheel (`py3-none-any`, `py2.py3-none-any`), else any wheel, else a .tar.gz or .zip sdist. */
export function distributionToWalk(files: readonly SimpleFile[]): SimpleFile | undefined {
  const wheels = files.filter((f) => f.kind === 'wheel')
  return (
    wheels.find((f) => /-(py3|py2\.py3)-none-any\.whl$/.test(f.filename)) ??
    wheels.find((f) => /-none-any\.whl$/.test(f.filename)) ??
    wheels[0] ??
    files.find((f) => f.kind === 'sdist' && /\.(tar\.gz|tgz|zip)$/i.test(f.filename))
  )
}

/** Downloads the file (checked against its sha256 before anything reads it), then walks it. */
async function walkDistribution(o: IndexIngestOptions, file: SimpleFile) {
  const dir = mkdtempSync(path.join(tmpdir(), 'compintel-pypi-dist-'))
  try {
    const local = path.join(dir, 'dist')
    await o.client.withArtifact(file, (s) => pipeline(s, createWriteStream(local)), o.signal)
    const format = file.kind === 'wheel' || /\.zip$/i.test(file.filename) ? 'zip' : 'tar.gz'
    const walk = {
      file: local,
      format,
      ...(file.kind === 'wheel' ? {} : { stripComponents: 1 }),
      ...(o.maxUnpackedBytes ? { maxUnpackedBytes: o.maxUnpackedBytes } : {}),
    } as const
    return await (o.archives ?? walkArchiveHere)(walk, o.analyzers ?? [], o.signal)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
