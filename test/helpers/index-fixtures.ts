// What the FIXTURE PyPI and Cargo index servers share: a reproducible gzip tar of fixture files under a prefix, and
// one HTTP server on 127.0.0.1 (port 0) recording each request's path and headers, answering documents with an ETag
// (a 304 when If-None-Match matches), with routes a test may override with hostile answers.
import { createHash } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import * as tar from 'tar'

/** `files` (relative to `cwd`) as a gzip tar under `prefix/`, with fixed dates and modes. */
export async function packFiles(cwd: string, files: string[], prefix: string): Promise<Buffer> {
  const chunks: Buffer[] = []
  const stream = tar.c({ gzip: true, cwd, prefix, portable: true, mtime: new Date('2020-01-01T00:00:00Z') }, files)
  for await (const c of stream) chunks.push(c as Buffer)
  return Buffer.concat(chunks)
}

export const sha256 = (b: Buffer | string): string => createHash('sha256').update(b).digest('hex')

export interface Seen {
  path: string
  authorization: string | undefined
  accept: string | undefined
  ifNoneMatch: string | undefined
  headers: http.IncomingHttpHeaders
}

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void

export interface FixtureServer {
  origin: string
  seen: Seen[]
  /** Replaces the answer of one path (hostile tests). */
  route(path: string, handler: Handler): void
  /** Forgets the routes and the requests seen. */
  reset(): void
  close(): Promise<void>
}

/** A server answering each path with `answer` (undefined: 404) unless a test routed it elsewhere. */
export async function startFixtureServer(
  answer: (req: http.IncomingMessage, res: http.ServerResponse) => boolean,
): Promise<FixtureServer> {
  const routes = new Map<string, Handler>()
  const seen: Seen[] = []
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/'
    seen.push({
      path,
      authorization: req.headers.authorization,
      accept: req.headers.accept,
      ifNoneMatch: req.headers['if-none-match'],
      headers: req.headers,
    })
    const handler = routes.get(path)
    if (handler) return handler(req, res)
    if (!answer(req, res)) res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    route: (path, handler) => void routes.set(path, handler),
    reset: () => {
      routes.clear()
      seen.length = 0
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A document with an ETag of its bytes; a 304 when the client's If-None-Match is that ETag. */
export function sendDocument(req: http.IncomingMessage, res: http.ServerResponse, type: string, body: string): void {
  const etag = `"${sha256(body).slice(0, 16)}"`
  if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { etag }).end()
  res.writeHead(200, { 'content-type': type, etag, 'content-length': Buffer.byteLength(body) }).end(body)
}
