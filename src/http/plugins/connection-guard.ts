// Caps on open connections, per client address (MAX_CONNECTIONS_PER_IP) and in all (MAX_CONNECTIONS), checked as each
// connection is accepted, before Node's HTTP parser sees it: over a cap the client gets 503 TOO_MANY_CONNECTIONS with
// Retry-After, written raw on the socket, and the connection is closed. Loopback is counted like any address. The
// listener's own errors (EMFILE when accepting with every file descriptor taken) are logged, never thrown.
import type { Server } from 'node:http'
import type { Socket } from 'node:net'
import type { LimitsConfig } from '../../config/limits.ts'
import type { App } from '../types.ts'
import { endRaw, rawErrorResponse } from './error-handler.ts'

export interface ConnectionCounts {
  /** Connections admitted and not yet closed. */
  open(): number
}

type Caps = Pick<LimitsConfig, 'maxConnections' | 'maxConnectionsPerIp'>

export function registerConnectionGuard(app: App, caps: Caps, retryAfterSeconds: number): ConnectionCounts {
  const server: Server = app.server
  const refusal = rawErrorResponse('TOO_MANY_CONNECTIONS', { 'Retry-After': retryAfterSeconds })
  const byAddress = new Map<string, number>()
  let open = 0
  // Node's own connection listener (the HTTP parser) runs only for the connections admitted here.
  const admit = server.listeners('connection') as ((socket: Socket) => void)[]
  server.removeAllListeners('connection')
  server.on('connection', (socket: Socket) => {
    const address = clientAddress(socket)
    const mine = byAddress.get(address) ?? 0
    if (open >= caps.maxConnections || (caps.maxConnectionsPerIp > 0 && mine >= caps.maxConnectionsPerIp)) {
      endRaw(socket, refusal)
      return
    }
    open++
    byAddress.set(address, mine + 1)
    socket.once('close', () => {
      open--
      const left = (byAddress.get(address) ?? 1) - 1
      if (left > 0) byAddress.set(address, left)
      else byAddress.delete(address)
    })
    for (const listener of admit) listener.call(server, socket)
  })
  server.on(
    'error',
    throttled((err: Error) => app.log.error({ err: err.message }, 'the listener failed')),
  )
  return { open: () => open }
}

/** The client's address, IPv4 written alike whether it came over IPv4 or IPv6. */
function clientAddress(socket: Socket): string {
  const a = socket.remoteAddress ?? 'unknown'
  return a.startsWith('::ffff:') ? a.slice(7) : a
}

/** `log`, at most once a second (a flood of failed accepts must not flood the log). */
function throttled(log: (err: Error) => void): (err: Error) => void {
  let last = 0
  return (err) => {
    if (Date.now() - last < 1000) return
    last = Date.now()
    log(err)
  }
}
