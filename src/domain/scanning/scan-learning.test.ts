// What a scan's answer names for on-demand learning, on a FIXTURE KB in memory and a port that records its requests:
// a snippet match's newest version the KB never walked (analysis), an unknown dependency (metadata), nothing for
// what is known and walked, for a file match's newest version, or without a port; the port is never waited for.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { PACKAGE_SOURCES } from '../../sources/index.ts'
import { knownComponent, knownVersion, memoryCatalog } from '../catalog/memory-catalog.test-helper.ts'
import type { Learned, LearnRequest, OnDemandPort } from '../on-demand/types.ts'
import type { FileMatch } from './scan.ts'
import type { ScanBlocks } from './scan-blocks.ts'
import { learnFromScan } from './scan-learning.ts'

const lib = knownComponent('lib', [knownVersion(1, '1.0.0'), knownVersion(2, '1.1.0')], {
  id: 10,
  latestVersion: '1.1.0',
})
const dep = knownComponent('dep', [knownVersion(3, '2.0.0')], { id: 11, latestVersion: '2.0.0' })
/** Versions whose files were walked: lib 1.0.0 and dep 2.0.0 (not lib 1.1.0). */
const walked = new Set([1, 3])
const ports = {
  catalog: memoryCatalog([lib, dep]),
  analyses: {
    outputs: async (ids: readonly number[], analyzer: string) =>
      new Map(ids.filter((i) => analyzer === 'files' && walked.has(i)).map((i) => [i, {}])),
  },
}

function recorder() {
  const calls: { requests: readonly LearnRequest[]; waitMs: number | undefined }[] = []
  const port: OnDemandPort = {
    sources: PACKAGE_SOURCES,
    async learn(requests, _who, waitMs) {
      calls.push({ requests, waitMs })
      return new Map(requests.map((r) => [`${r.source}:${r.name}`, { state: 'pending' } as Learned]))
    },
  }
  return { calls, ctx: { port, who: 'key:1' } }
}

function match(id: 'file' | 'snippet'): FileMatch {
  const place = {
    ...{ md5: 'a'.repeat(32), path: 'index.js', versionId: 1, version: '1.0.0', releasedAt: null, componentId: 10 },
    ...{ purl: 'pkg:npm/lib', name: 'lib', namespace: '', projectUrl: '', latestVersion: '1.1.0' },
  }
  return { id, place, fileHash: place.md5, lines: 'all', ossLines: 'all', matched: 100, identified: false }
}

const blocksOf = (m: FileMatch, deps: { component: string; version: string }[]) =>
  new Map<FileMatch, ScanBlocks>([
    [m, { dependencies: deps.map((d) => ({ ...d, vendor: d.component, source: 'component_declared' as const })) }],
  ])

test('a snippet match queues its component newest version the KB never walked, without waiting', async () => {
  const { calls, ctx } = recorder()
  const m = match('snippet')
  const fetching = await learnFromScan([m], blocksOf(m, []), undefined, ports, ctx)
  assert.deepEqual(fetching, ['pkg:npm/lib'])
  assert.deepEqual(calls, [
    { requests: [{ source: 'npm', name: 'lib', asked: ['1.1.0'], need: 'analysis' }], waitMs: 0 },
  ])
})

test('a dependency the KB lacks is queued; a known and walked one, and a file match, are not', async () => {
  const { calls, ctx } = recorder()
  const m = match('file')
  const deps = [
    { component: 'dep', version: '^2.0.0' },
    { component: 'missing', version: '~1.2.0' },
    { component: 'gitdep', version: 'github:owner/repo' },
  ]
  const fetching = await learnFromScan([m], blocksOf(m, deps), undefined, ports, ctx)
  assert.deepEqual(fetching, ['pkg:npm/missing'])
  assert.deepEqual(calls[0]?.requests, [{ source: 'npm', name: 'missing', asked: ['~1.2.0'], need: 'metadata' }])
})

test('nothing is asked when all is known and walked, nor without a port', async () => {
  const { calls, ctx } = recorder()
  const m = match('file')
  assert.deepEqual(
    await learnFromScan([m], blocksOf(m, [{ component: 'dep', version: '2' }]), undefined, ports, ctx),
    [],
  )
  assert.equal(calls.length, 0)
  const s = match('snippet')
  assert.deepEqual(await learnFromScan([s], blocksOf(s, []), undefined, ports, { port: undefined, who: 'x' }), [])
})
