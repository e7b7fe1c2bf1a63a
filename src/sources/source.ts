// What a source declares, once, in its folder's source.ts; sources/index.ts lists them and everything else (on-demand,
// the workers, `update`, the CLI's feed commands) reads that table. A package source (npm, Debian: a registry or
// archive of packages, learned one unit of the ingestion queue at a time) is a PackageSource; a feed (OSV, EPSS,
// purl2cpe: a data set downloaded whole) a FeedSource. A runner throws PackageNotFound (npm/registry.ts) for a package
// its source does not have, a PermanentError (ingest/failure.ts) for a unit no retry can help.
import type { GrowthConfig, OnDemandMode } from '../config/growth.ts'
import type { OriginWriter } from '../domain/geoprovenance/types.ts'
import type { UnitOptions } from '../domain/kb/ingest-queue.ts'
import type { KbWriter } from '../domain/kb/types.ts'
import type { LearnableSource, LearnRequest } from '../domain/on-demand/types.ts'
import type { AdvisoryWriter } from '../domain/vulnerabilities/types.ts'
import type { Analyzer } from '../ingest/analyzers/types.ts'
import type { ArchiveWalker } from '../ingest/archive-walk.ts'
import type { DataIngestReport } from '../ingest/data-report.ts'
import { PermanentError } from '../ingest/failure.ts'
import type { Walker } from './debian/deb-file.ts'
import type { FeedOptions } from './feed-ingest.ts'

/** One unit as its runner gets it. */
interface UnitRun {
  name: string
  options: UnitOptions
  /** On-demand units: aborted after ON_DEMAND_TIMEOUT_MS. */
  signal?: AbortSignal
  /** On-demand units: versions larger than this unpacked are not analyzed. */
  maxUnpackedBytes?: number
  /** First back-off of the retries within the unit. */
  retryBaseMs?: number
  onRetry?(what: string, err: unknown, attempt: number): void
}

interface UnitDone {
  /** Something in the KB changed (the worker refreshes popularity). */
  changed: boolean
  /** The packages to queue when the unit's options ask for its dependencies. */
  dependencies: string[]
  /** What the unit's log line reports (versions, analyzed, bytes, written, …). */
  facts: Record<string, unknown>
}

export type UnitRunner = (run: UnitRun) => Promise<UnitDone>

/** The units' options of each phase (identical work has identical options, and joins); no analysis: none queued. */
export interface LearnPhases {
  known: string
  analysis?: string
}

/** What a worker gives each source's runner: the KB's writers and how versions are walked. */
export interface RunnerDeps {
  growth: GrowthConfig
  writer: KbWriter
  advisories: AdvisoryWriter
  origins: OriginWriter
  analyzers: readonly Analyzer<unknown>[]
  /** Where a version's files are walked by the analyzers (the server's worker: threads; default this thread). */
  walker?: Walker
  /** Where a downloaded archive is walked (the server's worker: threads; default this thread). */
  archives?: ArchiveWalker
  /** The registry client's options over the user's configuration (tests: a fixture registry on 127.0.0.1). */
  registry: Record<string, unknown>
}

/** What `compintel update` gives a source's refresh of the packages the KB knows. */
interface RefreshDeps {
  growth: GrowthConfig
  writer: KbWriter
  /** The registry client's options over the user's configuration (tests: a fixture registry on 127.0.0.1). */
  registry: Record<string, unknown>
  now(): string
}

/** A refresh's outcome: how many packages changed, and the names not found or failed. */
interface RefreshDone {
  changed: number
  notFound: readonly string[]
  failed: readonly string[]
}

