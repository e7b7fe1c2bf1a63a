// The rate-limit counters: @fastify/rate-limit's own stores (a fixed window per key, in memory or in Redis), and,
// with Redis, this process's memory while Redis does not answer, so an outage degrades the limits to per-process
// ones instead of failing requests or lifting the limits. Only the choice between the stores is ours.
import { createRequire } from 'node:module'
import type { Redis } from 'ioredis'

type Result = { current: number; ttl: number }
type Callback = (err: Error | null, res?: Result) => void

/** Counts a request against `key` in a window of `timeWindow` ms; the memory store calls back at once. */
export interface CounterStore {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void
}
type StoreArgs = [continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]]

const require = createRequire(import.meta.url)
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (...args: StoreArgs) => CounterStore
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (...args: StoreArgs) => CounterStore

/** Keys counted in memory (the plugin's own default for its memory store). */
const LOCAL_KEYS = 5000

/** Counters in this process's memory: a fixed window from each key's first request, no backoff. */
export function localStore(): CounterStore {
  return new LocalStore(false, false, LOCAL_KEYS)
}

/** Counters in Redis under `nameSpace`, in this process's memory for each request Redis fails. */
export function redisWithLocalFallback(
  redis: Redis,
  nameSpace: string,
  onFallback: (err: Error) => void,
): CounterStore {
  const shared = new RedisStore(false, false, redis, nameSpace)
  const local = localStore()
  return {
    incr(key, cb, timeWindow, max) {
      shared.incr(
        key,
        (err, res) => {
          if (!err) return cb(null, res)
          onFallback(err)
          local.incr(key, cb, timeWindow, max)
        },
        timeWindow,
        max,
      )
    },
  }
}
