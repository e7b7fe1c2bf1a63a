// Rate limits (docs/api-behaviour.md "Rate limits"): per client IP before authentication, per key after it, each a
// fixed one-minute window counted by @fastify/rate-limit's stores: in this process's memory, or in Redis when
// REDIS_URL is set so every server process shares one budget (in memory while Redis is down: rate-limit-store.ts).
// The stores are called directly rather than through the plugin's per-request hook: a check that the memory store
// answers at once finishes at once, without the plugin's chain of awaits (docs/benchmarks.md).
import type { FastifyReply, FastifyRequest } from 'fastify'
import { TIERS } from '../../domain/keys/types.ts'
import { HttpError } from '../errors.ts'
import type { App, AppDeps } from '../types.ts'
import { type CounterStore, localStore, redisWithLocalFallback } from './rate-limit-store.ts'

const WINDOW_MS = 60_000

/** A check that is done when it returns, or a promise when the store answers later (Redis). */
export type Step = undefined | Promise<void>

export interface Limiters {
  perIp(req: FastifyRequest, reply: FastifyReply): Step
  perKey(req: FastifyRequest, reply: FastifyReply): Step
}

export function rateLimits(app: App, { config, redis }: AppDeps): Limiters {
  let warned = 0
  const onFallback = (err: Error) => {
    // once a minute at most: an outage would otherwise log every request
    if (Date.now() - warned < WINDOW_MS) return
    warned = Date.now()
    app.log.warn({ err: err.message }, 'redis unavailable: rate limits are counted per process until it returns')
  }
  const store = redis ? redisWithLocalFallback(redis, 'compintel:rl:', onFallback) : localStore()
  return {
    perIp: (req, reply) =>
      req.routeOptions.config.public === true
        ? undefined
        : count(store, `ip:${req.ip}`, config.rateLimitPerMinutePerIp, reply, false),
    perKey: (req, reply) => {
      const p = req.principal
      if (!p || TIERS[p.tier] === 0) return undefined
      const key = p.keyId === 'anonymous' ? `anon:${req.ip}` : `key:${p.keyId}`
      return count(store, key, config.rateLimitPerMinute * TIERS[p.tier], reply, true)
    },
  }
}

/** Counts one request against `key`'s budget: a 429 past it; the budget's headers when `headers`. */
function count(store: CounterStore, key: string, max: number, reply: FastifyReply, headers: boolean): Step {
  let settled: { current: number; ttl: number } | undefined
  let later: ((r: { current: number; ttl: number }) => void) | undefined
  store.incr(
    key,
    (err, res) => {
      // a store that fails counts nothing: the request is served (the Redis store falls back before this)
      const r = err || !res ? { current: 0, ttl: 0 } : res
      if (later) later(r)
      else settled = r
    },
    WINDOW_MS,
    max,
  )
  if (settled) return enforce(settled, max, reply, headers)
  return new Promise<{ current: number; ttl: number }>((resolve) => {
    later = resolve
  }).then((r) => enforce(r, max, reply, headers))
}

function enforce(r: { current: number; ttl: number }, max: number, reply: FastifyReply, headers: boolean): undefined {
  const reset = Math.ceil(r.ttl / 1000)
  if (r.current > max) {
    throw new HttpError('RATE_LIMITED', `Rate limit of ${max} requests per minute exceeded; retry in ${reset} s`, {
      'ratelimit-limit': max,
      'ratelimit-remaining': 0,
      'ratelimit-reset': reset,
      'retry-after': reset,
    })
  }
  if (headers) {
    reply.header('ratelimit-limit', max)
    reply.header('ratelimit-remaining', Math.max(0, max - r.current))
    reply.header('ratelimit-reset', reset)
  }
  return undefined
}
