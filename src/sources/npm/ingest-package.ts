// Ingests one npm package as one unit of work: packument → facts, chosen tarballs → analyzers, one transaction.
import { npmNameProblem } from '../../domain/kb/ecosystem-rules.ts'
import type {
  ComponentFacts,
  KbWriter,
  PackageUpdate,
  VersionAnalysis,
  VersionFacts,
  WriteReport,
} from '../../domain/kb/types.ts'
import type { Analyzer } from '../../ingest/analyzers/types.ts'
import { excerpt, PermanentError } from '../../ingest/failure.ts'
import { retry } from '../../ingest/retry.ts'
import { type WalkResult, walkTarball } from '../../ingest/tarball-walk.ts'
import { versionAnalysis } from '../../ingest/version-analysis.ts'
import { mapPackument } from './map-packument.ts'
import { isTransient, type NpmRegistry, type Packument, type TarballRef } from './registry.ts'
import { analysisPlan, pick, type Selection } from './select-versions.ts'

export interface IngestOptions {
  versions: Selection
  analyze: Selection
  analyzers: readonly Analyzer<unknown>[]
  dryRun: boolean
  now(): string
  onRetry?(what: string, err: unknown, attempt: number): void
  /** First back-off delay of the retries (default 500 ms, doubling). */
  retryBaseMs?: number
  /** Versions larger than this unpacked are not analyzed (their metadata is still written). */
  maxUnpackedBytes?: number
  /** Aborts the ingest (a timeout): no further download, nothing written. */
  signal?: AbortSignal
}

export interface PackageResult {
  name: string
  versions: number
  analyzed: number
  /** Versions not analyzed because they are larger than maxUnpackedBytes. */
  tooLarge: number
  bytes: number
  report: WriteReport | undefined
  /** Names of the runtime and optional dependencies of the latest version. */
  latestDependencies: string[]
}

/** What a queue unit asks of one package (the rest of IngestOptions is the ingester's own). */
export type UnitIngest = Pick<
  IngestOptions,
  'versions' | 'analyze' | 'retryBaseMs' | 'maxUnpackedBytes' | 'signal' | 'onRetry'
>

/** Ingests one package for a queue unit (src/jobs/worker.ts). */
export type IngestOne = (name: string, opts: UnitIngest) => Promise<PackageResult>

/** A packument's facts (mapPackument's) and each version's tarball URL: what an ingest needs of the packument. */
export interface MappedPackument {
  component: ComponentFacts
  versions: VersionFacts[]
  tarballs: Record<string, string>
}

/**
 * Where a package's packument is fetched, parsed and mapped and its tarballs fetched and walked: in this thread
 * (walkingHere: `compintel worker`, the CLI) or in the server's artifact threads (src/jobs/thread/pool.ts), so that
 * a large packument or tarball never stalls the API (a mapped packument, without readmes and the manifests' other
 * fields, is a fraction of the packument to copy back). Either way the package is read and written here.
 */
export interface NpmArtifacts {
  packument(name: string, asOf: string, signal?: AbortSignal): Promise<MappedPackument>
  walk(
    ref: TarballRef,
    analyzers: readonly Analyzer<unknown>[],
    opts: { maxUnpackedBytes?: number; signal?: AbortSignal },
  ): Promise<WalkResult>
}

function walkingHere(registry: NpmRegistry): NpmArtifacts {
  return {
    packument: async (name, asOf, signal) => mapped(name, await registry.packument(name, signal), asOf),
    walk: (ref, analyzers, opts) => registry.withTarball(ref, (s) => walkTarball(s, analyzers, opts), opts.signal),
  }
}

/** The units' ingest, run in this thread over `artifacts` (a registry: walked in this thread too). */
export function ingestInThisThread(
  artifacts: NpmArtifacts | NpmRegistry,
  writer: KbWriter,
  analyzers: readonly Analyzer<unknown>[],
  now: () => string = () => new Date().toISOString(),
): IngestOne {
  return (name, opts) => ingestPackage(name, artifacts, writer, { ...opts, analyzers, dryRun: false, now })
}

export async function ingestPackage(
  name: string,
  source: NpmArtifacts | NpmRegistry,
  writer: KbWriter,
  opts: IngestOptions,
): Promise<PackageResult> {
  const bad = npmNameProblem(name)
  if (bad) throw new PermanentError(`${excerpt(name, 100)}: ${bad}`) // never becomes a registry URL
  const npm = 'walk' in source ? source : walkingHere(source)
  const asOf = opts.now()
  const again = <T>(what: string, fn: () => Promise<T>) =>
    retry(fn, { isTransient, baseMs: opts.retryBaseMs, onRetry: (err, n) => opts.onRetry?.(what, err, n) })
  const { component, versions, tarballs } = await again(name, () => npm.packument(name, asOf, opts.signal))
  const kept = pick(versions, opts.versions, component.latestVersion)
  const state = await writer.state(component.purl)
  const plan = analysisPlan(kept, pick(kept, opts.analyze, component.latestVersion), state, opts.analyzers)

  const analyses: VersionAnalysis[] = []
  const max = opts.maxUnpackedBytes
  const walk = { ...(max ? { maxUnpackedBytes: max } : {}), ...(opts.signal ? { signal: opts.signal } : {}) }
  let bytes = 0
  let tooLarge = 0
  for (const [v, needed] of plan) {
    opts.signal?.throwIfAborted()
    if (max !== undefined && (v.unpackedSize ?? 0) > max) {
      tooLarge++
      continue
    }
    const analyzers = opts.analyzers.filter((a) => needed.includes(a.name))
    const ref = { name, version: v.version, integrity: v.integrity ?? undefined, url: tarballs[v.version] }
    const walked = await again(`${name}@${v.version}`, () => npm.walk(ref, analyzers, walk))
    bytes += walked.bytes
    analyses.push(versionAnalysis(v.version, asOf, analyzers, walked))
  }
  const update: PackageUpdate = { component, versions: kept, analyses, registryVersions: versions }
  opts.signal?.throwIfAborted()
  const report = opts.dryRun ? undefined : await writer.writePackage(update)
  const latest = versions.find((v) => v.version === component.latestVersion)
  const latestDependencies = (latest?.dependencies ?? [])
    .filter((d) => d.scope === 'runtime' || d.scope === 'optional')
    .map((d) => aliasTarget(d.requirement) ?? d.name)
    .filter((n) => npmNameProblem(n) === undefined) // an alias may name anything
  return { name, versions: kept.length, analyzed: analyses.length, tooLarge, bytes, report, latestDependencies }
}

/** mapPackument's facts of `p` (served for `name`), with each version's tarball URL. */
export function mapped(name: string, p: Packument, asOf: string): MappedPackument {
  const tarballs: Record<string, string> = {}
  for (const [version, m] of Object.entries(p.versions ?? {}))
    if (typeof m?.dist?.tarball === 'string') tarballs[version] = m.dist.tarball
  return { ...mapPackument(name, p, asOf), tarballs }
}

/** `npm:react-is@^18` (an alias dependency) names the package really installed: react-is. */
export function aliasTarget(requirement: string): string | undefined {
  const m = /^npm:((?:@[^/@\s]+\/)?[^@\s]+)(?:@.*)?$/.exec(requirement.trim())
  return m?.[1]
}
