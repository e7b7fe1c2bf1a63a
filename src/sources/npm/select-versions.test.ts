// Which versions are kept (--versions), which are analyzed (--analyze), and what a bumped analyzer re-runs.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { versionSortKey } from '../../domain/kb/sort-key.ts'
import type { PackageState, VersionFacts } from '../../domain/kb/types.ts'
import { analysisPlan, parseSelection, pick } from './select-versions.ts'

function facts(version: string, extra: Partial<VersionFacts> = {}): VersionFacts {
  return {
    version,
    sortKey: versionSortKey(version),
    isPrerelease: version.includes('-'),
    releasedAt: null,
    status: 'active',
    statusRaw: null,
    integrity: `sha512-${version}`,
    unpackedSize: null,
    fileCount: null,
    license: null,
    dependencies: [],
    source: 'npm-registry',
    asOf: '2026-11-22T00:00:00.000Z',
    ...extra,
  }
}

// Oldest first, as mapPackument returns them; 1.2.0 was unpublished, 1.3.0 has no tarball integrity.
const V = [
  facts('1.0.0'),
  facts('1.1.0'),
  facts('1.2.0', { status: 'removed', statusRaw: 'unpublished', integrity: null }),
  facts('1.3.0', { integrity: null }),
  facts('2.0.0'),
  facts('3.0.0-rc.1'),
]
const names = (vs: readonly VersionFacts[]) => vs.map((v) => v.version)
const ANALYZERS = [
  { name: 'code-stats', version: '1' },
  { name: 'license-files', version: '1' },
]

function state(analyses: Record<string, Record<string, string>>): PackageState {
  return {
    versions: new Set(V.map((v) => v.version)),
    analyses: new Map(Object.entries(analyses).map(([v, byAnalyzer]) => [v, new Map(Object.entries(byAnalyzer))])),
  }
}

function plan(
  asked: readonly VersionFacts[],
  st: PackageState | undefined,
  analyzers = ANALYZERS,
): Record<string, string[]> {
  return Object.fromEntries([...analysisPlan(V, asked, st, analyzers)].map(([v, a]) => [v.version, a]))
}

test('parseSelection: all, latest, none (for --analyze only) or a positive integer', () => {
  assert.equal(parseSelection('all', false), 'all')
  assert.equal(parseSelection('latest', false), 'latest')
  assert.equal(parseSelection('none', true), 'none')
  assert.equal(parseSelection('3', false), 3)
  for (const bad of ['none', '0', '-1', '1.5', 'x', '']) assert.throws(() => parseSelection(bad, false), bad)
})

test('pick: newest first, the latest tag always among a subset, removed versions never counted', () => {
  assert.deepEqual(names(pick(V, 'all', '2.0.0')), names(V))
  assert.deepEqual(names(pick(V, 'none', '2.0.0')), [])
  assert.deepEqual(names(pick(V, 'latest', '2.0.0')), ['2.0.0'])
  assert.deepEqual(names(pick(V, 1, '2.0.0')), ['2.0.0'], 'the rc is newer, but latest takes the last place')
  assert.deepEqual(names(pick(V, 3, '2.0.0')), ['3.0.0-rc.1', '2.0.0', '1.3.0'])
  assert.deepEqual(names(pick(V, 4, '2.0.0')), ['3.0.0-rc.1', '2.0.0', '1.3.0', '1.1.0'], '1.2.0 is removed')
  assert.deepEqual(names(pick(V, 'latest', null)), ['3.0.0-rc.1'], 'no latest tag: the newest version')
})

test('analysisPlan: asked versions get every analyzer; no tarball or removed → nothing', () => {
  assert.deepEqual(plan(V, undefined), {
    '1.0.0': ['code-stats', 'license-files'],
    '1.1.0': ['code-stats', 'license-files'],
    '2.0.0': ['code-stats', 'license-files'],
    '3.0.0-rc.1': ['code-stats', 'license-files'],
  })
  assert.deepEqual(plan(pick(V, 'latest', '2.0.0'), undefined), { '2.0.0': ['code-stats', 'license-files'] })
})

test('analysisPlan: what is analyzed at the current versions is not analyzed again', () => {
  const done = state({ '2.0.0': { 'code-stats': '1', 'license-files': '1' } })
  assert.deepEqual(plan(pick(V, 'latest', '2.0.0'), done), {})
  assert.deepEqual(plan([], done), {})
  // A version analyzed by one analyzer only, and asked for again, gets the other one.
  assert.deepEqual(plan(pick(V, 'latest', '2.0.0'), state({ '2.0.0': { 'code-stats': '1' } })), {
    '2.0.0': ['license-files'],
  })
})

test('analysisPlan: an analyzer added later runs on every version walked before (its file list is stored)', () => {
  const done = state({
    '1.0.0': { files: '1', 'code-stats': '1' },
    '1.1.0': { 'code-stats': '1' },
    '2.0.0': { files: '1', 'code-stats': '1', 'license-files': '1' },
  })
  assert.deepEqual(plan([], done), { '1.0.0': ['license-files'] }, '1.1.0 was never walked: only asked versions are')
  assert.deepEqual(plan(pick(V, 'latest', '2.0.0'), done), { '1.0.0': ['license-files'] })
})

test('analysisPlan: a bumped analyzer re-runs only where it produced output before, and only it', () => {
  const done = state({
    '1.0.0': { 'code-stats': '1' },
    '1.1.0': { 'code-stats': '1', 'license-files': '1' },
    '2.0.0': { 'code-stats': '1', 'license-files': '1' },
  })
  const bumped = [
    { name: 'code-stats', version: '1' },
    { name: 'license-files', version: '2' },
  ]
  assert.deepEqual(plan([], done, bumped), { '1.1.0': ['license-files'], '2.0.0': ['license-files'] })
  // Asking for all adds the versions never analyzed (with every analyzer) and 1.0.0's missing analyzer.
  assert.deepEqual(plan(V, done, bumped), {
    '1.0.0': ['license-files'],
    '1.1.0': ['license-files'],
    '2.0.0': ['license-files'],
    '3.0.0-rc.1': ['code-stats', 'license-files'],
  })
  // A version whose output came from a newer analyzer than this build's is re-run too (the versions differ).
  assert.deepEqual(plan([], state({ '2.0.0': { 'code-stats': '9', 'license-files': '1' } })), {
    '2.0.0': ['code-stats'],
  })
  // Versions no longer kept are not re-analyzed: the plan only looks at `kept`.
  assert.deepEqual(
    Object.fromEntries([...analysisPlan(pick(V, 'latest', '2.0.0'), [], done, bumped)].map(([v, a]) => [v.version, a])),
    { '2.0.0': ['license-files'] },
  )
})
