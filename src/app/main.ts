// Composition root: config → storage → services → http app → listen, and graceful shutdown on SIGTERM/SIGINT.
import { Redis } from 'ioredis'
import pino from 'pino'
import { createAnswerCache } from '../cache/answer-cache.ts'
import { RedisStore } from '../cache/redis-store.ts'
import type { Config } from '../config/config.ts'
import type { Services } from '../domain/services.ts'
import { buildApp } from '../http/app.ts'
import type { App } from '../http/types.ts'
import type { Storage } from '../storage/database.ts'
import { SqlChangeFeed } from '../storage/kb-changes.ts'
import { SCHEMA_VERSION } from '../storage/migrations/index.ts'
import { prepareShippedKb } from './prepare.ts'
import { createRuntime } from './runtime.ts'
import { SERVER_VERSION } from './version.ts'

export interface Running {
  app: App
  url: string
  /**
   * Stops accepting and taking units; aborts the units in flight (given back to the queue); lets in-flight requests
   * finish (bounded by SHUTDOWN_TIMEOUT_MS); closes the KB.
   */
  shutdown(reason: string): Promise<void>
}

/** The server's logger: key headers redacted should a serializer ever log headers (the security tests use it too). */
export function createLogger(level: string, destination?: pino.DestinationStream): pino.Logger {
  const options = {
    level,
    redact: {
      paths: ['req.headers["x-api-key"]', 'req.headers["x-session"]', 'req.headers.authorization'],
      censor: '[redacted]',
    },
  }
  return destination ? pino(options, destination) : pino(options)
}

export async function serve(config: Config, out: (line: string) => void = console.log): Promise<Running> {
  const logger = createLogger(config.logLevel)
  const runtime = await createRuntime(config, {
    open: { onPoolError: (err) => logger.warn({ err: err.message }, 'idle database connection failed') },
    prepare: (storage) => prepareShippedKb(storage, config.seedDir, out),
    onDemand: true,
    // on PostgreSQL the schedule is `compintel worker`'s (docs/kb-growth.md)
    schedule: config.database.kind === 'sqlite',
    log: logger,
  })
  const { storage, services, onDemand, schedule: updates } = runtime
  await announceKeys(config, services, out)

  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 })
    : undefined
  redis?.on('error', (err) =>
    logger.warn(
      { err: err.message },
      'redis unavailable; rate limits are counted per process and answers cached in-process until it returns',
    ),
  )

  const kbId = (await services.kbMeta.get())?.instanceId ?? ''
  const answerCache = startAnswerCache(config, storage, redis, kbId, logger)
  const app = await buildApp({
    config,
    services,
    version: SERVER_VERSION,
    logger,
    ...(redis ? { redis } : {}),
    ...(answerCache ? { answerCache } : {}),
    growth: {
      ...(onDemand ? { onDemand: onDemand.service.counts } : {}),
      ...(updates ? { update: updates.counts } : {}),
    },
  })
  const address = await app.listen({ host: config.host, port: config.port })
  let closing: Promise<void> | undefined
  const shutdown = (reason: string): Promise<void> => {
    closing ??= (async () => {
      logger.info({ reason }, 'shutting down: no new connections, finishing in-flight requests')
      const force = setTimeout(() => {
        logger.warn('shutdown timeout reached; closing remaining connections')
        app.server.closeAllConnections()
      }, config.shutdownTimeoutMs)
      // the units in flight are aborted and given back now, while the requests in flight finish
      const stopped = Promise.all([onDemand?.stop(), updates?.stop()])
      // a keep-alive connection whose request finishes while closing is closed then, not after KEEP_ALIVE_TIMEOUT
      const idle = setInterval(() => app.server.closeIdleConnections(), 100)
      try {
        await app.close()
      } finally {
        clearTimeout(force)
        clearInterval(idle)
        await stopped
        answerCache?.tracker.stop()
        redis?.disconnect()
        await runtime.close()
      }
    })()
    return closing
  }
  return { app, url: address, shutdown }
}

/** The answer cache, in-process and on Redis when configured, following the KB change log; none if turned off. */
function startAnswerCache(
  config: Config,
  storage: Storage,
  redis: Redis | undefined,
  kbId: string,
  logger: pino.Logger,
) {
  if (config.answerCache.maxEntries === 0) return undefined
  const onError = (err: Error) => logger.warn({ err: err.message }, 'answer cache: change log or redis unavailable')
  const cache = createAnswerCache(new SqlChangeFeed(storage), {
    ...config.answerCache,
    // Redis keys name the server version, the schema and this KB: another database in its place never shares them
    namespace: `${SERVER_VERSION}:${SCHEMA_VERSION}:${kbId}`,
    ...(redis ? { shared: new RedisStore(redis) } : {}),
    onError,
  })
  cache.tracker.start()
  return cache
}

/** On the first start of an empty embedded KB, make one full-scope key and show it once. */
async function announceKeys(config: Config, services: Services, out: (line: string) => void) {
  if (config.authMode === 'none') {
    out('WARNING: AUTH=none — every request is served without an API key. Use this only on a trusted machine.')
    return
  }
  if (config.database.kind !== 'sqlite' || !(await services.keys.isEmpty())) return
  const { key } = await services.keys.create({ name: 'first key (created at first start)', scopes: ['*'] })
  out(
    [
      '',
      'A first API key with access to every area was created. It is shown this once; only its hash is stored:',
      '',
      `    ${key}`,
      '',
      `Try it:  curl -s -X POST http://${config.host}:${config.port}/v2/components/echo -H 'x-api-key: ${key}' -H 'content-type: application/json' -d '{"message":"hello"}'`,
      'More keys: npx compintel keys create --name <who> --scope <area|*>   (list: keys list, revoke: keys revoke <id>)',
      '',
    ].join('\n'),
  )
}
