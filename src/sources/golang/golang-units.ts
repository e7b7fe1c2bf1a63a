// Go units of the ingestion queue (docs/golang.md "On demand"): each learns one module from the module proxy a user
// configured (proxy/ingest-proxy.ts: its versions and times, go.mod files, the asked versions' zips), else — no proxy,
// a module the configuration keeps from proxies (GOPRIVATE, GONOPROXY, off: ModuleNotProxied), or one the proxies
// do not have (404, 410: PackageNotFound) — from Debian's golang-*-dev packages (ingest-module.ts), over the suites'
// indexes the process keeps (the Debian source's: suite-indexes.ts, one fetch for all). A unit of the phase `known` reads the versions' facts; one of the phase `analysis` (or a bulk unit)
// walks their files through the analyzers too. Aborted, a unit fails at once and writes nothing more.
import type { KbWriter } from '../../domain/kb/types.ts'
import type { AdvisoryWriter } from '../../domain/vulnerabilities/types.ts'
import type { Analyzer } from '../../ingest/analyzers/types.ts'
import type { ArchiveWalker } from '../../ingest/archive-walk.ts'
import { PermanentError } from '../../ingest/failure.ts'
import { DEFAULT_MAX_UNPACKED, repackagedUnit } from '../cargo/cargo-units.ts'
import type { AptArchive } from '../debian/apt.ts'
import type { Walker } from '../debian/deb-file.ts'
import { untilAborted, untilStopped } from '../debian/debian-units.ts'
import type { ParsedIndexes, SharedIndexes } from '../debian/suite-indexes.ts'
import { PackageNotFound } from '../npm/registry.ts'
import type { UnitRunner } from '../source.ts'
import { ingestModule } from './ingest-module.ts'
import { ingestProxyModule } from './proxy/ingest-proxy.ts'
import type { GoProxyClient } from './proxy/proxy-client.ts'
import { ModuleNotProxied } from './proxy/try-proxies.ts'

export interface GolangUnitDeps {
  indexes: SharedIndexes<AptArchive, ParsedIndexes>
  writer: KbWriter
  advisories: AdvisoryWriter
  analyzers?: readonly Analyzer<unknown>[]
  walker?: Walker
  /** Where a module zip is walked (default: this thread). */
  archives?: ArchiveWalker
  now?: () => string
  /** The client of the module proxy the user configured, or undefined: none (Debian's packages are read). */
  proxy?: () => GoProxyClient | undefined
}

export function golangRunner(deps: GolangUnitDeps): UnitRunner {
  const now = deps.now ?? (() => new Date().toISOString())
  return async ({ name, options, signal, maxUnpackedBytes }) => {
    if (options.versions !== 'all' || (options.analyze !== 'all' && options.analyze !== 'asked'))
      throw new PermanentError(`a golang unit reads every version, not ${options.versions}/${options.analyze}`)
    signal?.throwIfAborted()
    const { writer, walker } = untilStopped(deps, signal)
    const analyzers = options.phase === 'known' ? undefined : deps.analyzers
    const client = deps.proxy?.()
    if (client) {
      const work = ingestProxyModule({
        client,
        writer,
        name,
        asked: options.asked ?? [],
        ...(analyzers ? { analyzers } : {}),
        ...(deps.archives ? { archives: deps.archives } : {}),
        ...(signal ? { signal } : {}),
        now,
      })
      const r = await untilAborted(work, signal).catch((err: unknown) => {
        // kept from proxies, or one the proxies do not have (404, 410): Debian's, as without a proxy
        if (err instanceof ModuleNotProxied || err instanceof PackageNotFound) return undefined
        throw err
      })
      if (r)
        return {
          changed: r.changed,
          dependencies: r.dependencies,
          facts: { versions: r.versions, read: r.read, analyzed: r.analyzed },
        }
    }
    return repackagedUnit(deps.indexes, name, signal, (archive, indexes) =>
      ingestModule({
        archive,
        indexes,
        writer,
        name,
        asked: options.asked ?? [],
        ...(analyzers ? { analyzers } : {}),
        walker,
        maxUnpackedBytes: maxUnpackedBytes ?? DEFAULT_MAX_UNPACKED,
        now,
      }),
    )
  }
}
