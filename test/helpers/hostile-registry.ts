// A FIXTURE npm registry on 127.0.0.1 that lies: each test gives the handler of each path (endless bodies, sizes
// that do not match, redirects, tarball URLs elsewhere). It records every request with its headers and counts the
// bytes it managed to send, so a test can assert that the client stopped reading at its limit.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Seen {
  path: string
  authorization: string | undefined
}

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse, base: string) => void

export interface HostileRegistry {
  url: string
  origin: string
  seen: Seen[]
  /** Body bytes written (and accepted by the socket) per path. */
  sent: Map<string, number>
  route(path: string, handler: Handler): void
  close(): Promise<void>
}

export async function startHostileRegistry(): Promise<HostileRegistry> {
  const routes = new Map<string, Handler>()
  const seen: Seen[] = []
  const sent = new Map<string, number>()
  let origin = ''
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/'
    seen.push({ path, authorization: req.headers.authorization })
    const write = res.write.bind(res) as (chunk: Buffer | string, cb?: () => void) => boolean
    res.write = ((chunk: Buffer | string, ...rest: unknown[]) => {
      sent.set(path, (sent.get(path) ?? 0) + Buffer.byteLength(chunk))
      return write(chunk, ...(rest as [() => void]))
    }) as typeof res.write
    const handler = routes.get(path)
    if (!handler) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}')
    handler(req, res, origin)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: `${origin}/`,
    origin,
    seen,
    sent,
    route: (path, handler) => void routes.set(path, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Writes `chunk` again and again, waiting for the socket to drain, until the client goes away. */
export function endless(res: http.ServerResponse, chunk: Buffer): void {
  const more = () => {
    while (!res.destroyed && res.write(chunk)) {
      // the socket took it; write again
    }
    if (!res.destroyed) res.once('drain', more)
  }
  res.on('close', () => res.off('drain', more))
  more()
}

/** A JSON answer. */
export function json(body: unknown, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    const text = JSON.stringify(body)
    res.writeHead(200, { 'content-type': 'application/json', ...headers })
    res.end(text)
  }
}
