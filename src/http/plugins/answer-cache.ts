// Serves hot single-component GET answers from the answer cache (src/cache/). A route opts in with
// `config.cacheable`; its `purl` query parameter names the component the answer depends on. Lookups run after
// authentication, rate limiting and validation, so a cached answer is never served to a request that would not
// have got it; `x-cache: hit|miss` tells which. Only 200 answers are kept.
import type { FastifyRequest } from 'fastify'
import { Counter, type Registry } from 'prom-client'
import type { AnswerCache } from '../../cache/answer-cache.ts'
import { componentTag } from '../../domain/kb/changes.ts'
import type { App } from '../types.ts'
import { etagOf } from './etag.ts'

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
    const key = req.url
    // only answers about a well-formed purl are ever kept, so the purl is read on a miss only
    const hit = await cache.get(key)
    if (hit) {
      lookups.inc({ result: hit.from === 'local' ? 'hit' : 'shared_hit' })
      reply.header('x-cache', 'hit').header('etag', hit.answer.etag).type(hit.answer.contentType)
      return reply.send(hit.answer.body)
    }
    const purl = (req.query as { purl?: unknown } | undefined)?.purl
    const tag = typeof purl === 'string' ? componentTag(purl) : undefined
    if (!tag) return
    lookups.inc({ result: 'miss' })
    reply.header('x-cache', 'miss')
    const watermark = cache.stamp()
    if (watermark !== undefined) pending.set(req, { key, tags: [tag], watermark })
  })

  app.addHook('onSend', (req, reply, payload, done) => {
    const p = pending.get(req)
    if (p && reply.statusCode === 200 && typeof payload === 'string') {
      const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8')
      const etag = etagOf(payload)
      reply.header('etag', etag) // the ETag hook (registered after this one) takes it as is
      cache.put(p.key, { body: payload, contentType, etag, watermark: p.watermark, tags: p.tags })
    }
    done(null, payload)
  })
}
