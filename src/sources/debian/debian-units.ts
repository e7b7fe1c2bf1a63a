// Debian units of the ingestion queue (docs/debian.md "On demand"): each ingests one binary package with
// ingestDebian through the private apt folder of the configuration, over the suites' indexes the process keeps
// (suite-indexes.ts). A unit of the phase `known` reads the versions' licenses and changelogs only (the .deb files);
// one of the phase `analysis` (or a bulk unit, which names no phase) walks them with the analyzers too: their
// installed trees and upstream sources.
import { homedir } from 'node:os'
import path from 'node:path'
import type { DebianConfig } from '../../config/growth.ts'
import type { OriginWriter } from '../../domain/geoprovenance/types.ts'
import type { KbWriter } from '../../domain/kb/types.ts'
import type { AdvisoryWriter } from '../../domain/vulnerabilities/types.ts'
import type { Analyzer } from '../../ingest/analyzers/types.ts'
import { PermanentError } from '../../ingest/failure.ts'
import { PackageNotFound } from '../npm/registry.ts'
import type { RunnerDeps, UnitRunner } from '../source.ts'
import { AptArchive } from './apt.ts'
import { type Walker, walkCommand } from './deb-file.ts'
import { ingestDebian } from './ingest-debian.ts'
import { debianMirrors } from './mirror.ts'
import { type ParsedIndexes, parseIndexes, SharedIndexes } from './suite-indexes.ts'

/** The private apt folder, the mirrors (the machine's unless overridden) and the suites of the configuration. */
export function debianArchive(d: DebianConfig): AptArchive {
  // `compintel ingest debian`'s default folder too (cli/ingest-debian.ts)
  const cache = process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache')
  return new AptArchive({
    dir: d.aptDir ?? path.join(cache, 'compintel-apt'),
    suites: d.suites,
    mirrors: debianMirrors({ DEBIAN_MIRROR: d.mirror, DEBIAN_SECURITY_MIRROR: d.securityMirror }),
    trusted: d.trusted,
  })
}

const shared = new WeakMap<DebianConfig, SharedIndexes<AptArchive, ParsedIndexes>>()

/**
 * The indexes a process's units share: fetched and parsed on the first unit, again past DEBIAN_INDEX_TTL. One per
 * configuration, whichever source's units read it (Debian's own, and the libraries it repackages: pypi, cargo), so
 * one apt folder is updated by one fetch at a time and parsed once.
 */
export function sharedIndexes(d: DebianConfig): SharedIndexes<AptArchive, ParsedIndexes> {
  let s = shared.get(d)
  if (!s) {
    s = new SharedIndexes(() => debianArchive(d), d.indexTtlMs, Date.now, parseIndexes)
    shared.set(d, s)
  }
  return s
}

export interface DebianUnitDeps {
  indexes: SharedIndexes<AptArchive, ParsedIndexes>
  writer: KbWriter
  advisories: AdvisoryWriter
  /** Origin records from the packages' changelogs (none: not recorded). */
  origins?: OriginWriter
  /** The analyzers each version read goes through (none: its license and changelog only). */
  analyzers?: readonly Analyzer<unknown>[]
  /** Where their walks run (default: this thread). */
  walker?: Walker
  now?: () => string
}

/** A runner's deps from a worker's: the indexes of its configuration (sharedIndexes), its writers and walker. */
export function debianUnitDeps(d: RunnerDeps): DebianUnitDeps {
  return {
    indexes: sharedIndexes(d.growth.debian),
    writer: d.writer,
    advisories: d.advisories,
    origins: d.origins,
    analyzers: d.analyzers,
    ...(d.walker ? { walker: d.walker } : {}),
  }
}

const ANALYZE = ['all', 'latest', 'none'] as const

/** Debian units: one binary package (and with `withDependencies` its closure in the suites), every version kept. */
export function debianRunner(deps: DebianUnitDeps): UnitRunner {
  const now = deps.now ?? (() => new Date().toISOString())
  return async ({ name, options, signal }) => {
    const analyze = ANALYZE.find((a) => a === options.analyze)
    if (!analyze || options.versions !== 'all')
      throw new PermanentError(
        `a Debian unit keeps every version and reads all, latest or none, not ${options.analyze}`,
      )
    signal?.throwIfAborted()
    const { writer, advisories, origins, walker } = untilStopped(deps, signal)
    const analyzers = options.phase === 'known' ? undefined : deps.analyzers
    // aborted (its timeout, or the worker stopping), the unit fails at once; the work in hand ends soon after, its
    // apt-get and walks killed, and writes nothing more
    const r = await readArchive(deps.indexes, signal, (archive, indexes) =>
      ingestDebian({
        archive,
        indexes,
        writer,
        advisories,
        ...(origins ? { origins } : {}),
        ...(analyzers ? { analyzers } : {}),
        walker,
        names: [name],
        withDependencies: options.withDependencies,
        analyze,
        update: false,
        now,
        log: () => {},
      }),
    )
    if (r.notFound.includes(name)) throw new PackageNotFound(name)
    if (r.failed.length > 0) throw new Error(r.failed.map((f) => `${f.name}: ${f.error}`).join('; '))
    return {
      changed: r.written > 0 || r.advisories > 0,
      dependencies: [],
      facts: { written: r.written, analyzed: r.analyzed, advisories: r.advisories, origins: r.origins },
    }
  }
}

/**
 * The unit's writers and walker, ended by `signal`: once it aborts no write starts (each one is a transaction of its
 * own: a package's rows, a batch of advisories, an origin, so what was written is whole, and the retry writes the
 * rest) and the walks under way are killed. Popularity is the worker's to refresh (after the units, not after each).
 */
export function untilStopped(deps: DebianUnitDeps, signal: AbortSignal | undefined) {
  const check = <T>(write: () => Promise<T>) => {
    signal?.throwIfAborted()
    return write()
  }
  const writer: KbWriter = {
    state: (p) => deps.writer.state(p),
    writePackage: (u) => check(() => deps.writer.writePackage(u)),
  }
  const a = deps.advisories
  const advisories: AdvisoryWriter = {
    writeAdvisories: (list, at) => check(() => a.writeAdvisories(list, at)),
    writeEpss: (scores, source, at) => check(() => a.writeEpss(scores, source, at)),
    writeKev: (entries, source, at) => check(() => a.writeKev(entries, source, at)),
    writeCpeProducts: (packages, source, at) => check(() => a.writeCpeProducts(packages, source, at)),
    recordSource: (s) => check(() => a.recordSource(s)),
  }
  const o = deps.origins
  const origins: OriginWriter | undefined = o && { writeOrigin: (r) => check(() => o.writeOrigin(r)) }
  const w = deps.walker ?? walkCommand
  const walker: Walker = (command, args, analyzers) => w(command, args, analyzers, signal)
  return { writer, advisories, origins, walker }
}

export function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/** `learn` over the indexes the process keeps, with the archive bound to the unit's signal; aborted with it. */
export function readArchive<T>(
  indexes: SharedIndexes<AptArchive, ParsedIndexes>,
  signal: AbortSignal | undefined,
  learn: (archive: AptArchive, indexes: ParsedIndexes) => Promise<T>,
): Promise<T> {
  return untilAborted(
    indexes.read((archive, parsed) => learn(archive.until(signal), parsed)),
    signal,
  )
}
