import assert from 'node:assert/strict'
import { test } from 'node:test'
import { breathe, breatheIfSpent, SLICE_MS, startOfWork } from './breathe.ts'

const busy = (ms: number) => {
  const end = performance.now() + ms
  while (performance.now() < end) {}
}

test('a long run of synchronous steps lets waiting callbacks in between its steps', async () => {
  let ran = false
  setImmediate(() => {
    ran = true
  })
  startOfWork()
  let yields = 0
  let ranBeforeEnd = false
  for (let i = 0; i < 10; i++) {
    busy(2)
    const wait = breathe()
    if (wait) {
      yields++
      await wait
      if (ran) ranBeforeEnd = true
    }
  }
  assert.ok(yields >= 2 && yields <= 10, `${yields} yields over 20 ms of work in ${SLICE_MS} ms slices`)
  assert.ok(ranBeforeEnd, 'the waiting callback ran before the work ended')
})

test('short work never yields, and breatheIfSpent never starts timing a turn', async () => {
  await new Promise((resolve) => setImmediate(resolve))
  assert.equal(breatheIfSpent(), undefined, 'no timed turn: nothing to wait for')
  busy(SLICE_MS + 1)
  assert.equal(breatheIfSpent(), undefined, 'still untimed: breatheIfSpent did not start the clock')
  assert.equal(breathe(), undefined, 'the first step of a turn starts its clock')
  assert.equal(breathe(), undefined, 'a step right after it does not yield')
  busy(SLICE_MS + 1)
  const wait = breatheIfSpent()
  assert.ok(wait, 'a spent turn yields')
  await wait
  assert.equal(breathe(), undefined, 'the resumed turn is timed afresh')
})
