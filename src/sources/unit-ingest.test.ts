// The command of a source whose units do its work: each name's two phases in order, dependencies once each, a
// missing package counted, a failure reported and the run going on, Ctrl-C stopping before the next name.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parseConfig } from '../config/config.ts'
import type { UnitOptions } from '../domain/kb/ingest-queue.ts'
import { PackageNotFound } from './npm/registry.ts'
import type { IngestArgs, IngestCommand, RunnerDeps } from './source.ts'
import { unitIngest } from './unit-ingest.ts'

const DEPS: Record<string, string[]> = { app: ['lib', 'util'], lib: ['util', 'gone'], util: [], bad: [] }

function fixture() {
  const runs: [string, UnitOptions['phase']][] = []
  const command = unitIngest(
    {
      source: 'fake',
      fetchable: (n) => /^[a-z]+$/.test(n),
      phases: (mode) => ({
        known: JSON.stringify({ versions: 'all', analyze: 'none', withDependencies: false, phase: 'known' }),
        ...(mode === 'analyze'
          ? {
              analysis: JSON.stringify({ versions: 'all', analyze: 'all', withDependencies: false, phase: 'analysis' }),
            }
          : {}),
      }),
    },
    (_: RunnerDeps) =>
      async ({ name, options }) => {
        runs.push([name, options.phase])
        if (name === 'bad') throw new Error('corrupt archive')
        const deps = DEPS[name]
        if (!deps) throw new PackageNotFound(name)
        return { changed: true, dependencies: deps, facts: {} }
      },
  )
  return { runs, command }
}

async function ingest(command: IngestCommand, args: IngestArgs, stopAfter = Infinity) {
  const lines: string[] = []
  let calls = 0
  const done = await command.run(args, {
    growth: parseConfig({}).growth,
    writer: {} as RunnerDeps['writer'],
    advisories: {} as RunnerDeps['advisories'],
    origins: {} as RunnerDeps['origins'],
    analyzers: [],
    now: () => '2026-11-27T00:00:00Z',
    shouldStop: () => ++calls > stopAfter,
    log: (l) => lines.push(l),
  })
  return { done, lines }
}

test('each name known then analyzed; with dependencies, each package once; missing and failed ones counted', async () => {
  const { runs, command } = fixture()
  const { done, lines } = await ingest(command, {
    names: ['app', 'bad', 'app'],
    values: { 'with-dependencies': true, 'metadata-only': false },
  })
  assert.deepEqual(runs, [
    ['app', 'known'],
    ['app', 'analysis'],
    ['bad', 'known'],
    ['lib', 'known'],
    ['lib', 'analysis'],
    ['util', 'known'],
    ['util', 'analysis'],
    ['gone', 'known'],
  ])
  assert.equal(done.summary, 'fake: 3 packages written; not found: 1 (gone); failed: 1')
  assert.deepEqual([done.changed, done.failed], [true, true])
  assert.ok(lines.includes('failed: bad: corrupt archive'))
})

test('--metadata-only runs the known phase alone; no dependencies unless asked; Ctrl-C stops before the next', async () => {
  const { runs, command } = fixture()
  const { done } = await ingest(command, { names: ['app', 'lib'], values: { 'metadata-only': true } }, 1)
  assert.deepEqual(runs, [['app', 'known']])
  assert.equal(done.summary, 'fake: 1 packages written; not found: 0; failed: 0; stopped with 1 left')
})

test('names the source would never fetch are refused before any work', async () => {
  const { runs, command } = fixture()
  await assert.rejects(ingest(command, { names: ['../etc'], values: {} }), /not a fake package name: \.\.\/etc/)
  await assert.rejects(ingest(command, { names: [], values: {} }), /no package names given/)
  assert.deepEqual(runs, [])
})
