// The rate-limit counters with Redis: shared by every node while Redis answers, and in this process's memory
// while it does not, so a Redis outage degrades the limits to per-process ones instead of failing requests or
// lifting the limits. The two stores are @fastify/rate-limit's own; only the choice between them is ours.
import { createRequire } from 'node:module'
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit'
import type { Redis } from 'ioredis'

type Result = { current: number; ttl: number }
type Callback = (err: Error | null, res?: Result) => void
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void
  read?(key: string, cb: Callback, timeWindow: number, max: number): void
  child(routeOptions: unknown): Store
}
type StoreArgs = [continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]]

const require = createRequire(import.meta.url)
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (...args: StoreArgs) => Store
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (...args: StoreArgs) => Store

/** Keys counted in memory during an outage (the plugin's own default for its local store). */
const LOCAL_KEYS = 5000

class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: Store,
    private readonly local: Store,
    private readonly onFallback: (err: Error) => void,
  ) {}

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.shared.incr(
      key,
      (err, res) => {
        if (!err) return cb(null, res)
        this.onFallback(err)
        this.local.incr(key, cb, timeWindow, max)
      },
      timeWindow,
      max,
    )
  }

  read(key: string, cb: Callback, timeWindow: number, max: number): void {
    const local = () => (this.local.read ? this.local.read(key, cb, timeWindow, max) : cb(null, { current: 0, ttl: 0 }))
    if (!this.shared.read) {
      local()
      return
    }
    this.shared.read(key, (err, res) => (err ? local() : cb(null, res)), timeWindow, max)
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FallbackStore {
    return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.onFallback)
  }
}

/** A store class for @fastify/rate-limit's `store` option. */
export function redisWithLocalFallback(redis: Redis, nameSpace: string, onFallback: (err: Error) => void) {
  return class extends FallbackStore {
    constructor(options: FastifyRateLimitOptions) {
      // the plugin hands its resolved global settings, which carry these two
      const o = options as { continueExceeding?: boolean; exponentialBackoff?: boolean }
      const continueExceeding = o.continueExceeding ?? false
      const exponentialBackoff = o.exponentialBackoff ?? false
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff, LOCAL_KEYS),
        onFallback,
      )
    }
  }
}
