// SIGTERM delivered to a real `compintel serve` process while an on-demand unit is in flight (its tarball stalled by
// the fixture registry), after another's artifacts were read in artifact threads: no defunct child process is left
// behind, the process exits 0 within 10 s, the unit is back in the queue with its attempt not counted (the next
// process retries it), and the KB holds nothing half-written (docs/running-at-scale.md "Stopping").
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { anyFinding, checkKb } from '../src/domain/kb/consistency.ts'
import { SqlConsistencyReader } from '../src/storage/consistency-reader.ts'
import { openStorage } from '../src/storage/database.ts'
import { startFixtureRegistry } from './helpers/fixture-registry.ts'
import { freePort } from './helpers/free-port.ts'
import { childProcesses, cliEnv, startServe } from './helpers/processes.ts'

const key = 'sigterm-units-key-0123456789'

test('SIGTERM with a unit in flight: exit 0 within 10 s, the unit given back uncounted, nothing half-written', async () => {
  const reg = await startFixtureRegistry()
  const dir = mkdtempSync(path.join(tmpdir(), 'compintel-sigterm-units-'))
  const file = path.join(dir, 'kb.sqlite')
  const port = await freePort()
  const server = await startServe(port, `sqlite:${file}`, key, {
    ...cliEnv(`sqlite:${file}`, reg.url),
    ON_DEMAND: 'analyze',
    ON_DEMAND_WAIT_MS: '20000',
    ON_DEMAND_CONCURRENCY: '2',
  })
  // cryptography: a request that waits for the package's analysis (licenses are answered before its tarballs are read)
  const ask = (purl: string) =>
    fetch(`http://127.0.0.1:${port}/v2/cryptography/algorithms/components`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ components: [{ purl }] }),
    }).then((r) => r.json() as Promise<{ components: { error_code?: string }[] }>)
  try {
    // a unit that runs to the end, its packument and tarballs read in artifact threads
    assert.equal((await ask('pkg:npm/fixture-alpha@1.1.0')).components[0]?.error_code, undefined)
    const held = reg.hold('/fixture-hfh/-/')
    void ask('pkg:npm/fixture-hfh@1.0.0').catch(() => undefined) // its connection is closed by the shutdown
    await held.arrived
    const defunct = childProcesses(server.child.pid as number).filter((c) => c.state === 'Z')
    assert.deepEqual(defunct, [], 'no defunct child process')

    const signalled = Date.now()
    server.child.kill('SIGTERM')
    const code = await Promise.race([server.exited, sleep(15_000).then(() => 'still running')])
    const ms = Date.now() - signalled
    held.release()
    assert.equal(code, 0, server.output().slice(-2000))
    assert.ok(ms <= 10_000, `exited ${ms} ms after SIGTERM`)
    assert.match(server.output(), /gave the unfinished units back to the queue/)

    const storage = openStorage({ kind: 'sqlite', path: file })
    try {
      const units = await storage.db
        .selectFrom('ingest_queue')
        .select(['name', 'state', 'attempts', 'lease_owner'])
        .orderBy('name')
        .execute()
      assert.deepEqual(
        units.map((u) => [u.name, u.state, u.attempts, u.lease_owner]),
        [
          ['fixture-alpha', 'done', 1, null],
          ['fixture-hfh', 'pending', 0, null],
        ],
        'an unknown package asked for its cryptography: its analysis unit alone',
      )
      const hfh = await storage.db.selectFrom('components').select('id').where('name', '=', 'fixture-hfh').execute()
      assert.deepEqual(hfh, [], 'the aborted unit wrote nothing')
      const report = await checkKb(new SqlConsistencyReader(storage.db), { examples: 5 })
      assert.ok(!anyFinding(report), JSON.stringify(report.findings))
    } finally {
      await storage.close()
    }
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGKILL')
    await reg.close()
    rmSync(dir, { recursive: true, force: true })
  }
})
