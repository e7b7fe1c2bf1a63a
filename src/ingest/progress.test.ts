// Progress output: one plain line per unit when the sink is not a terminal, a redrawn bar on a terminal.
import assert from 'node:assert/strict'
import { afterEach, beforeEach, mock, test } from 'node:test'
import { bytes, duration, Progress, type ProgressSink } from './progress.ts'

function sink(isTTY: boolean): ProgressSink & { out: string[] } {
  const out: string[] = []
  return { isTTY, out, write: (t) => void out.push(t) }
}

beforeEach(() => mock.timers.enable({ apis: ['Date'], now: 0 }))
afterEach(() => mock.timers.reset())

test('not a terminal: one plain line per unit with counts, percentage, rate and ETA; no escapes', () => {
  const s = sink(false)
  const p = new Progress(4, s)
  mock.timers.tick(1000)
  p.tick('left-pad: 3 versions', { ok: 1, failed: 0 })
  p.tick('express: 200 versions', { ok: 2, failed: 0 })
  p.note('lodash: failed: boom')
  mock.timers.tick(1000)
  p.tick('lodash: failed', { ok: 2, failed: 1 })
  assert.deepEqual(s.out, [
    'ingest 1/4 (25.0%) 1.00/s ETA 3s left-pad: 3 versions\n',
    'ingest 2/4 (50.0%) 2.00/s ETA 1s express: 200 versions\n',
    'lodash: failed: boom\n',
    'ingest 3/4 (75.0%) 1.50/s ETA 1s lodash: failed\n',
  ])
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the test asserts that no escape sequence (ESC) is printed
  for (const line of s.out) assert.doesNotMatch(line, /[\r\x1b]/)
})

test('a terminal: a bar redrawn in place at most every 100 ms, the last state always, then a newline', () => {
  const s = sink(true)
  const p = new Progress(3, s, 'load')
  mock.timers.tick(500)
  p.tick('a', { ok: 1, 'not found': 0 })
  p.tick('b', { ok: 1, 'not found': 1 }) // 0 ms later: not redrawn
  p.note('b: not found')
  mock.timers.tick(1000)
  p.tick('c', { ok: 2, 'not found': 1 })
  assert.deepEqual(s.out, [
    `\r\x1b[2K[${'#'.repeat(8)}${'-'.repeat(16)}] load 1/3 (33.3%) 2.00/s ETA 1s ok 1`,
    '\r\x1b[2Kb: not found\n',
    `\r\x1b[2K[${'#'.repeat(24)}] load 3/3 (100.0%) 2.00/s ETA 0s ok 2 · not found 1`,
    '\n',
  ])
  for (const text of s.out) assert.ok(!text.includes('a\n') && !text.includes(' c'), 'unit lines are not printed')
})

test('grow: a total discovered while running (a dependency closure)', () => {
  const s = sink(false)
  const p = new Progress(1, s)
  p.grow(2)
  p.tick('x', {})
  assert.match(s.out[0] ?? '', /^ingest 1\/3 \(33\.3%\)/)
})

test('duration and bytes formats', () => {
  assert.equal(duration(Number.POSITIVE_INFINITY), '?')
  assert.equal(duration(59.4), '59s')
  assert.equal(duration(61), '1m01s')
  assert.equal(duration(3725), '1h02m')
  assert.equal(bytes(1023), '1023 B')
  assert.equal(bytes(1536), '1.5 KiB')
  assert.equal(bytes(5 * 1024 ** 2), '5.0 MiB')
  assert.equal(bytes(3 * 1024 ** 3), '3.00 GiB')
})
