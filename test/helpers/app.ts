// Test helper: an app on an in-memory SQLite KB (or a given storage), with keys made for the test.

import { createRuntime } from '../../src/app/runtime.ts'
import { type Config, parseConfig } from '../../src/config/config.ts'
import type { Services } from '../../src/domain/services.ts'
import { buildApp } from '../../src/http/app.ts'
import type { App, AppDeps } from '../../src/http/types.ts'
import type { Storage } from '../../src/storage/database.ts'

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
  const runtime = await createRuntime(config, {
    ...(opts.storage ? { storage: opts.storage } : {}),
    ...(opts.onDemandRegistry ? { onDemand: true, registry: opts.onDemandRegistry } : {}),
    ...(opts.pingDatabase ? { services: { pingDatabase: opts.pingDatabase } } : {}),
  })
  const { storage, services, onDemand } = runtime
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
      await runtime.close()
    },
  }
}