/** A registry or archive of packages, learned on demand and by `compintel worker` one unit at a time. */
export interface PackageSource extends LearnableSource {
  /** A name the source could hold, never a path, URL, option or blank. */
  fetchable(name: string): boolean
  /** The units a request queues in each ON_DEMAND mode (docs/kb-growth.md). */
  phases(mode: Exclude<OnDemandMode, 'off'>, request: LearnRequest): LearnPhases
  /** The runner of the source's units (`source` in the queue: `name`). */
  runner(deps: RunnerDeps): UnitRunner
  /**
   * `compintel update`: re-reads the packages of `purlType` the KB knows, longest unchecked first (their names as
   * the KB keeps them: purl_name); recorded under `feed` in the feeds table. None: the source is not refreshed.
   */
  refresh?: {
    feed: string
    purlType: string
    /**
     * Whether the refresh has somewhere to read from (a registry this configuration names); false: `update` skips it,
     * reports it as not configured and records nothing under `feed`. Absent: always.
     */
    enabled?(growth: GrowthConfig): boolean
    /** The name `run` is given for a known package's purl (absent: its purl_name, the lower-case lookup key). */
    nameOfPurl?(purl: string): string
    run(names: readonly string[], deps: RefreshDeps): Promise<RefreshDone>
  }
  /** `compintel ingest <source>`. */
  ingest: IngestCommand
}

/** `compintel ingest <source>`: what the command's line holds once the CLI has read it. */
export interface IngestArgs {
  /** The names given and those of `--from-file`. */
  names: string[]
  /** The source's own options (IngestCommand.options), as node:util parseArgs read them. */
  values: Record<string, string | boolean | string[] | undefined>
}

/** What the CLI opens for a source's ingest command: the KB's writers, the analyzers kept, the user's Ctrl-C. */
interface IngestDeps extends Omit<RunnerDeps, 'walker' | 'registry'> {
  now(): string
  /** True once the user asked to stop (the first Ctrl-C): finish the packages in progress, start no other. */
  shouldStop(): boolean
  log(line: string): void
}

/** A run's outcome: the summary printed, whether the KB changed (popularity is refreshed) and whether any failed. */
interface IngestDone {
  summary: string
  changed: boolean
  failed: boolean
}

/**
 * A package source's `compintel ingest <source>` command. The CLI (cli/ingest-packages.ts) reads the options every
 * such command shares — names, `--from-file`, `--skip-analyzer`, `--enqueue` — plus these, opens the KB and runs it.
 */
export interface IngestCommand {
  /** Its usage, after `compintel ingest <source>` (the ingest usage lists every source's). */
  usage: string
  /** Its own options, in node:util parseArgs's form. */
  options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean; default?: string | boolean | string[] }>
  run(args: IngestArgs, deps: IngestDeps): Promise<IngestDone>
  /**
   * `--enqueue` (PostgreSQL): the options of the units queued for `compintel worker` processes, or a reason these
   * options cannot be queued. None: this source's units are not queued from the command line.
   */
  queued?(values: IngestArgs['values']): UnitOptions | string
}

/**
 * A data set downloaded whole (its URLs: growth.feeds[kind], FEED_* in config/growth.ts), ingested by `compintel ingest
 * <kind>` and `update`; its loader reads and checks its records and leaves the rest to feed-ingest.ts.
 */
export interface FeedSource {
  kind: keyof GrowthConfig['feeds']
  /** What `compintel ingest <kind>` reads, for its usage. */
  inputs: string
  /** `compintel ingest <kind>` takes several files (else one). */
  manyFiles: boolean
  load(files: readonly string[], writer: AdvisoryWriter, o: FeedOptions): Promise<DataIngestReport>
}

/** A usage mistake on `compintel ingest <source>`'s line (the CLI prints the usage with it). */
export class IngestUsageError extends Error {}

/** `fn`'s error as a PermanentError (the unit's options cannot be read). */
export function permanent<T>(fn: () => T): T {
  try {
    return fn()
  } catch (err) {
    throw new PermanentError((err as Error).message)
  }
}

/** The one file of a feed that takes one (FeedSource.manyFiles false). */
export function oneFile(files: readonly string[]): string {
  const [file] = files
  if (file === undefined || files.length > 1) throw new Error(`one file at a time, not ${files.length}`)
  return file
}
