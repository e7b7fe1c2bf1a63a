// Rate limits through @fastify/rate-limit: per client IP before authentication, per key after it;
// counters live in Redis when REDIS_URL is set, so every server process shares one budget (in this process's
// memory while Redis is down: rate-limit-store.ts).
import rateLimit from '@fastify/rate-limit'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { TIERS } from '../../domain/keys/types.ts'
import { HttpError } from '../errors.ts'
import type { App, AppDeps } from '../types.ts'
import { redisWithLocalFallback } from './rate-limit-store.ts'

const WINDOW_MS = 60_000
type Check = (
  req: FastifyRequest,
) => Promise<{ isAllowed: boolean; max?: number; remaining?: number; ttlInSeconds?: number; isExceeded?: boolean }>

export interface Limiters {
  perIp(req: FastifyRequest, reply: FastifyReply): Promise<void>
  perKey(req: FastifyRequest, reply: FastifyReply): Promise<void>
}

export async function registerRateLimits(app: App, { config, redis }: AppDeps): Promise<Limiters> {
  let warned = 0
  const onFallback = (err: Error) => {
    // once a minute at most: an outage would otherwise log every request
    if (Date.now() - warned < WINDOW_MS) return
    warned = Date.now()
    app.log.warn({ err: err.message }, 'redis unavailable: rate limits are counted per process until it returns')
  }
  await app.register(rateLimit, {
    global: false,
    // A Redis outage must not fail requests nor lift the limits: counters fall back to this process's memory.
    ...(redis ? { store: redisWithLocalFallback(redis, 'compintel:rl:', onFallback) } : {}),
    skipOnError: true,
  })
  const ipCheck = app.createRateLimit({
    timeWindow: WINDOW_MS,
    max: config.rateLimitPerMinutePerIp,
    keyGenerator: (req) => `ip:${req.ip}`,
    allowList: (req) => req.routeOptions.config.public === true,
  }) as unknown as Check
  const keyCheck = app.createRateLimit({
    timeWindow: WINDOW_MS,
    max: (req) => config.rateLimitPerMinute * TIERS[req.principal?.tier ?? 'standard'],
    keyGenerator: (req) => (req.principal?.keyId === 'anonymous' ? `anon:${req.ip}` : `key:${req.principal?.keyId}`),
    allowList: (req) => !req.principal || TIERS[req.principal.tier] === 0,
  }) as unknown as Check

  return {
    perIp: async (req, reply) => enforce(await ipCheck(req), reply, false),
    perKey: async (req, reply) => enforce(await keyCheck(req), reply, true),
  }
}

function enforce(r: Awaited<ReturnType<Check>>, reply: FastifyReply, alwaysHeaders: boolean): void {
  if (r.isAllowed || r.max === undefined) return
  const reset = r.ttlInSeconds ?? 60
  if (r.isExceeded) {
    throw new HttpError('RATE_LIMITED', `Rate limit of ${r.max} requests per minute exceeded; retry in ${reset} s`, {
      'ratelimit-limit': r.max,
      'ratelimit-remaining': 0,
      'ratelimit-reset': reset,
      'retry-after': reset,
    })
  }
  if (alwaysHeaders) {
    reply.header('ratelimit-limit', r.max)
    reply.header('ratelimit-remaining', r.remaining ?? 0)
    reply.header('ratelimit-reset', reset)
  }
}
