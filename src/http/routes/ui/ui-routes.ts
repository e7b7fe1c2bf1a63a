// GET /ui/…: the web explorer (docs/explorer.md), served by the API's own server without a key (it holds no data:
// the page asks the API, with the key the user pastes). /ui (the router ignores a trailing slash) and every path
// under it answer with the one page (the page routes itself); /ui/assets/<name> the bundle's files. Every answer carries a strict Content-Security-Policy: the
// page may load and call this origin only, and runs no inline script or style.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { HttpError } from '../../errors.ts'
import type { App } from '../../types.ts'
import { type UiAsset, uiBundle } from './ui-bundle.ts'

const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  // the graph library (Cytoscape.js 3.35) adds one constant rule to the page, allowed by its hash alone
  "style-src 'self' 'sha256-pgvDUBa4IjFA2yuSJ2cqcyxmNYJMborsd0ORcRv9vw8='",
  // and sets style attributes on the elements it draws: they run no script
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

const HEADERS = {
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
}

// the headers go on every answer of these routes, errors included (a missing asset is a 404 in the error shape)
const ROUTE = {
  config: { public: true },
  schema: { hide: true },
  onSend: (_req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, p: unknown) => void) => {
    reply.headers(HEADERS)
    done(null, payload)
  },
}

export function registerUi(app: App): void {
  app.get('/ui/', ROUTE, async (req, reply) =>
    send(reply, (await uiBundle()).html, req.headers['if-none-match'], false),
  )
  app.get('/ui/assets/:name', ROUTE, async (req, reply) => {
    const { name } = req.params as { name: string }
    const found = (await uiBundle()).assets.get(name)
    if (!found) throw new HttpError('NOT_FOUND', `No asset ${name}`)
    return send(reply, found, req.headers['if-none-match'], true)
  })
  app.get('/ui/*', ROUTE, async (req, reply) =>
    send(reply, (await uiBundle()).html, req.headers['if-none-match'], false),
  )
}

function send(reply: FastifyReply, a: UiAsset, ifNoneMatch: string | undefined, immutable: boolean) {
  reply.header('etag', a.etag)
  // the assets' names carry their hash; the page names the current ones, so it is checked every time
  reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
  if (ifNoneMatch === a.etag) return reply.code(304).send()
  return reply.type(a.type).send(a.body)
}
