// Conditional GETs (docs/caching.md): every successful GET under /v2 gets a weak ETag (a digest of the body) and
// `Cache-Control: private, no-cache`, so a client or a cache in front may keep the answer but must revalidate it;
// `If-None-Match` with the current tag answers 304 without a body. The tag changes whenever the answer does
// (after an ingest, a new seed or a new server version, since `status` names them).
import { hash } from 'node:crypto'
import type { App } from '../types.ts'

const CACHE_CONTROL = 'private, no-cache'

export function etagOf(body: string | Buffer): string {
  return `W/"${hash('sha256', body, 'base64url').slice(0, 27)}"`
}

/** Whether an If-None-Match header names this tag (a list, weak or strong forms, or `*`). */
export function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false
  const opaque = tag.replace(/^W\//, '')
  return header.split(',').some((t) => {
    const v = t.trim()
    return v === '*' || v.replace(/^W\//, '') === opaque
  })
}

export function registerEtag(app: App): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.method !== 'GET' || reply.statusCode !== 200 || !req.url.startsWith('/v2/')) return done(null, payload)
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload)
    // an answer-cache hit carries the tag computed when the answer was kept
    const tag = (reply.getHeader('etag') as string | undefined) ?? etagOf(payload)
    reply.header('etag', tag)
    reply.header('cache-control', CACHE_CONTROL)
    if (!matches(req.headers['if-none-match'], tag)) return done(null, payload)
    reply.code(304)
    reply.removeHeader('content-length')
    done(null, '')
  })
}
