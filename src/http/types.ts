// Fastify type augmentation and the app-wide dependency bag handed to plugins and routes.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify'
import type { Config } from '../config.ts'
import type { CatalogReader } from '../domain/catalog/types.ts'
import type { AnalysisReader, ComponentSearcher } from '../domain/components/types.ts'
import type { DependencyReader } from '../domain/dependencies/types.ts'
import type { FolderIndex } from '../domain/folder-hash/types.ts'
import type { GeoReader } from '../domain/geoprovenance/types.ts'
import type { KeyService } from '../domain/keys/key-service.ts'
import type { Area } from '../domain/keys/scopes.ts'
import type { Principal } from '../domain/keys/types.ts'
import type { LicenseReader } from '../domain/licenses/types.ts'
import type { KbMetaStore } from '../domain/meta/types.ts'
import type { OnDemandPort } from '../domain/on-demand/types.ts'
import type { RulesetReleases } from '../domain/rulesets/types.ts'
import type { AdvisoryReader } from '../domain/vulnerabilities/types.ts'

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
  }
}

export interface RouteEntry {
  method: string
  url: string
  pattern: RegExp
  readonly public: boolean
  readonly area: Area | undefined
}

export interface Services {
  keys: KeyService
  kbMeta: KbMetaStore
  /** Components and their versions, for resolving purl + requirement. */
  catalog: CatalogReader
  /** Index-backed component search. */
  search: ComponentSearcher
  /** Analyzer outputs of versions (code statistics). */
  analyses: AnalysisReader
  /** Advisories, EPSS scores and CPE products. */
  advisories: AdvisoryReader
  /** Declared and detected licenses of versions. */
  licenses: LicenseReader
  /** Declared dependencies of versions. */
  dependencies: DependencyReader
  /** The folder-hash index. */
  folders: FolderIndex
  /** Geoprovenance: commit-timing and declared-location data of repositories. */
  geo: GeoReader
  /** The released rulesets (data/rulesets), served by the download routes. */
  rulesets: RulesetReleases
  /** Resolves when the KB answers; rejects when it is unreachable. */
  pingDatabase(): Promise<void>
  /** Fetches what requests name and the KB lacks (on-demand/service.ts); absent when ON_DEMAND=off. */
  onDemand?: OnDemandPort
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
  /** A pino logger (main.ts builds it with key headers redacted); tests pass false or nothing. */
  logger?: FastifyBaseLogger | boolean
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>
