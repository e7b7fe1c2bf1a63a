// The server's on-demand runtime: the port the routes use and, unless ON_DEMAND_CONCURRENCY=0, an ingestion worker in
// this process that takes on-demand units only (bulk ingestion stays with `compintel worker`). Each unit runs here,
// its packuments mapped and its tarballs and archives walked in the artifact threads (src/jobs/thread/pool.ts), off
// the API's event loop; a Debian unit runs apt and dpkg-deb as child processes. On SQLite it is the only worker there is; on
// PostgreSQL every node's worker and every `compintel worker` share the queue.
import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import type { Config } from '../config/config.ts'
import { ON_DEMAND_PRIORITY } from '../domain/kb/ingest-queue.ts'
import { DEFAULT_ANALYZERS } from '../ingest/analyzers/index.ts'
import { OnDemandService } from '../on-demand/service.ts'
import { ingestInThisThread } from '../sources/npm/ingest-package.ts'
import { npmRunner } from '../sources/npm/npm-units.ts'
import type { Storage } from '../storage/database.ts'
import { SqlIngestQueue } from '../storage/ingest-queue.ts'
import { SqlKbWriter } from '../storage/kb-writer.ts'
import { SqlOnDemandQueue } from '../storage/on-demand-queue.ts'
import type { ArtifactThreads } from './thread/pool.ts'
import { unitRunners } from './unit-runner.ts'
import { IngestWorker, type WorkerLog } from './worker.ts'

export interface OnDemandRuntime {
  service: OnDemandService
  /** Stops the worker: the units in hand are finished (up to SHUTDOWN_TIMEOUT_MS) or given back. */
  stop(): Promise<void>
}

/** An idle worker looks for units other nodes queued this often; units queued in this process wake it at once. */
const IDLE_POLL_MS = 1000
/**
 * A waiting request looks at units this process's worker does not hold this often: on PostgreSQL another node's worker
 * may settle them; on SQLite this process's worker is the only one, and its reports wake the request.
 */
const ELSEWHERE_POLL_MS = { postgres: 500, sqlite: Number.POSITIVE_INFINITY }

export function onDemandLimits(config: Pick<Config, 'growth'>) {
  return { timeoutMs: config.growth.onDemandTimeoutMs, maxUnpackedBytes: config.growth.onDemandMaxUnpackedBytes }
}

export function startOnDemand(
  storage: Storage,
  config: Pick<Config, 'growth' | 'workerLeaseSeconds' | 'shutdownTimeoutMs'>,
  log: WorkerLog,
  /** pacote options over the npm configuration's (tests: a fixture registry on 127.0.0.1). */
  registryOverrides: Record<string, unknown>,
  /** Where the units' artifacts are read (the process's one pool, app/runtime.ts). */
  threads: ArtifactThreads,
): OnDemandRuntime | undefined {
  const g = config.growth
  if (g.onDemand === 'off') return undefined
  const settings = {
    mode: g.onDemand,
    waitMs: g.onDemandWaitMs,
    negativeTtlSeconds: g.onDemandNegativeTtlSeconds,
    perKeyPerMinute: g.onDemandPerKeyPerMinute,
  }
  const units = new SqlOnDemandQueue(storage.db, storage.dialect)
  if (g.onDemandConcurrency === 0) return { service: new OnDemandService(units, settings), stop: async () => {} }
  const owner = `on-demand:${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`
  const queue = new SqlIngestQueue(storage.db, storage.dialect, {
    owner,
    leaseSeconds: config.workerLeaseSeconds,
    onDemandKeepSeconds: g.onDemandNegativeTtlSeconds,
  })
  const npm = npmRunner(ingestInThisThread(threads.npm, new SqlKbWriter(storage), DEFAULT_ANALYZERS))
  const worker = new IngestWorker(
    {
      queue,
      runners: unitRunners(storage, g, {
        walker: threads.walker,
        archives: threads.archives,
        registry: registryOverrides,
        replaced: { npm },
      }),
      // popularity is recomputed by `compintel update` and bulk workers, not after every on-demand package
      refresh: async () => {},
      log,
      onUnit: (id, event, error) => service.onUnit(id, event, error),
    },
    {
      concurrency: g.onDemandConcurrency,
      leaseSeconds: config.workerLeaseSeconds,
      pollMs: IDLE_POLL_MS,
      untilEmpty: false,
      refreshEveryMs: Number.MAX_SAFE_INTEGER,
      shutdownTimeoutMs: config.shutdownTimeoutMs,
      minPriority: ON_DEMAND_PRIORITY,
      onDemandLimits: onDemandLimits(config),
    },
  )
  const service = new OnDemandService(units, { ...settings, pollMs: ELSEWHERE_POLL_MS[storage.dialect] }, () =>
    worker.poke(),
  )
  const running = worker.run()
  return {
    service,
    stop: async () => {
      service.stop()
      worker.stop()
      await running
    },
  }
}
