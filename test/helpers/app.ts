// Test helper: an app on an in-memory SQLite KB (or a given storage), with keys made for the test.
import { type Config, parseConfig } from '../../src/config.ts'
import type { Services } from '../../src/domain/services.ts'
import { buildApp } from '../../src/http/app.ts'
import type { App, AppDeps } from '../../src/http/types.ts'
import { startOnDemand } from '../../src/on-demand/start.ts'
import { createServices } from '../../src/services.ts'
import { openStorage, type Storage } from '../../src/storage/database.ts'
import { migrate } from '../../src/storage/migrate.ts'

const SILENT = { info: () => {}, warn: () => {}, error: () => {} }

export interface TestApp {
  app: App
  storage: Storage
  config: Config
  services: Services
  /** A key with every scope, and one scoped to `components` only. */
  keys: { full: string; components: string }
  close(): Promise<void>
}

export interface TestAppOptions {
  env?: Record<string, string>
  storage?: Storage
  redis?: AppDeps['redis']
  answerCache?: AppDeps['answerCache']
  logger?: AppDeps['logger']
  pingDatabase?: () => Promise<void>
  /** Learn on demand from the registry these pacote options name (the server's worker and port; ON_DEMAND* from `env`). */
  onDemandRegistry?: Record<string, unknown>
}

export async function makeTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const config = parseConfig({
    DATABASE_URL: 'sqlite::memory:',
    KEY_CACHE_TTL_MS: '0',
    // a busy test machine must not trip load shedding; the pressure test turns it on explicitly
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...opts.env,
  })
  const storage = opts.storage ?? openStorage(config.database)
  await migrate(storage)
  const services = createServices(storage, config)
  if (opts.pingDatabase) services.pingDatabase = opts.pingDatabase
  const onDemand = opts.onDemandRegistry ? startOnDemand(storage, config, SILENT, opts.onDemandRegistry) : undefined
  if (onDemand) services.onDemand = onDemand.service
  const full = (await services.keys.create({ name: 'test full', scopes: ['*'] })).key
  const components = (await services.keys.create({ name: 'test components', scopes: ['components'] })).key
  const app = await buildApp({
    config,
    services,
    version: '0.0.0-test',
    logger: opts.logger ?? false,
    ...(opts.redis ? { redis: opts.redis } : {}),
    ...(opts.answerCache ? { answerCache: opts.answerCache } : {}),
    ...(onDemand ? { growth: { onDemand: onDemand.service.counts } } : {}),
  })
  return {
    app,
    storage,
    config,
    services,
    keys: { full, components },
    close: async () => {
      await app.close()
      await onDemand?.stop()
      if (!opts.storage) await storage.close()
    },
  }
}
