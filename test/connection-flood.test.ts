// A connection flood against a real `compintel serve` with short timeouts (docs/security.md "Hostile clients"):
// thousands of requests that start and never finish, from other loopback addresses than the one /health is asked
// from. Over the caps the client gets 503 TOO_MANY_CONNECTIONS with Retry-After and is closed; the admitted ones are
// closed by the header and request timeouts with 408; /health answers throughout (or, with every connection of the
// server taken, 503 in the error shape, and 200 again once the timeouts free them); the process lives on.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { freePort } from './helpers/free-port.ts'
import { type CliProcess, startServe } from './helpers/processes.ts'
import { type RawAnswer, type RawClient, rawClient } from './helpers/raw-client.ts'

const KEY = 'flood-test-key-0123456789'
const PER_IP = 600
const TOTAL = 1000
const dir = mkdtempSync(path.join(tmpdir(), 'compintel-flood-'))
let port: number
let server: CliProcess

before(async () => {
  port = await freePort()
  server = await startServe(port, `sqlite:${path.join(dir, 'kb.sqlite')}`, KEY, {
    LOG_LEVEL: 'warn',
    HEADERS_TIMEOUT_MS: '3000',
    REQUEST_TIMEOUT_MS: '4000',
    KEEP_ALIVE_TIMEOUT_MS: '500',
    MAX_CONNECTIONS: String(TOTAL),
    MAX_CONNECTIONS_PER_IP: String(PER_IP),
  })
})
after(async () => {
  server.child.kill('SIGTERM')
  await server.exited
  rmSync(dir, { recursive: true, force: true })
})

/** `count` connections from `from`, opened in batches; half stop inside their headers, half inside their body. */
async function flood(count: number, from: string): Promise<RawClient[]> {
  const clients: RawClient[] = []
  for (let i = 0; i < count; i += 100) {
    const batch = Array.from({ length: Math.min(100, count - i) }, () => rawClient(port, from))
    await Promise.all(batch.map((c) => c.connected.catch(() => {})))
    for (const [j, c] of batch.entries())
      void c.write(
        j % 2 === 0
          ? 'POST /v2/components/echo HTTP/1.1\r\nHost: x\r\nContent-Ty'
          : `POST /v2/components/echo HTTP/1.1\r\nHost: x\r\nx-api-key: ${KEY}\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"message":"`,
      )
    clients.push(...batch)
  }
  return clients
}

async function health(): Promise<RawAnswer> {
  const c = rawClient(port)
  await c.connected
  await c.write('GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
  return c.closed
}

function tally(answers: RawAnswer[]): Record<string, number> {
  const out: Record<string, number> = {}
  for (const a of answers) {
    const key = `${a.status} ${a.status ? (JSON.parse(a.body) as { error: { code: string } }).error.code : 'closed'}`
    out[key] = (out[key] ?? 0) + 1
  }
  return out
}

test('one address over MAX_CONNECTIONS_PER_IP: refused at once with 503; the rest closed by the timeouts; /health answers', async () => {
  const clients = await flood(1500, '127.0.0.2')
  const refused = await Promise.all(clients.slice(PER_IP).map((c) => c.answered))
  for (const r of refused) {
    assert.equal(r.status, 503)
    assert.equal(r.headers['retry-after'], '5')
    assert.deepEqual(JSON.parse(r.body).status.status, 'FAILED')
  }
  const during = await health()
  assert.equal(during.status, 200, 'another address is served during the flood')
  const { pressure } = JSON.parse(during.body)
  assert.ok(pressure.open_connections >= PER_IP, `open_connections ${pressure.open_connections}`)
  const all = await Promise.all(clients.map((c) => c.closed))
  assert.deepEqual(tally(all), { '408 REQUEST_TIMEOUT': PER_IP, '503 TOO_MANY_CONNECTIONS': 1500 - PER_IP })
  const afterwards = await health()
  assert.equal(afterwards.status, 200)
  assert.equal(JSON.parse(afterwards.body).pressure.open_connections, 1, 'only the health check is open')
  assert.equal(server.child.exitCode, null, 'the server lives')
})

test('all clients over MAX_CONNECTIONS: every new connection refused, /health too, until the timeouts free them', async () => {
  const clients = [...(await flood(PER_IP, '127.0.0.3')), ...(await flood(PER_IP, '127.0.0.4'))]
  const during = await health()
  assert.equal(during.status, 503)
  assert.equal(JSON.parse(during.body).error.code, 'TOO_MANY_CONNECTIONS')
  const all = await Promise.all(clients.map((c) => c.closed))
  assert.deepEqual(tally(all), { '408 REQUEST_TIMEOUT': TOTAL, '503 TOO_MANY_CONNECTIONS': 2 * PER_IP - TOTAL })
  assert.equal((await health()).status, 200, 'served again once the timeouts closed the flood')
  assert.equal(server.child.exitCode, null, 'the server lives')
  assert.doesNotMatch(server.output(), /EMFILE|uncaught|heap out of memory/i)
})
