// A TCP proxy on 127.0.0.1 that a test can cut and restore: a database outage without stopping the database.
import net from 'node:net'

export interface TcpProxy {
  port: number
  /** Drops every connection and refuses new ones. */
  cut(): Promise<void>
  /** Accepts connections again on the same port. */
  restore(): Promise<void>
  close(): Promise<void>
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>()
  let server: net.Server | undefined
  let port = 0
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(targetPort, targetHost)
        for (const s of [client, upstream]) {
          sockets.add(s)
          s.on('close', () => sockets.delete(s))
          s.on('error', () => {
            client.destroy()
            upstream.destroy()
          })
        }
        client.pipe(upstream).pipe(client)
      })
      const listening = server
      listening.once('error', reject)
      listening.listen(port, '127.0.0.1', () => {
        port = (listening.address() as net.AddressInfo).port
        resolve()
      })
    })
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy()
      sockets.clear()
      if (!server) return resolve()
      server.close(() => resolve())
      server = undefined
    })
  await listen()
  return {
    get port() {
      return port
    },
    cut: stop,
    restore: listen,
    close: stop,
  }
}
