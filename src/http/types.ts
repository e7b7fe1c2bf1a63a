// Fastify type augmentation and the app-wide dependency bag handed to plugins and routes.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify'
import type { Config } from '../config/config.ts'
import type { Area } from '../domain/keys/scopes.ts'
import type { Principal } from '../domain/keys/types.ts'
import type { Services } from '../domain/services.ts'
import type { PressureReport } from './schemas/pressure.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The API area whose scope a key needs; routes without one must be `public`. */
    area?: Area
    /** Served without a key and without rate limits (health, readiness, metrics, docs). */
    public?: boolean
    /** A single-component GET (`?purl=`) whose answers the answer cache may keep (plugins/answer-cache.ts). */
    cacheable?: boolean
  }
  interface FastifyRequest {
    principal?: Principal
  }
  interface FastifyInstance {
    routeTable: RouteEntry[]
    /** Whether load is shed now (plugins/pressure.ts). */
    isUnderPressure(): boolean
    /** The readings /health reports: pressure, open connections, request-body bytes in flight. */
    pressure(): PressureReport
  }
}

export interface RouteEntry {
  method: string
  url: string
  pattern: RegExp
  readonly public: boolean
  readonly area: Area | undefined
}

export interface AppDeps {
  config: Config
  services: Services
  /** Redis client for shared rate-limit counters, when REDIS_URL is set. */
  redis?: import('ioredis').Redis
  /** Hot single-component answers (src/cache/), when the answer cache is on. */
  answerCache?: import('../cache/answer-cache.ts').AnswerCache
  version: string
  /** Counts of on-demand work and update runs, for /metrics (http/plugins/growth-metrics.ts). */
  growth?: import('./plugins/growth-metrics.ts').GrowthCounts
  /** A pino logger (app/main.ts builds it with key headers redacted); tests pass false or nothing. */
  logger?: FastifyBaseLogger | boolean
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>
