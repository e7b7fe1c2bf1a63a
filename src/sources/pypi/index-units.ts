// PyPI units learned from a configured index (docs/pypi.md "From a configured index"): the index is pip's
// (registry/pip-config.ts: pip's configuration files and environment, under compintel's PYPI_INDEX_URL), read once
// per runner; with none configured the units read Debian's packages (pypi-units.ts). A unit of the phase `known`
// reads the metadata; one of the phase `analysis` (or a bulk unit, which names no phase) walks the asked versions'
// distributions too, and keeps every version's metadata (the documents revalidated through the client's cache).
import type { GrowthConfig } from '../../config/growth.ts'
import type { KbWriter } from '../../domain/kb/types.ts'
import type { Analyzer } from '../../ingest/analyzers/types.ts'
import type { ArchiveWalker } from '../../ingest/archive-walk.ts'
import { PermanentError } from '../../ingest/failure.ts'
import { readConfigFile } from '../../ingest/outbound/config-files.ts'
import { networkFromEnv } from '../../ingest/outbound/guarded-get.ts'
import type { UnitRunner } from '../source.ts'
import { ingestFromIndex } from './ingest-index.ts'
import { type PypiIndexConfig, pypiIndexFromEnv } from './registry/pip-config.ts'
import { PypiRegistryClient } from './registry/pypi-client.ts'

/** The index pip would use under compintel's setting, or undefined: none configured (Debian is read). */
function configuredPypiIndex(growth: Pick<GrowthConfig, 'registries'>): PypiIndexConfig | undefined {
  return pypiIndexFromEnv(process.env, readConfigFile, growth.registries.pypi.indexUrl)
}

/** A client of the configured index, or undefined when none is. */
export function configuredPypiClient(growth: Pick<GrowthConfig, 'registries'>): PypiRegistryClient | undefined {
  const index = configuredPypiIndex(growth)
  return index && new PypiRegistryClient(index, growth.registries.pypi, networkFromEnv(process.env))
}

export interface IndexUnitDeps {
  client: PypiRegistryClient
  writer: KbWriter
  analyzers: readonly Analyzer<unknown>[]
  /** Where the distributions are walked (default: this thread). */
  archives?: ArchiveWalker
  now?: () => string
}

export function pypiIndexRunner(deps: IndexUnitDeps): UnitRunner {
  const now = deps.now ?? (() => new Date().toISOString())
  return async ({ name, options, signal, maxUnpackedBytes }) => {
    if (options.versions !== 'all')
      throw new PermanentError(`a PyPI unit reads every version the index lists, not ${options.versions}`)
    signal?.throwIfAborted()
    const analyze = options.phase !== 'known' && options.analyze !== 'none'
    const r = await ingestFromIndex({
      client: deps.client,
      writer: deps.writer,
      name,
      asked: options.asked ?? [],
      ...(analyze ? { analyzers: deps.analyzers } : {}),
      ...(deps.archives ? { archives: deps.archives } : {}),
      ...(maxUnpackedBytes ? { maxUnpackedBytes } : {}),
      now,
      ...(signal ? { signal } : {}),
    })
    return {
      changed: r.changed,
      dependencies: r.dependencies,
      facts: { versions: r.versions, asked: r.asked, analyzed: r.analyzed, skipped: r.skipped },
    }
  }
}
