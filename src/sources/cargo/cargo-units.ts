// Cargo units of the ingestion queue (docs/cargo.md "On demand"): each learns one crate, from the registry a user
// configured (registry/ingest-registry.ts: the index's versions, the asked versions' `.crate`s), else from Debian's
// packages with ingestCrate, over the suites' indexes the process keeps (the Debian source's: suite-indexes.ts, one
// fetch for both). A unit of the phase `known` reads the versions' facts; one of the phase `analysis` (or a bulk unit,
// which names none) walks their files through the analyzers too. Aborted (its timeout, the worker stopping), a unit fails at
// once and its work writes nothing more (debian-units.ts untilStopped).
import type { KbWriter } from '../../domain/kb/types.ts'
import type { AdvisoryWriter } from '../../domain/vulnerabilities/types.ts'
import type { Analyzer } from '../../ingest/analyzers/types.ts'
import { PermanentError } from '../../ingest/failure.ts'
import type { AptArchive } from '../debian/apt.ts'
import type { Walker } from '../debian/deb-file.ts'
import { untilAborted, untilStopped } from '../debian/debian-units.ts'
import type { ParsedIndexes, SharedIndexes } from '../debian/suite-indexes.ts'
import { PackageNotFound } from '../npm/registry.ts'
import type { UnitRunner } from '../source.ts'
import { ingestCrate } from './ingest-crate.ts'
import { ingestRegistryCrate } from './registry/ingest-registry.ts'
import type { CargoSparseClient } from './registry/sparse-client.ts'

/** A crate folder unpacking to more is refused when the unit names no bound (none of Debian's is near it). */
export const DEFAULT_MAX_UNPACKED = 512 * 1024 * 1024

export interface CargoUnitDeps {
  indexes: SharedIndexes<AptArchive, ParsedIndexes>
  writer: KbWriter
  advisories: AdvisoryWriter
  /** The analyzers of the phase `analysis` (none: facts only). */
  analyzers?: readonly Analyzer<unknown>[]
  /** Where the walks run (default: this thread). */
  walker?: Walker
  now?: () => string
  /** The client of the registry the user configured, or undefined: none (Debian's packages are read). */
  registry?: () => CargoSparseClient | undefined
}

export function cargoRunner(deps: CargoUnitDeps): UnitRunner {
  const now = deps.now ?? (() => new Date().toISOString())
  return async ({ name, options, signal, maxUnpackedBytes }) => {
    if (options.versions !== 'all' || (options.analyze !== 'all' && options.analyze !== 'asked'))
      throw new PermanentError(`a cargo unit reads every version, not ${options.versions}/${options.analyze}`)
    signal?.throwIfAborted()
    const { writer, walker } = untilStopped(deps, signal)
    const analyzers = options.phase === 'known' ? undefined : deps.analyzers
    const client = deps.registry?.()
    if (client) {
      const work = ingestRegistryCrate({
        client,
        writer,
        name,
        asked: options.asked ?? [],
        ...(analyzers ? { analyzers } : {}),
        walker,
        maxUnpackedBytes: maxUnpackedBytes ?? DEFAULT_MAX_UNPACKED,
        ...(signal ? { signal } : {}),
        now,
      })
      const r = await untilAborted(work, signal)
      return {
        changed: r.changed,
        dependencies: r.dependencies,
        facts: { versions: r.versions, read: r.read, analyzed: r.analyzed },
      }
    }
    // Debian's packages: every version they ship, each analyzed (a few per crate)
    return repackagedUnit(deps.indexes, name, signal, (archive, indexes) =>
      ingestCrate({
        archive,
        indexes,
        writer,
        name,
        ...(analyzers ? { analyzers } : {}),
        walker,
        maxUnpackedBytes: maxUnpackedBytes ?? DEFAULT_MAX_UNPACKED,
        now,
      }),
    )
  }
}

/** What a learning of a library Debian repackages reports (a crate, a Go module). */
interface RepackagedReport {
  notFound: boolean
  versions: number
  analyzed: number
  refused: string[]
  dependencies: string[]
  /** The packages whose crates were found from the Packages index (a suite without Contents). */
  fromPackagesIndex?: string[]
}

/**
 * A unit over Debian's repackaged libraries (crates, Go modules): `learn` run over the shared indexes with the
 * archive bound to the unit's signal, aborted with it; a library no package ships is PackageNotFound.
 */
export async function repackagedUnit(
  indexes: SharedIndexes<AptArchive, ParsedIndexes>,
  name: string,
  signal: AbortSignal | undefined,
  learn: (archive: AptArchive, indexes: ParsedIndexes) => Promise<RepackagedReport>,
) {
  const r = await untilAborted(
    indexes.read((archive, parsed) => learn(archive.until(signal), parsed)),
    signal,
  )
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
