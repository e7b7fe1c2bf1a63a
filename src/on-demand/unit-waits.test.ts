// UnitWaits over an in-memory view of the queue's states: a wait ends as soon as this process's worker reports its
// unit settled (no look at the queue meanwhile), says why a unit failed (a package its source does not have: skipped),
// answers `pending` when its time is spent or the process stops, and takes a unit the queue no longer holds as done.
// With a real worker and queue: service.test.ts.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { UnitView } from '../domain/kb/ingest-queue.ts'
import { UnitWaits } from './unit-waits.ts'

type State = Pick<UnitView, 'state' | 'lastError'>

function setup(units: Record<string, State>, pollMs = Number.POSITIVE_INFINITY) {
  const looks: string[][] = []
  const counts = { waitsDone: 0, waitsAtBudget: 0 }
  const queue = {
    async states(ids: readonly string[]) {
      looks.push([...ids])
      return new Map(ids.flatMap((id) => (units[id] ? [[id, units[id]] as const] : [])))
    },
  }
  return { waits: new UnitWaits(queue, pollMs, counts), looks, counts }
}

const open: State = { state: 'active', lastError: null }
const tick = () => new Promise((r) => setImmediate(r))

test("a wait ends when this process's worker reports its units settled, with no look at the queue meanwhile", async () => {
  const { waits, looks, counts } = setup({ u1: open, u2: open, u3: open })
  for (const id of ['u1', 'u2', 'u3']) waits.onUnit(id, 'claimed')
  const answer = waits.wait(
    new Map([
      ['u1', 'npm:a'],
      ['u2', 'npm:b'],
      ['u3', 'npm:c'],
    ]),
    60_000,
  )
  await tick()
  waits.onUnit('u1', 'done')
  waits.onUnit('u2', 'failed', 'refused (integrity): sha512 mismatch')
  waits.onUnit('u3', 'failed', 'not found')
  assert.deepEqual(
    await answer,
    new Map([
      ['npm:a', { state: 'done' }],
      ['npm:b', { state: 'failed', reason: 'refused (integrity): sha512 mismatch' }],
      ['npm:c', { state: 'skipped' }],
    ]),
  )
  assert.deepEqual(looks, [['u1', 'u2', 'u3']], 'one look when the wait starts')
  assert.deepEqual(counts, { waitsDone: 1, waitsAtBudget: 0 })
})

test('units still open when the time is spent are pending; a unit the queue no longer holds ended done', async () => {
  const { waits, counts } = setup({ u1: open })
  const answer = await waits.wait(
    new Map([
      ['u1', 'npm:a'],
      ['gone', 'npm:b'],
    ]),
    20,
  )
  assert.deepEqual(
    answer,
    new Map([
      ['npm:b', { state: 'done' }],
      ['npm:a', { state: 'pending' }],
    ]),
  )
  assert.deepEqual(counts, { waitsDone: 0, waitsAtBudget: 1 })
})

test('units held elsewhere are looked at every pollMs; a wait of 0 is not counted', async () => {
  const units: Record<string, State> = { u1: open }
  const { waits, looks } = setup(units, 5)
  const answer = waits.wait(new Map([['u1', 'npm:a']]), 60_000)
  await new Promise((r) => setTimeout(r, 20))
  units.u1 = { state: 'failed', lastError: 'timed out' }
  assert.deepEqual(await answer, new Map([['npm:a', { state: 'failed', reason: 'timed out' }]]))
  assert.ok(looks.length >= 2, JSON.stringify(looks))
  const { waits: once, counts } = setup({ u1: open })
  assert.deepEqual(await once.wait(new Map([['u1', 'npm:a']]), 0), new Map([['npm:a', { state: 'pending' }]]))
  assert.deepEqual(counts, { waitsDone: 0, waitsAtBudget: 0 })
})

test('a stopping process wakes its waiters, which answer pending at once', async () => {
  const { waits } = setup({ u1: open })
  waits.onUnit('u1', 'claimed')
  const started = Date.now()
  const answer = waits.wait(new Map([['u1', 'npm:a']]), 60_000)
  await tick()
  waits.stop()
  assert.deepEqual(await answer, new Map([['npm:a', { state: 'pending' }]]))
  assert.ok(Date.now() - started < 10_000)
})
