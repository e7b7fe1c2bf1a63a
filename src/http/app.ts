// buildApp(): the Fastify application with every plugin and route; it never listens (app/main.ts does).
import { randomUUID } from 'node:crypto'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyRequest } from 'fastify'
import { registerAnswerCache } from './plugins/answer-cache.ts'
import { registerAuth } from './plugins/auth-hooks.ts'
import { registerBodyBudget } from './plugins/body-budget.ts'
import { registerConnectionGuard } from './plugins/connection-guard.ts'
import {
  clientErrorHandler,
  DATABASE_RETRY_AFTER_SECONDS,
  frameworkErrorHandler,
  registerErrorHandling,
} from './plugins/error-handler.ts'
import { registerEtag } from './plugins/etag.ts'
import { registerFairTurns } from './plugins/fair-turns.ts'
import { registerGrowthMetrics } from './plugins/growth-metrics.ts'
import { registerJsonBody } from './plugins/json-body.ts'
import { registerMetrics } from './plugins/metrics.ts'
import { registerOpenapi } from './plugins/openapi.ts'
import { PRESSURE_RETRY_AFTER_SECONDS, registerPressure } from './plugins/pressure.ts'
import { registerRouteTable } from './plugins/route-table.ts'
import { registerValidation } from './plugins/validation.ts'
import { registerRoutes } from './routes/index.ts'
import { ErrorBodySchema, StatusSchema } from './schemas/common.ts'
import type { App, AppDeps } from './types.ts'

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps
  const { limits } = config
  const app = Fastify({
    ...(typeof deps.logger === 'object' ? { loggerInstance: deps.logger } : { logger: deps.logger ?? false }),
    bodyLimit: config.bodyLimit,
    // Against clients that hold connections (docs/security.md "Hostile clients"): Node answers 408 in the error
    // shape (clientErrorHandler) and closes a connection whose headers or request are late; idle ones are closed.
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // how often those two are checked (Node's default, 30 s, would let a connection outlive them by that much)
      connectionsCheckingInterval: Math.min(1000, Math.ceil(limits.headersTimeoutMs / 2)),
    },
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.socketIdleTimeoutMs,
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const given = req.headers['x-request-id']
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID()
    },
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    // A request that reaches a connection already accepted while the server drains (SIGTERM) is served, with
    // `Connection: close`, rather than refused in Fastify's own 503 shape: nothing accepted is failed.
    return503OnClosing: false,
  }).withTypeProvider<TypeBoxTypeProvider>()

  app.addSchema(StatusSchema)
  app.addSchema(ErrorBodySchema)
  registerValidation(app, [StatusSchema, ErrorBodySchema])
  registerRouteTable(app)
  registerErrorHandling(app)
  registerJsonBody(app)
  registerFairTurns(app)
  app.addHook('onSend', (req: FastifyRequest, reply, payload, done) => {
    reply.header('x-request-id', req.id)
    done(null, payload)
  })
  const metrics = registerMetrics(app)
  if (deps.growth) registerGrowthMetrics(metrics, deps.growth)
  // before the ETag hook, which may turn a 200 into a body-less 304
  if (deps.answerCache) registerAnswerCache(app, deps.answerCache, metrics)
  registerEtag(app)
  const connections = registerConnectionGuard(app, limits, PRESSURE_RETRY_AFTER_SECONDS)
  const bodies = registerBodyBudget(app, limits.bodiesInFlightBytes, PRESSURE_RETRY_AFTER_SECONDS)
  registerPressure(app, deps, { connections, bodies })
  registerAuth(app, deps)
  await registerOpenapi(app, deps.version)
  registerRoutes(app, deps, { metrics, retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS })
  await app.ready()
  return app
}
