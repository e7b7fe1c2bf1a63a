// One validated configuration object from environment variables and an optional JSON config file.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { AREAS, isScope } from '../domain/keys/scopes.ts'
import { FILE_CONTENTS_SETTINGS, type FileContentsConfig, parseFileContentsConfig } from './file-contents.ts'
import { GROWTH_SETTINGS, type GrowthConfig, parseGrowthConfig } from './growth.ts'
import { LIMIT_SETTINGS, type LimitsConfig, parseLimitsConfig } from './limits.ts'
import { type Source, settingReaders } from './readers.ts'
import { SEED_DIR } from './seed-dir.ts'

type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
export type DatabaseConfig =
  | { kind: 'sqlite'; path: string }
  /** `readUrl`: a read replica that answers the API's reads; writes, migrations and keys use `url`. */
  | { kind: 'postgres'; url: string; readUrl?: string }
type SeedKey = { key: string; scopes: string[] }

export interface Config {
  host: string
  port: number
  database: DatabaseConfig
  redisUrl: string | undefined
  rateLimitPerMinute: number
  rateLimitPerMinutePerIp: number
  maxBatchSize: number
  bodyLimit: number
  /** Geoprovenance: above this many contributors a repository is answered TOO_MANY_CONTRIBUTORS. */
  geoMaxContributors: number
  logLevel: LogLevel
  authMode: 'keys' | 'none'
  seedKeys: SeedKey[]
  keyCacheTtlMs: number
  shutdownTimeoutMs: number
  maxEventLoopDelayMs: number
  maxHeapUsedBytes: number
  healthCheckIntervalMs: number
  trustProxy: boolean
  /** The seed loaded into an empty KB at start; undefined = none. */
  seedDir: string | undefined
  /** The answer cache (src/cache/): 0 entries turns it off. */
  answerCache: { maxEntries: number; maxBytes: number; ttlMs: number; pollMs: number }
  /** Bytes of resolved components kept between requests (cache/catalog-cache.ts); 0: none. */
  catalogCacheMaxBytes: number
  /** `compintel worker`: units ingested at once per process. */
  workerConcurrency: number
  /** `compintel worker`: a unit's lease, renewed every third of it; a dead worker's units return after it. */
  workerLeaseSeconds: number
  /** What the KB learns by itself: on-demand fetches and the freshness schedule (config/growth.ts). */
  growth: GrowthConfig
  /** Timeouts, connection caps and the body budget against hostile clients (config/limits.ts). */
  limits: LimitsConfig
  /** GET /file_contents/{md5}: the largest file, the fetch's time bound, the cache (config/file-contents.ts). */
  fileContents: FileContentsConfig
}

/** Every bad value, each named with what was expected. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  }
}

export const DEFAULT_SQLITE_PATH = path.join('data', 'compintel.sqlite')
const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

/** The documented settings; docs/configuration.md's table mirrors this list. */
export const SETTINGS = [
  'HOST',
  'PORT',
  'DATABASE_URL',
  'DATABASE_READ_URL',
  'REDIS_URL',
  'RATE_LIMIT_PER_MINUTE',
  'RATE_LIMIT_PER_MINUTE_PER_IP',
  'MAX_BATCH_SIZE',
  'BODY_LIMIT',
  'GEO_MAX_CONTRIBUTORS',
  'LOG_LEVEL',
  'AUTH',
  'COMPINTEL_API_KEYS',
  'KEY_CACHE_TTL_MS',
  'SHUTDOWN_TIMEOUT_MS',
  'MAX_EVENT_LOOP_DELAY_MS',
  'MAX_HEAP_USED_BYTES',
  'HEALTH_CHECK_INTERVAL_MS',
  'TRUST_PROXY',
  'SEED_DIR',
  'ANSWER_CACHE_ENTRIES',
  'ANSWER_CACHE_MAX_MB',
  'ANSWER_CACHE_TTL_SECONDS',
  'KB_CHANGE_POLL_MS',
  'CATALOG_CACHE_MAX_MB',
  'WORKER_CONCURRENCY',
  'WORKER_LEASE_SECONDS',
  ...GROWTH_SETTINGS,
  ...LIMIT_SETTINGS,
  ...FILE_CONTENTS_SETTINGS,
] as const

