// A raw TCP client for the hostile-client suites: connects to 127.0.0.1 (from another loopback address when asked),
// writes what the test says and holds, and reports the answer the server sent and when the server closed.
import { connect, type Socket } from 'node:net'

export interface RawAnswer {
  /** The HTTP status the server answered, or 0 when it closed without an answer. */
  status: number
  headers: Record<string, string>
  body: string
}

export interface RawClient {
  socket: Socket
  /** Resolves once the connection is open. */
  connected: Promise<void>
  /** Resolves when the server has closed the connection (or it failed), with what it had sent. */
  closed: Promise<RawAnswer>
  /** The answer as soon as its head and body have arrived, whether or not the connection is closed yet. */
  answered: Promise<RawAnswer>
  write(data: string | Buffer): Promise<void>
  close(): void
}

export function rawClient(port: number, localAddress = '127.0.0.1'): RawClient {
  const socket = connect({ host: '127.0.0.1', port, localAddress })
  const chunks: Buffer[] = []
  let answer: (a: RawAnswer) => void = () => {}
  const answered = new Promise<RawAnswer>((resolve) => {
    answer = resolve
  })
  socket.on('data', (chunk: Buffer) => {
    chunks.push(chunk)
    const parsed = parse(Buffer.concat(chunks).toString('latin1'))
    if (parsed && Buffer.byteLength(parsed.body, 'latin1') >= Number(parsed.headers['content-length'] ?? 0))
      answer(parsed)
  })
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  connected.catch(() => {})
  const closed = new Promise<RawAnswer>((resolve) => {
    socket.on('error', () => {})
    socket.once('close', () => {
      const got = parse(Buffer.concat(chunks).toString('latin1')) ?? { status: 0, headers: {}, body: '' }
      answer(got)
      resolve(got)
    })
  })
  return {
    socket,
    connected,
    closed,
    answered,
    write: (data) =>
      new Promise((resolve) => {
        if (socket.destroyed || !socket.writable) return resolve()
        socket.write(data, () => resolve())
      }),
    close: () => socket.destroy(),
  }
}

function parse(text: string): RawAnswer | undefined {
  const end = text.indexOf('\r\n\r\n')
  if (end < 0) return undefined
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body: text.slice(end + 4) }
}
