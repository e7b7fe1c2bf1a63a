// A request's units: the phases it queues and the one it waits for, and what the same work, ended a moment ago,
// answers instead (the queue's side: service.test.ts, test/on-demand*.test.ts).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { serializeUnitOptions, type UnitView } from '../domain/kb/ingest-queue.ts'
import { endedFor, planned } from './unit-plans.ts'

const options = (phase?: 'known' | 'analysis', asked = ['1.0.0']) =>
  serializeUnitOptions({
    versions: 'asked',
    analyze: 'asked',
    withDependencies: false,
    asked,
    ...(phase ? { phase } : {}),
  })
const KNOWN = options('known')
const ANALYSIS = options('analysis')

test('planned: both phases for a missing package, waiting for what its answer needs; the analysis alone for analysis', () => {
  const both = { known: KNOWN, analysis: ANALYSIS }
  assert.deepEqual(planned(both, 'metadata'), [
    { phase: 'known', options: KNOWN, waited: true },
    { phase: 'analysis', options: ANALYSIS, waited: false },
  ])
  assert.deepEqual(planned(both, 'analysis'), [{ phase: 'analysis', options: ANALYSIS, waited: true }])
  const one = options()
  assert.deepEqual(planned({ known: one }, 'analysis'), [{ phase: 'known', options: one, waited: true }])
})

const unit = (options: string, state: UnitView['state'], lastError: string | null = null): UnitView => ({
  id: '1',
  name: 'a',
  options,
  state,
  lastError,
})

test("endedFor: the same work's end, else the phase's latest failure, else nothing started", () => {
  const plan = { phase: 'known', options: KNOWN, waited: true } as const
  assert.deepEqual(endedFor([unit(KNOWN, 'done')], plan), { state: 'skipped' })
  assert.deepEqual(endedFor([unit(KNOWN, 'failed', 'timed out')], plan), { state: 'failed', reason: 'timed out' })
  assert.deepEqual(endedFor([unit(KNOWN, 'failed', 'not found')], plan), { state: 'skipped' })
  // another request's versions failed in the same phase: that failure answers; in the other phase: it does not
  const other = options('known', ['2.0.0'])
  assert.deepEqual(endedFor([unit(other, 'failed', 'refused (format): x')], plan), {
    state: 'failed',
    reason: 'refused (format): x',
  })
  assert.deepEqual(endedFor([unit(options('analysis', ['2.0.0']), 'failed', 'timed out')], plan), { state: 'skipped' })
  // options that name no phase (not an on-demand unit's): any failure answers
  assert.deepEqual(endedFor([unit('{}', 'failed', 'timed out')], plan), { state: 'failed', reason: 'timed out' })
})