/** Reads COMPINTEL_CONFIG (a JSON file of the same names) under the environment, which wins. */
export function loadConfig(env: Source = process.env): Config {
  const file = env.COMPINTEL_CONFIG
  let fromFile: Source = {}
  if (file) {
    try {
      const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'))
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not a JSON object')
      fromFile = Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, v == null ? undefined : String(v)]))
    } catch (err) {
      throw new ConfigError([`COMPINTEL_CONFIG: cannot read ${file} as a JSON object (${(err as Error).message})`])
    }
    const unknown = Object.keys(fromFile).filter((k) => !(SETTINGS as readonly string[]).includes(k))
    if (unknown.length > 0) throw new ConfigError([`COMPINTEL_CONFIG: unknown setting(s) ${unknown.join(', ')}`])
  }
  return parseConfig({ ...fromFile, ...pick(env) })
}

function pick(env: Source): Source {
  const out: Source = {}
  for (const k of SETTINGS) if (env[k] !== undefined && env[k] !== '') out[k] = env[k]
  return out
}

export function parseConfig(src: Source): Config {
  const problems: string[] = []
  const readers = settingReaders(src, problems)
  const { int, bool } = readers

  const host = src.HOST ?? '127.0.0.1'
  if (!/^[A-Za-z0-9.:_-]+$/.test(host)) problems.push(`HOST: expected a host name or IP address, got "${host}"`)
  const logLevel = (src.LOG_LEVEL ?? 'info').toLowerCase() as LogLevel
  if (!LOG_LEVELS.includes(logLevel))
    problems.push(`LOG_LEVEL: expected one of ${LOG_LEVELS.join(', ')}, got "${src.LOG_LEVEL}"`)
  const auth = (src.AUTH ?? 'keys').toLowerCase()
  if (auth !== 'keys' && auth !== 'none') problems.push(`AUTH: expected "keys" (default) or "none", got "${src.AUTH}"`)

  const config: Config = {
    host,
    port: int('PORT', 8080, 0, 65535),
    database: withReadUrl(parseDatabaseUrl(src.DATABASE_URL, problems), src.DATABASE_READ_URL, problems),
    redisUrl: parseRedisUrl(src.REDIS_URL, problems),
    rateLimitPerMinute: int('RATE_LIMIT_PER_MINUTE', 600, 1),
    rateLimitPerMinutePerIp: int('RATE_LIMIT_PER_MINUTE_PER_IP', 1200, 1),
    maxBatchSize: int('MAX_BATCH_SIZE', 1000, 1, 100_000),
    bodyLimit: int('BODY_LIMIT', 8 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    geoMaxContributors: int('GEO_MAX_CONTRIBUTORS', 5000, 1),
    logLevel,
    authMode: auth === 'none' ? 'none' : 'keys',
    seedKeys: parseSeedKeys(src.COMPINTEL_API_KEYS, problems),
    keyCacheTtlMs: int('KEY_CACHE_TTL_MS', 10_000, 0),
    shutdownTimeoutMs: int('SHUTDOWN_TIMEOUT_MS', 10_000, 0),
    maxEventLoopDelayMs: int('MAX_EVENT_LOOP_DELAY_MS', 1000, 0),
    maxHeapUsedBytes: int('MAX_HEAP_USED_BYTES', 0, 0),
    healthCheckIntervalMs: int('HEALTH_CHECK_INTERVAL_MS', 2000, 100),
    trustProxy: bool('TRUST_PROXY', false),
    seedDir: src.SEED_DIR === 'none' ? undefined : (src.SEED_DIR ?? SEED_DIR),
    answerCache: {
      maxEntries: int('ANSWER_CACHE_ENTRIES', 10_000, 0, 10_000_000),
      maxBytes: int('ANSWER_CACHE_MAX_MB', 64, 1, 65_536) * 1024 * 1024,
      ttlMs: int('ANSWER_CACHE_TTL_SECONDS', 300, 1, 86_400) * 1000,
      pollMs: int('KB_CHANGE_POLL_MS', 1000, 50, 60_000),
    },
    catalogCacheMaxBytes: int('CATALOG_CACHE_MAX_MB', 64, 0, 65_536) * 1024 * 1024,
    workerConcurrency: int('WORKER_CONCURRENCY', 4, 1, 64),
    workerLeaseSeconds: int('WORKER_LEASE_SECONDS', 60, 2, 3600),
    growth: parseGrowthConfig(readers),
    limits: parseLimitsConfig(readers),
    fileContents: parseFileContentsConfig(readers),
  }
  if (problems.length > 0) throw new ConfigError(problems)
  return config
}

function parseDatabaseUrl(raw: string | undefined, problems: string[]): DatabaseConfig {
  if (raw === undefined) return { kind: 'sqlite', path: DEFAULT_SQLITE_PATH }
  if (raw.startsWith('sqlite:')) {
    const p = raw.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '')
    if (p === '') problems.push('DATABASE_URL: expected sqlite:<path>, the path is empty')
    return { kind: 'sqlite', path: p }
  }
  if (/^postgres(ql)?:\/\//.test(raw)) {
    try {
      new URL(raw)
    } catch {
      problems.push('DATABASE_URL: expected a valid postgres:// URL')
    }
    return { kind: 'postgres', url: raw }
  }
  problems.push('DATABASE_URL: expected sqlite:<path> or postgres://user@host:port/database')
  return { kind: 'sqlite', path: DEFAULT_SQLITE_PATH }
}

