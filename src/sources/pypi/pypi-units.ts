// PyPI units of the ingestion queue learned from Debian (docs/pypi.md "On demand"): each reads one distribution from
// the Debian packages that install it (ingest-pypi.ts), over the suites' indexes the process keeps for every source
// reading Debian's archive (debian-units.ts sharedIndexes: one apt folder, one fetch at a time). A unit of the phase
// `known` reads the metadata; one of the phase `analysis` (or a bulk unit, which names no phase) walks the files too.
import { PermanentError } from '../../ingest/failure.ts'
import { type DebianUnitDeps, readArchive, untilStopped } from '../debian/debian-units.ts'
import { PackageNotFound } from '../npm/registry.ts'
import type { UnitRunner } from '../source.ts'
import { ingestPypi } from './ingest-pypi.ts'

export function pypiRunner(deps: DebianUnitDeps): UnitRunner {
  const now = deps.now ?? (() => new Date().toISOString())
  return async ({ name, options, signal, maxUnpackedBytes }) => {
    if (options.versions !== 'all')
      throw new PermanentError(`a PyPI unit from Debian reads every version the suites hold, not ${options.versions}`)
    signal?.throwIfAborted()
    const { writer, walker } = untilStopped(deps, signal)
    const analyzers = options.phase === 'known' || options.analyze === 'none' ? undefined : deps.analyzers
    const r = await readArchive(deps.indexes, signal, (archive, indexes) =>
      ingestPypi({
        archive,
        indexes,
        writer,
        name,
        ...(analyzers ? { analyzers } : {}),
        walker,
        ...(maxUnpackedBytes ? { maxUnpackedBytes } : {}),
        now,
        ...(signal ? { signal } : {}),
      }),
    )
    if (r.packages.length === 0) throw new PackageNotFound(name)
    // listed, but none of its package versions could be downloaded: the mirror may answer later
    if (!r.written) throw new Error(`none of ${r.packages.join(', ')} could be downloaded`)
    return {
      changed: r.changed,
      dependencies: r.dependencies,
      facts: { packages: r.packages, versions: r.versions, analyzed: r.analyzed, refused: r.refused.length },
    }
  }
}
