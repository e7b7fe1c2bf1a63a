// Serves hot single-component GET answers from the answer cache (src/cache/). A route opts in with
// `config.cacheable`; its `purl` query parameter names the component the answer depends on. Lookups run after
// authentication, rate limiting and validation, so a cached answer is never served to a request that would not
// have got it; `x-cache: hit|miss` tells which. Only 200 answers are kept.
import type { FastifyRequest } from 'fastify'
import { Counter, type Registry } from 'prom-client'
import type { AnswerCache } from '../../cache/answer-cache.ts'
import { componentTag } from '../../domain/kb/changes.ts'
import type { App } from '../types.ts'

export function registerAnswerCache(app: App, cache: AnswerCache, registry: Registry): void {
  const lookups = new Counter({
    name: 'compintel_answer_cache_lookups_total',
    help: 'Answer cache lookups by result: hit (this node), shared_hit (Redis), miss',
    labelNames: ['result'] as const,
    registers: [registry],
  })
  const pending = new WeakMap<FastifyRequest, { key: string; tags: string[]; watermark: number }>()

  app.addHook('preHandler', async (req, reply) => {
    if (req.method !== 'GET' || !req.routeOptions.config.cacheable) return
    const purl = (req.query as { purl?: unknown } | undefined)?.purl
    const tag = typeof purl === 'string' ? componentTag(purl) : undefined
    if (!tag) return
    const key = req.url
    const hit = await cache.get(key)
    if (hit) {
      lookups.inc({ result: hit.from === 'local' ? 'hit' : 'shared_hit' })
      reply.header('x-cache', 'hit').type(hit.answer.contentType)
      return reply.send(hit.answer.body)
    }
    lookups.inc({ result: 'miss' })
    reply.header('x-cache', 'miss')
    const watermark = cache.stamp()
    if (watermark !== undefined) pending.set(req, { key, tags: [tag], watermark })
  })

  app.addHook('onSend', (req, reply, payload, done) => {
    const p = pending.get(req)
    if (p && reply.statusCode === 200 && typeof payload === 'string') {
      const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8')
      cache.put(p.key, { body: payload, contentType, watermark: p.watermark, tags: p.tags })
    }
    done(null, payload)
  })
}