/** DATABASE_READ_URL: a PostgreSQL read replica of DATABASE_URL (PostgreSQL only). */
function withReadUrl(db: DatabaseConfig, raw: string | undefined, problems: string[]): DatabaseConfig {
  if (raw === undefined) return db
  if (db.kind !== 'postgres') {
    problems.push('DATABASE_READ_URL: needs a postgres:// DATABASE_URL (a read replica of it)')
    return db
  }
  if (!/^postgres(ql)?:\/\//.test(raw) || !URL.canParse(raw)) {
    problems.push('DATABASE_READ_URL: expected a valid postgres:// URL')
    return db
  }
  return { ...db, readUrl: raw }
}

function parseRedisUrl(raw: string | undefined, problems: string[]): string | undefined {
  if (raw === undefined) return undefined
  if (!/^rediss?:\/\//.test(raw)) problems.push('REDIS_URL: expected redis://host:port[/db] or rediss://…')
  return raw
}

/** COMPINTEL_API_KEYS: `k1,k2:licenses+vulnerabilities` — full scope unless `:`-joined scopes follow. */
function parseSeedKeys(raw: string | undefined, problems: string[]): SeedKey[] {
  if (raw === undefined) return []
  const keys: SeedKey[] = []
  const items = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
  for (const [i, item] of items.entries()) {
    const [key = '', scopeList] = item.split(':', 2)
    const scopes = scopeList === undefined ? ['*'] : scopeList.split('+').map((s) => s.trim())
    // A key given here never expires and usually has every scope: long enough that it cannot be guessed. The
    // message says which key is wrong, never the key itself.
    if (key.length < 16 || !/^[\x21-\x7e]+$/.test(key)) {
      const what = key.length < 16 ? `${key.length} characters long` : 'not printable ASCII without spaces'
      problems.push(
        `COMPINTEL_API_KEYS: key ${i + 1} of ${items.length} is ${what}; each key must be at least 16 printable ASCII characters without spaces`,
      )
    } else if (scopes.length === 0 || scopes.some((s) => !isScope(s))) {
      problems.push(`COMPINTEL_API_KEYS: scopes after ":" must be * or area names joined by "+" (${AREAS.join(', ')})`)
    } else {
      keys.push({ key, scopes })
    }
  }
  return keys
}
