// The pressure monitor never throws: a heap read or a KB ping that fails, from the start or from a later timer,
// keeps the last readings, is reported to `warn`, and no exception reaches the process.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { startPressureMonitor } from './pressure-monitor.ts'

const LIMITS = { maxEventLoopDelayMs: 0, maxHeapUsedBytes: 1000, healthCheckIntervalMs: 100 }

test('a read that throws in a timer is caught and reported; the readings carry on', async () => {
  const uncaught: unknown[] = []
  const onUncaught = (err: unknown) => uncaught.push(err)
  process.on('uncaughtException', onUncaught)
  process.on('unhandledRejection', onUncaught)
  const warned: string[] = []
  let reads = 0
  const monitor = startPressureMonitor(
    LIMITS,
    () => {
      throw new Error('EMFILE: too many open files') // thrown, not rejected
    },
    (err, what) => warned.push(`${what}: ${(err as Error).message}`),
    () => {
      reads++
      if (reads > 1) throw new Error('EMFILE: too many open files')
      return { used_heap_size: 2000, heap_size_limit: 4000 }
    },
  )
  try {
    await sleep(1300) // the second heap read (the timer's) throws
    assert.ok(reads >= 2, 'the timer read again')
    assert.deepEqual(warned, ['heap statistics: EMFILE: too many open files'])
    const r = monitor.readings()
    assert.deepEqual([r.heapUsedBytes, r.heapLimitBytes], [2000, 4000], 'the last good reading is kept')
    assert.equal(r.database, 'unreachable', 'a ping that throws is an unreachable KB')
    assert.equal(monitor.cause(), 'database')
    assert.deepEqual(uncaught, [])
  } finally {
    monitor.stop()
    process.off('uncaughtException', onUncaught)
    process.off('unhandledRejection', onUncaught)
  }
})

test('over the heap limit: the cause is the heap; within every limit: none', async () => {
  const heap = { used_heap_size: 2000, heap_size_limit: 4000 }
  const monitor = startPressureMonitor(
    LIMITS,
    async () => {},
    () => {},
    () => heap,
  )
  try {
    await sleep(50) // the first ping settles
    assert.equal(monitor.cause(), 'heap')
    const calm = startPressureMonitor(
      { ...LIMITS, maxHeapUsedBytes: 0 },
      async () => {},
      () => {},
      () => heap,
    )
    await sleep(50)
    assert.equal(calm.cause(), undefined)
    calm.stop()
  } finally {
    monitor.stop()
  }
})
