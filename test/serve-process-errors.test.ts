// `compintel serve` and errors nobody caught (docs/security.md "Hostile clients"): an unhandled rejection is logged,
// without the password its message held, and the server carries on; an uncaught exception thrown from a timer is
// logged and the server shuts down cleanly, exit code 1, for its supervisor to restart it: never Node's own crash.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { freePort } from './helpers/free-port.ts'
import { startServe } from './helpers/processes.ts'

const FAULTS = fileURLToPath(new URL('fixtures/process-errors/faults.mjs', import.meta.url))

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await sleep(100)
  assert.ok(check(), `timed out waiting for ${what}`)
}

test('an unhandled rejection is logged and served on; an uncaught exception shuts down cleanly with exit 1', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'compintel-faults-'))
  const port = await freePort()
  const server = await startServe(port, `sqlite:${path.join(dir, 'kb.sqlite')}`, 'process-errors-key-0123456789', {
    LOG_LEVEL: 'info',
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${FAULTS}`.trim(),
  })
  try {
    const health = () => fetch(`http://127.0.0.1:${port}/health`).then((r) => r.status)
    assert.equal(await health(), 200)
    server.child.kill('SIGUSR2')
    await until(() => server.output().includes('unhandled rejection; carrying on'), 'the rejection logged')
    assert.equal(await health(), 200, 'served on after the rejection')
    assert.match(server.output(), /fixture rejection from postgres:\/\/fixture-user:\[redacted\]@db\.invalid/)
    assert.doesNotMatch(server.output(), /fixture-secret-pw/, 'no password in the log')

    server.child.kill('SIGUSR2')
    assert.equal(await server.exited, 1)
    const out = server.output()
    assert.match(out, /uncaught exception; shutting down for the supervisor to restart/)
    assert.match(out, /fixture exception from a timer/)
    assert.match(out, /shutting down: no new connections/, 'the graceful shutdown ran')
    assert.doesNotMatch(out, /^Error: fixture exception/m, "not Node's own report of an uncaught exception")
  } finally {
    server.child.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  }
})
