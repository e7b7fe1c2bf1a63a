// An aborted walk ends at once and leaves no child behind: its command is killed and reaped, whether the walk runs in
// this thread (walkCommand, `compintel worker`) or in a walk thread (walkInThread, the server's worker), so a unit
// aborted by its timeout or by SIGTERM leaves no defunct process (docs/running-at-scale.md "Stopping").
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { walkInThread } from '../src/jobs/thread/walk-pool.ts'
import { walkCommand } from '../src/sources/debian/deb-file.ts'
import { childProcesses } from './helpers/processes.ts'

for (const [where, walk] of [
  ['in this thread', walkCommand],
  ['in a walk thread', walkInThread],
] as const) {
  test(`an aborted walk ${where}: rejects with the abort, its command killed and reaped`, async () => {
    const ac = new AbortController()
    // a command that writes nothing for a minute: the walk waits on it until aborted
    const walking = walk('sleep', ['60'], [], ac.signal)
    let started: { pid: number } | undefined
    for (let i = 0; i < 100 && !started; i++) {
      await sleep(50)
      started = childProcesses(process.pid).find((c) => c.command === 'sleep')
    }
    assert.ok(started, 'the command started')
    const aborted = Date.now()
    ac.abort(new Error('stop'))
    await assert.rejects(walking, /stop/)
    assert.ok(Date.now() - aborted < 3000, 'ended at once')
    await sleep(100)
    const left = childProcesses(process.pid).filter((c) => c.pid === started?.pid)
    assert.deepEqual(left, [], 'no child left, defunct or running')
  })
}
