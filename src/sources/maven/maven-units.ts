// Maven units of the ingestion queue (docs/maven.md "On demand"): each learns one artifact (`groupId:artifactId`) from
// the Maven repository a user configured (repository/ingest-repository.ts: maven-metadata.xml's versions, the newest
// and asked versions' POMs, the asked versions' sources jars or jars), else from Debian's Java library packages
// (ingest-maven.ts), over the suites' indexes the process keeps (the Debian source's, one fetch for every source). A
// unit of the phase `known` reads the versions' facts (POMs, licenses, dependencies); one of the phase `analysis` (or
// a bulk unit) walks jars through the analyzers too.
import type { KbWriter } from '../../domain/kb/types.ts'
import type { AdvisoryWriter } from '../../domain/vulnerabilities/types.ts'
import type { Analyzer } from '../../ingest/analyzers/types.ts'
import type { ArchiveWalker } from '../../ingest/archive-walk.ts'
import { PermanentError } from '../../ingest/failure.ts'
import type { AptArchive } from '../debian/apt.ts'
import { untilAborted, untilStopped } from '../debian/debian-units.ts'
import type { ParsedIndexes, SharedIndexes } from '../debian/suite-indexes.ts'
import { PackageNotFound } from '../npm/registry.ts'
import type { UnitRunner } from '../source.ts'
import { ingestMavenArtifact } from './ingest-maven.ts'
import { ingestRepositoryArtifact } from './repository/ingest-repository.ts'
import type { MavenRepositoryClient } from './repository/repository-client.ts'

/** A package's Maven folders unpacking to more are refused when the unit names no bound. */
export const DEFAULT_MAX_UNPACKED = 512 * 1024 * 1024

export interface MavenUnitDeps {
  indexes: SharedIndexes<AptArchive, ParsedIndexes>
  writer: KbWriter
  advisories: AdvisoryWriter
  analyzers?: readonly Analyzer<unknown>[]
  now?: () => string
  /** Where a repository's jars are walked (default: this thread). */
  archives?: ArchiveWalker
  /** The client of the Maven repository the user configured, or undefined: none (Debian's packages are read). */
  repository?: () => MavenRepositoryClient | undefined
}

export function mavenRunner(deps: MavenUnitDeps): UnitRunner {
  const now = deps.now ?? (() => new Date().toISOString())
  return async ({ name, options, signal, maxUnpackedBytes }) => {
    if (options.versions !== 'all' || (options.analyze !== 'all' && options.analyze !== 'asked'))
      throw new PermanentError(`a maven unit reads every version, not ${options.versions}/${options.analyze}`)
    signal?.throwIfAborted()
    const { writer } = untilStopped(deps, signal)
    const analyzers = options.phase === 'known' ? undefined : deps.analyzers
    const client = deps.repository?.()
    if (client) {
      const work = ingestRepositoryArtifact({
        client,
        writer,
        name,
        asked: options.asked ?? [],
        ...(analyzers ? { analyzers } : {}),
        ...(deps.archives ? { archives: deps.archives } : {}),
        maxUnpackedBytes: maxUnpackedBytes ?? DEFAULT_MAX_UNPACKED,
        ...(signal ? { signal } : {}),
        now,
      })
      const r = await untilAborted(work, signal)
      return {
        changed: r.changed,
        dependencies: r.dependencies,
        facts: { versions: r.versions, read: r.read, analyzed: r.analyzed, sourcesJars: r.sourcesJars },
      }
    }
    const work = deps.indexes.read((archive, indexes) =>
      ingestMavenArtifact({
        archive: archive.until(signal),
        indexes,
        writer,
        name,
        ...(analyzers ? { analyzers } : {}),
        maxUnpackedBytes: maxUnpackedBytes ?? DEFAULT_MAX_UNPACKED,
        now,
      }),
    )
    const r = await untilAborted(work, signal)
    if (r.notFound) throw new PackageNotFound(name)
    return {
      changed: r.versions > 0,
      dependencies: r.dependencies,
      facts: { versions: r.versions, analyzed: r.analyzed, refused: r.refused.length },
    }
  }
}
