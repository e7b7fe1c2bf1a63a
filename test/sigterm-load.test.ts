// SIGTERM delivered to a real `compintel serve` process under load (docs/running-at-scale.md "The image", Stopping):
// every request the server received is answered in full (200), including one whose body is still arriving when the
// signal lands, as its own log and the clients agree; later connections are refused; the process exits 0. A fresh
// connection per request, so no idle keep-alive connection races the close.
import assert from 'node:assert/strict'
import { rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { openStorage } from '../src/storage/database.ts'
import { migrate } from '../src/storage/migrate.ts'
import { freePort } from './helpers/free-port.ts'
import { loadFixtureKb } from './helpers/kb-fixture.ts'
import { startServe } from './helpers/processes.ts'

const key = 'sigterm-load-key-0123456789'

/** One request on its own connection: the status and body, or the connection error's code. */
function request(port: number, body: string, hold?: Promise<void>) {
  return new Promise<{ status?: number; text?: string; error?: string }>((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/v2/licenses/components',
        agent: false,
        headers: { 'x-api-key': key, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = ''
        res.on('data', (c) => {
          text += c
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
        res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }))
      },
    )
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }))
    if (!hold) return void req.end(body)
    req.write(body.slice(0, 10))
    hold.then(() => req.end(body.slice(10)))
  })
}

test('SIGTERM under load: every request received is answered, later connections are refused, exit 0', async () => {
  const file = path.join(tmpdir(), `compintel-sigterm-${process.pid}-${Date.now()}.sqlite`)
  const storage = openStorage({ kind: 'sqlite', path: file })
  await migrate(storage)
  await loadFixtureKb(storage)
  await storage.close()
  const port = await freePort()
  const server = await startServe(port, `sqlite:${file}`, key, { LOG_LEVEL: 'info' })
  try {
    const purls = ['fx-lib@1.2.0', 'fx-util@2.1.0', 'fx-app@1.1.0', 'fx-absent@1.0.0']
    const batch = JSON.stringify({
      components: Array.from({ length: 200 }, (_, i) => ({ purl: `pkg:npm/${purls[i % 4]}` })),
    })
    const results: { status?: number; error?: string }[] = []
    const client = async () => {
      for (;;) {
        const r = await request(port, batch)
        results.push(r)
        if (r.error) return // refused: the listener is closed
      }
    }
    const clients = Array.from({ length: 6 }, client)
    for (let i = 0; i < 200 && results.filter((r) => r.status === 200).length < 30; i++) await sleep(20)

    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const slow = request(port, batch, held) // in flight: half its body sent
    await sleep(100)
    server.child.kill('SIGTERM')
    await sleep(200)
    release()
    const slowResult = await slow
    await Promise.all(clients)
    const code = await server.exited

    assert.equal(slowResult.status, 200, `the request in flight at SIGTERM is answered: ${JSON.stringify(slowResult)}`)
    assert.equal((JSON.parse(slowResult.text ?? '{}') as { components: unknown[] }).components.length, 200)
    const statuses = new Set(results.filter((r) => r.status !== undefined).map((r) => r.status))
    assert.deepEqual([...statuses], [200], 'every answered request succeeded')
    // The server's own log: every request it received was completed, and each completion reached its client.
    const log = server.output().split('\n')
    const received = log.filter((l) => l.includes('"incoming request"')).length
    const completed = log.filter((l) => l.includes('"request completed"')).length
    const answered = results.filter((r) => r.status === 200).length + 1 // + the slow one
    assert.equal(completed, received, 'every request the server received was completed')
    assert.equal(answered, completed, 'and every completed answer reached its client')
    // Connections still in the listen backlog when the listener closes are reset by the kernel before the server
    // ever reads them (the reason load balancers stop routing on /ready first); no other error is allowed.
    const errors = new Set(results.filter((r) => r.error).map((r) => r.error))
    assert.ok(
      [...errors].every((e) => e === 'ECONNREFUSED' || e === 'ECONNRESET'),
      [...errors].join(),
    )
    assert.equal(code, 0)
    assert.match(server.output(), /shutting down/)
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGKILL')
    rmSync(file, { force: true })
    rmSync(`${file}-wal`, { force: true })
    rmSync(`${file}-shm`, { force: true })
  }
})
