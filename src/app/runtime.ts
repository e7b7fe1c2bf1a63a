// The one way to build what a process runs on: storage, the domain services (with the on-demand port when it is on),
// the on-demand worker and the update schedule, built in that order and never changed afterwards; close() stops them
// in the reverse order. The server (app/main.ts), the CLI commands, the benches and the tests all build it here, each
// saying what it starts; tests and benches override the storage, the registry, the log or single services.
import type { Config } from '../config/config.ts'
import type { Services } from '../domain/services.ts'
import { type OnDemandRuntime, startOnDemand } from '../jobs/on-demand-worker.ts'
import { ArtifactThreads, FILE_THREADS } from '../jobs/thread/pool.ts'
import type { WorkerLog } from '../jobs/worker.ts'
import { type OpenOptions, openStorage, type Storage } from '../storage/database.ts'
import { migrate } from '../storage/migrate.ts'
import { startUpdateSchedule, type UpdateSchedule } from '../update/schedule.ts'
import { createServices } from './services.ts'

/** A log, and the log of one part (`component`: on-demand, update) when it can make one (pino's child). */
interface RuntimeLog extends WorkerLog {
  child?(bindings: { component: string }): WorkerLog
}

export interface RuntimeOverrides {
  /** An open storage (tests' backends): used as it is and left open by close(). Else config.database is opened. */
  storage?: Storage
  /** How config.database is opened (pool size, idle connection errors). */
  open?: OpenOptions
  /** Readies the KB before anything runs on it (default: pending migrations; the server also loads the seed). */
  prepare?: (storage: Storage) => Promise<unknown>
  /** Start the on-demand port and this process's worker, as config.growth says (the server). */
  onDemand?: boolean
  /** Start the update schedule (the server on SQLite, `compintel worker` on PostgreSQL). */
  schedule?: boolean
  /** pacote options over the npm configuration's (tests: a fixture registry on 127.0.0.1). */
  registry?: Record<string, unknown>
  log?: RuntimeLog
  /** Services replaced as built (tests: a database ping that fails). */
  services?: Partial<Services>
}

export interface Runtime {
  storage: Storage
  services: Services
  onDemand: OnDemandRuntime | undefined
  schedule: UpdateSchedule | undefined
  /**
   * Stops GET /file_contents's reads and the on-demand worker, ends the artifact threads, stops the schedule, then
   * closes the storage it opened.
   */
  close(): Promise<void>
}

const SILENT: RuntimeLog = { info: () => {}, warn: () => {}, error: () => {} }

export async function createRuntime(config: Config, overrides: RuntimeOverrides = {}): Promise<Runtime> {
  const log = overrides.log ?? SILENT
  const logOf = (component: string) => log.child?.({ component }) ?? log
  const storage = overrides.storage ?? openStorage(config.database, overrides.open)
  try {
    await (overrides.prepare ?? migrate)(storage)
  } catch (err) {
    if (!overrides.storage) await storage.close()
    throw err
  }
  const registry = overrides.registry ?? {}
  // the one pool of artifact threads: the on-demand units' walks and GET /file_contents's reads (started on demand)
  const size = config.growth.onDemandConcurrency + FILE_THREADS
  const threads = new ArtifactThreads({ npm: registry, limits: config.growth.npm, size })
  const onDemand = overrides.onDemand
    ? startOnDemand(storage, config, logOf('on-demand'), registry, threads)
    : undefined
  const services = createServices(
    storage,
    config,
    { ...(onDemand ? { onDemand: onDemand.service } : {}), ...overrides.services },
    threads,
  )
  const schedule = overrides.schedule
    ? startUpdateSchedule(storage, config.growth, registry, logOf('update'))
    : undefined
  let closing: Promise<void> | undefined
  const close = () => {
    closing ??= (async () => {
      await services.fileContents?.close()
      await onDemand?.stop()
      await threads.close()
      await schedule?.stop()
      if (!overrides.storage) await storage.close()
    })()
    return closing
  }
  return { storage, services, onDemand, schedule, close }
}
