// Go units of the ingestion queue (docs/golang.md "On demand"): each learns one module from Debian's golang-*-dev
// packages (ingest-module.ts), over the suites' indexes the process keeps (the Debian source's: suite-indexes.ts, one
// fetch for all). A unit of the phase `known` reads the versions' facts; one of the phase `analysis` (or a bulk unit)
// walks their files through the analyzers too. Aborted, a unit fails at once and writes nothing more.
import type { KbWriter } from '../../domain/kb/types.ts'
import type { AdvisoryWriter } from '../../domain/vulnerabilities/types.ts'
import type { Analyzer } from '../../ingest/analyzers/types.ts'
import { PermanentError } from '../../ingest/failure.ts'
import { DEFAULT_MAX_UNPACKED, repackagedUnit } from '../cargo/cargo-units.ts'
import type { AptArchive } from '../debian/apt.ts'
import type { Walker } from '../debian/deb-file.ts'
import { untilStopped } from '../debian/debian-units.ts'
import type { ParsedIndexes, SharedIndexes } from '../debian/suite-indexes.ts'
import type { UnitRunner } from '../source.ts'
import { ingestModule } from './ingest-module.ts'

export interface GolangUnitDeps {
  indexes: SharedIndexes<AptArchive, ParsedIndexes>
  writer: KbWriter
  advisories: AdvisoryWriter
  analyzers?: readonly Analyzer<unknown>[]
  walker?: Walker
  now?: () => string
}

export function golangRunner(deps: GolangUnitDeps): UnitRunner {
  const now = deps.now ?? (() => new Date().toISOString())
  return async ({ name, options, signal, maxUnpackedBytes }) => {
    if (options.versions !== 'all' || (options.analyze !== 'all' && options.analyze !== 'asked'))
      throw new PermanentError(`a golang unit reads every version, not ${options.versions}/${options.analyze}`)
    signal?.throwIfAborted()
    const { writer, walker } = untilStopped(deps, signal)
    const analyzers = options.phase === 'known' ? undefined : deps.analyzers
    return repackagedUnit(deps.indexes, name, signal, (archive, indexes) =>
      ingestModule({
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
