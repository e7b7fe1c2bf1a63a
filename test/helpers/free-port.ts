// A TCP port on 127.0.0.1 that nothing listens on right now, for a process a test starts.
import { createServer } from 'node:net'

export async function freePort(): Promise<number> {
  const s = createServer()
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))
  const { port } = s.address() as { port: number }
  await new Promise((resolve) => s.close(resolve))
  return port
}
