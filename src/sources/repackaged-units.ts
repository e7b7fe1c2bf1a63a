// The units of a source whose packages are learned from the registry a user configured, else from Debian's packages
// that repackage them (Cargo's crates, Go modules, Maven artifacts: "Adding an ecosystem" in docs/architecture.md).
// Each unit reads every version (unit-ingest.ts everyVersionPhases): one of the phase `known` their facts, one of the
// phase `analysis` (or a bulk unit, which names none) walks them through the analyzers too. With a client configured
// the unit learns from it; with none, or an answer the source sends back to Debian (`fallsBack`: Go's modules kept
// from proxies), from the packages shipping it, over the suites' indexes the process keeps for every source reading
// Debian's archive (debian-units.ts sharedIndexes: one fetch for all). Aborted (its timeout, the worker stopping), a
// unit fails at once and its work writes nothing more (debian-units.ts untilStopped). `compintel update` re-reads the
// known packages from the configured registry only (repackagedRefresh). What is the source's own — its client, its
// two ways of learning one package — is a `Repackaged` in its folder's <name>-units.ts.
import type { GrowthConfig } from '../config/growth.ts'
import type { KbWriter } from '../domain/kb/types.ts'
import type { Analyzer } from '../ingest/analyzers/types.ts'
import type { ArchiveWalker } from '../ingest/archive-walk.ts'
import { PermanentError } from '../ingest/failure.ts'
import type { AptArchive } from './debian/apt.ts'
import { type Walker, walkCommand } from './debian/deb-file.ts'
import { debianUnitDeps, readArchive, untilAborted, untilStopped } from './debian/debian-units.ts'
import type { ParsedIndexes } from './debian/suite-indexes.ts'
import { PackageNotFound } from './npm/registry.ts'
import type { PackageSource, RunnerDeps, UnitRunner } from './source.ts'

/** A package's folders unpacking to more are refused when the unit names no bound (none of Debian's is near it). */
const DEFAULT_MAX_UNPACKED = 512 * 1024 * 1024

/** One unit's work, as each way of learning takes it (each reads the fields its options declare). */
interface RepackagedWork {
  /** The queue's name of the package. */
  name: string
  /** The versions and requirements requests named ('' = a bare purl's). */
  asked: string[]
  /** The KB's writer, ended with the unit. */
  writer: KbWriter
  /** Where a Debian package's folder is walked, ended with the unit. */
  walker: Walker
  /** The analyzers of the phase `analysis`; none: the facts only. */
  analyzers?: readonly Analyzer<unknown>[]
  /** Where a downloaded archive is walked (default: this thread). */
  archives?: ArchiveWalker
  maxUnpackedBytes: number
  signal?: AbortSignal
  now: () => string
}

/** What learning one package from the configured registry reports. */
interface ConfiguredReport {
  changed: boolean
  /** The newest version's dependencies (what --with-dependencies follows). */
  dependencies: string[]
  versions: number
  read: number
  analyzed: number
}

/** What learning one package from Debian's packages reports. */
export interface RepackagedReport {
  /** No package of the suites ships it. */
  notFound: boolean
  versions: number
  analyzed: number
  /** Why each package version left out was refused. */
  refused: string[]
  /** The newest version's runtime dependencies (what --with-dependencies follows). */
  dependencies: string[]
  /** Packages found through a Packages index, their suite's Contents index missing (debcargo.ts). */
  fromPackagesIndex?: string[]
}

/** A source's own part: its queue name, its configured registry's client, its two ways of learning a package. */
export interface Repackaged<C, R extends ConfiguredReport> {
  source: string
  /** The client of the registry the user configured, made at the first call and kept; undefined: none. */
  configured(growth: GrowthConfig): () => C | undefined
  fromConfigured(client: C, work: RepackagedWork): Promise<R>
  /** An error of the configured registry after which Debian's packages are read, as with none configured. */
  fallsBack?(err: unknown): boolean
  /** What the unit's log line reports besides versions, read and analyzed. */
  moreFacts?(r: R): Record<string, unknown>
  /** Every version Debian's packages ship. */
  fromDebian(archive: AptArchive, indexes: ParsedIndexes, work: RepackagedWork): Promise<RepackagedReport>
}

/** The source's runner over the worker's deps: the configured registry per unit, else Debian's packages. */
export function repackagedRunner<C, R extends ConfiguredReport>(d: RunnerDeps, u: Repackaged<C, R>): UnitRunner {
  const deps = debianUnitDeps(d)
  const configured = u.configured(d.growth)
  const now = () => new Date().toISOString()
  return async ({ name, options, signal, maxUnpackedBytes }) => {
    if (options.versions !== 'all' || (options.analyze !== 'all' && options.analyze !== 'asked'))
      throw new PermanentError(`a ${u.source} unit reads every version, not ${options.versions}/${options.analyze}`)
    signal?.throwIfAborted()
    const { writer, walker } = untilStopped(deps, signal)
    const analyzers = options.phase === 'known' ? undefined : deps.analyzers
    const work: RepackagedWork = {
      name,
      asked: options.asked ?? [],
      writer,
      walker,
      ...(analyzers ? { analyzers } : {}),
      ...(d.archives ? { archives: d.archives } : {}),
      maxUnpackedBytes: maxUnpackedBytes ?? DEFAULT_MAX_UNPACKED,
      ...(signal ? { signal } : {}),
      now,
    }
    const client = configured()
    if (client) {
      const r = await untilAborted(u.fromConfigured(client, work), signal).catch((err: unknown) => {
        if (u.fallsBack?.(err)) return undefined
        throw err
      })
      if (r)
        return {
          changed: r.changed,
          dependencies: r.dependencies,
          facts: { versions: r.versions, read: r.read, analyzed: r.analyzed, ...u.moreFacts?.(r) },
        }
    }
    // Debian's packages: every version they ship, each analyzed (a few per package); none: PackageNotFound
    const r = await readArchive(deps.indexes, signal, (archive, indexes) => u.fromDebian(archive, indexes, work))
    if (r.notFound) throw new PackageNotFound(name)
    return {
      changed: r.versions > 0,
      dependencies: r.dependencies,
      facts: {
        versions: r.versions,
        analyzed: r.analyzed,
        refused: r.refused.length,
        ...(r.fromPackagesIndex ? { fromPackagesIndex: r.fromPackagesIndex } : {}),
      },
    }
  }
}

/**
 * `compintel update` for the source: each known package read again from the configured registry (the known phase, no
 * walk); with none configured there is nothing to re-read (Debian's are not refreshed): not configured. A package
 * the registry sends back to Debian (`fallsBack`) is skipped.
 */
export function repackagedRefresh<C, R extends ConfiguredReport>(
  u: Repackaged<C, R>,
  feed: string,
): NonNullable<PackageSource['refresh']> {
  return {
    feed,
    purlType: u.source,
    enabled: (growth) => u.configured(growth)() !== undefined,
    run: async (names, d) => {
      const out = { changed: 0, notFound: [] as string[], failed: [] as string[] }
      const client = u.configured(d.growth)()
      if (!client) return out
      for (const name of names) {
        try {
          const r = await u.fromConfigured(client, {
            name,
            asked: [],
            writer: d.writer,
            walker: walkCommand,
            maxUnpackedBytes: DEFAULT_MAX_UNPACKED,
            now: d.now,
          })
          if (r.changed) out.changed++
        } catch (err) {
          if (err instanceof PackageNotFound) out.notFound.push(name)
          else if (!u.fallsBack?.(err)) out.failed.push(name)
        }
      }
      return out
    },
  }
}
