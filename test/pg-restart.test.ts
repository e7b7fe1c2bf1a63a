// A real PostgreSQL server stopped (immediate shutdown: a crash, no checkpoint) and started again while a real
// `compintel serve` process is under traffic (docs/running-at-scale.md "Health and shedding"): the server answers 503
// with Retry-After while the KB is gone, never another 5xx, never a dropped connection; it recovers by itself without a
// restart; nothing ingested before the crash is lost. The cluster is a private one made with initdb for this test (run
// as the `postgres` user), so the machine's own server, which other suites use, is never touched.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { openStorage } from '../src/storage/database.ts'
import { migrate } from '../src/storage/migrate.ts'
import { freePort } from './helpers/free-port.ts'
import { loadFixtureKb } from './helpers/kb-fixture.ts'
import { kbContent, startServe } from './helpers/processes.ts'

/** The PostgreSQL server programs, from pg_config when it is on PATH. */
const bin = (() => {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim()
    return existsSync(path.join(dir, 'initdb')) ? dir : undefined
  } catch {
    return undefined
  }
})()
const asPostgres = process.getuid?.() === 0
const skip =
  (!process.env.TEST_DATABASE_URL && 'TEST_DATABASE_URL is not set (PostgreSQL suites off)') ||
  (!bin && 'no PostgreSQL server binaries') ||
  (!asPostgres && 'needs root to run a private cluster as the postgres user')

const dir = mkdtempSync(path.join(tmpdir(), 'compintel-pgcrash-'))
const data = path.join(dir, 'data')
const key = 'pg-restart-test-key-0123456789'
let port = 0

/** Runs a PostgreSQL program as the postgres user (initdb and the server refuse to run as root). */
function pgRun(program: string, args: string[]): string {
  return execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin as string, program), ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}
const pgCtl = (...args: string[]) => pgRun('pg_ctl', ['-D', data, '-w', '-t', '30', ...args])
const start = () =>
  pgCtl('-l', path.join(dir, 'server.log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, 'start')

after(() => {
  if (existsSync(path.join(data, 'postmaster.pid'))) pgCtl('-m', 'immediate', 'stop')
  rmSync(dir, { recursive: true, force: true })
})

test('PostgreSQL crashed and restarted under traffic: 503 + Retry-After, recovery without a restart, nothing lost', {
  skip,
  timeout: 120_000,
}, async (t) => {
  chmodSync(dir, 0o777)
  pgRun('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync'])
  port = await freePort()
  start()
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  const storage = openStorage({ kind: 'postgres', url }, { onPoolError: () => {} })
  await migrate(storage)
  await loadFixtureKb(storage) // what "ingested before the crash" stands for: written through the real writer
  const before = await kbContent(storage.db)
  await storage.close()

  const apiPort = await freePort()
  const server = await startServe(apiPort, url, key, { HEALTH_CHECK_INTERVAL_MS: '200', LOG_LEVEL: 'warn' })
  try {
    const codes = new Map<number, number>()
    const failures: string[] = []
    let retryAfterSeen = false
    let stop = false
    const purls = ['fx-lib', 'fx-util', 'fx-app', '%40fx/scoped', 'fx-absent']
    const client = async (n: number) => {
      for (let i = n; !stop; i++) {
        const purl = `pkg:npm/${purls[i % purls.length]}`
        try {
          const res =
            i % 2 === 0
              ? await fetch(`http://127.0.0.1:${apiPort}/v2/components/versions?purl=${purl}&n=${i}`, {
                  headers: { 'x-api-key': key },
                })
              : await fetch(`http://127.0.0.1:${apiPort}/v2/licenses/components`, {
                  method: 'POST',
                  headers: { 'x-api-key': key, 'content-type': 'application/json' },
                  body: JSON.stringify({ components: [{ purl: `${purl}@1.0.0` }] }),
                })
          await res.arrayBuffer()
          codes.set(res.status, (codes.get(res.status) ?? 0) + 1)
          if (res.status === 503 && Number(res.headers.get('retry-after')) > 0) retryAfterSeen = true
        } catch (err) {
          failures.push((err as Error).message)
        }
        await sleep(5)
      }
    }
    const clients = [0, 1, 2, 3].map(client)
    const waitFor = async (what: string, ok: () => boolean) => {
      for (let i = 0; i < 300 && !ok(); i++) await sleep(50)
      assert.ok(ok(), what)
    }
    await waitFor('traffic is served', () => (codes.get(200) ?? 0) > 20)

    pgCtl('-m', 'immediate', 'stop') // the server dies as in a crash
    await waitFor('503s while the KB is gone', () => (codes.get(503) ?? 0) > 5)
    const ready = await fetch(`http://127.0.0.1:${apiPort}/ready`)
    assert.equal(ready.status, 503)

    const servedBeforeRestart = codes.get(200) ?? 0
    start() // crash recovery from the WAL
    await waitFor('200s again after the restart', () => (codes.get(200) ?? 0) > servedBeforeRestart + 20)
    stop = true
    await Promise.all(clients)

    t.diagnostic(`answers by status: ${JSON.stringify(Object.fromEntries(codes))}`)
    assert.equal(server.child.exitCode, null, 'the API process was never restarted')
    assert.deepEqual(failures, [], 'no connection was dropped')
    assert.ok(retryAfterSeen, '503s carry Retry-After')
    const unexpected = [...codes.keys()].filter((c) => c !== 200 && c !== 503)
    assert.deepEqual(unexpected, [], `only 200 and 503: ${JSON.stringify([...codes])}`)
    const afterStorage = openStorage({ kind: 'postgres', url })
    try {
      assert.deepEqual(await kbContent(afterStorage.db), before, 'everything written before the crash is there')
    } finally {
      await afterStorage.close()
    }
  } finally {
    server.child.kill('SIGTERM')
    await server.exited
  }
})
