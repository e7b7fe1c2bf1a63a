// scanFolderTree's rules on an in-memory index: recursion, one folder per purl, cut-off, ordering, filters.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { LicenseReader } from '../licenses/types.ts'
import { bandKeys } from './bands.ts'
import type { U64 } from './primitives.ts'
import { scanFolderTree } from './scan.ts'
import type { FolderIndex, IndexedNode, IndexedVersion, ScanFilters, ScanNode } from './types.ts'

const h = (hi: number, lo: number): U64 => ({ hi: hi >>> 0, lo: lo >>> 0 })
/** Three well separated hash families (pairwise distance 32 or more). */
const X = h(0x00000000, 0x00000000)
const Y = h(0xffffffff, 0x00000000)
const Z = h(0x00000000, 0xffffffff)
const flip = (x: U64, bits: number): U64 => h(x.hi, x.lo ^ ((2 ** bits - 1) << 3))

const version = (versionId: number, purl: string, v: string, over: Partial<IndexedVersion> = {}): IndexedVersion => ({
  versionId,
  version: v,
  releasedAt: `2020-01-0${versionId}T00:00:00Z`,
  purl,
  type: 'npm',
  namespace: '',
  name: purl.replace('pkg:npm/', ''),
  popularity: 0,
  status: 'active',
  hasRepository: true,
  ...over,
})

function fakeIndex(nodes: IndexedNode[], versions: IndexedVersion[]): FolderIndex {
  return {
    nodesWithBands: async (keys) => nodes.filter((n) => bandKeys(n.names, n.content).some((k) => keys.includes(k))),
    versions: async (ids) => new Map(versions.filter((v) => ids.includes(v.versionId)).map((v) => [v.versionId, v])),
  }
}
const noLicenses: LicenseReader = {
  ofVersions: async (ids) => new Map(ids.map((id) => [id, { expression: null, declared: null, facts: [] }])),
  licensedVersions: async () => new Map(),
}
const node = (pathId: string, x: U64 | undefined, children: ScanNode[] = []): ScanNode => ({
  pathId,
  hashes: x ? { names: x, content: x, dirs: x } : undefined,
  children,
})
const filters = (over: Partial<ScanFilters> = {}): ScanFilters => ({
  rankThreshold: 9,
  category: undefined,
  queryLimit: 10,
  recursiveThreshold: 0.8,
  minAcceptedScore: 0.15,
  ...over,
})
const idx = fakeIndex(
  [
    { nodeId: 1, versionId: 1, path: '.', names: X, content: X, dirs: X },
    { nodeId: 2, versionId: 2, path: '.', names: Y, content: Y, dirs: Y },
    { nodeId: 3, versionId: 3, path: '.', names: Z, content: Z, dirs: Z },
    { nodeId: 4, versionId: 4, path: '.', names: X, content: flip(X, 2), dirs: X },
  ],
  [
    version(1, 'pkg:npm/x', '1.0.0'),
    version(2, 'pkg:npm/y', '1.0.0'),
    version(3, 'pkg:npm/z', '1.0.0', { type: 'pypi' }),
    version(4, 'pkg:npm/x', '0.9.0'),
  ],
)
const tree = node('.', Z, [node('a', X, [node('a/b', Y)])])
const paths = (r: Awaited<ReturnType<typeof scanFolderTree>>) =>
  r.map((f) => `${f.pathId}:${f.components.map((c) => c.purl).join(',')}`)

test('the root is always searched below; another folder matching ≥ recursive_threshold is not', async () => {
  assert.deepEqual(paths(await scanFolderTree(tree, filters(), idx, noLicenses)), ['.:pkg:npm/z', 'a:pkg:npm/x'])
  assert.deepEqual(paths(await scanFolderTree(tree, filters({ recursiveThreshold: 0 }), idx, noLicenses)), [
    '.:pkg:npm/z',
    'a:pkg:npm/x',
    'a/b:pkg:npm/y',
  ])
})

test('a folder without hashes is skipped with everything below it', async () => {
  const t = node('.', Z, [node('a', undefined, [node('a/b', Y)])])
  assert.deepEqual(paths(await scanFolderTree(t, filters({ recursiveThreshold: 0 }), idx, noLicenses)), ['.:pkg:npm/z'])
})

test('each purl once, at the folder where it scores best', async () => {
  const t = node('.', flip(X, 4), [node('a', X)])
  const r = await scanFolderTree(t, filters({ recursiveThreshold: 0 }), idx, noLicenses)
  assert.deepEqual(paths(r), ['a:pkg:npm/x'])
  assert.equal(r[0]?.components[0]?.order, 1)
})

test('versions by distance: the exact one first with score 1, the near one after it with a lower score', async () => {
  const r = await scanFolderTree(node('.', X), filters(), idx, noLicenses)
  const v = r[0]?.components[0]?.versions
  assert.deepEqual(
    v?.map((x) => x.version),
    ['1.0.0', '0.9.0'],
  )
  assert.equal(v?.[0]?.score, 1)
  assert.ok((v?.[1]?.score ?? 1) < 1)
})

test('filters: category, rank threshold, strict minimum score', async () => {
  assert.deepEqual(paths(await scanFolderTree(node('.', Z), filters({ category: 'npm' }), idx, noLicenses)), [])
  assert.deepEqual(paths(await scanFolderTree(node('.', Z), filters({ category: 'pypi' }), idx, noLicenses)), [
    '.:pkg:npm/z',
  ])
  assert.deepEqual(paths(await scanFolderTree(node('.', X), filters({ rankThreshold: 4 }), idx, noLicenses)), [])
  const strict = await scanFolderTree(node('.', X), filters({ minAcceptedScore: 0.95 }), idx, noLicenses)
  assert.deepEqual(
    strict[0]?.components[0]?.versions.map((v) => v.version),
    ['1.0.0'],
  )
})

test('nothing similar: an empty list', async () => {
  assert.deepEqual(await scanFolderTree(node('.', h(0x0f0f0f0f, 0xf0f0f0f0)), filters(), idx, noLicenses), [])
})

test("at the same distance an upstream package comes before a distribution's, and both are named as everywhere", async () => {
  // FIXTURE: Debian's node-depd installs npm's depd, so both index the same folder (deb sorts first by purl)
  const same = fakeIndex(
    [
      { nodeId: 1, versionId: 1, path: '.', names: X, content: X, dirs: X },
      { nodeId: 2, versionId: 2, path: '.', names: X, content: X, dirs: X },
    ],
    [
      version(1, 'pkg:deb/debian/node-depd', '2.0.0-2', { type: 'deb', namespace: 'debian', name: 'node-depd' }),
      version(2, 'pkg:npm/depd', '2.0.0'),
    ],
  )
  const [found] = await scanFolderTree(node('.', X), filters(), same, noLicenses)
  assert.deepEqual(
    found?.components.map((c) => [c.order, c.purl, c.vendor, c.name]),
    [
      [1, 'pkg:npm/depd', 'depd', 'depd'],
      [2, 'pkg:deb/debian/node-depd', 'debian', 'node-depd'],
    ],
  )
})

test('the same file names with other contents are no match; content shared by two packages is ambiguous', async () => {
  const far = h(0x0f0f0f0f, 0xf0f0f0f0) // 32 bits from X, Y and Z
  const names = await scanFolderTree(
    { pathId: '.', hashes: { names: X, content: far, dirs: X }, children: [] },
    filters(),
    idx,
    noLicenses,
  )
  assert.deepEqual(names, [])
  const shared = fakeIndex(
    [
      { nodeId: 1, versionId: 1, path: '.', names: X, content: X, dirs: X },
      { nodeId: 2, versionId: 2, path: '.', names: flip(X, 10), content: h(0x3, 0), dirs: Y },
    ],
    [version(1, 'pkg:npm/x', '1.0.0'), version(2, 'pkg:npm/y', '1.0.0')],
  )
  // 6 bits from x's content, 8 from y's: not a copy of either
  const near = { pathId: '.', hashes: { names: X, content: flip(X, 6), dirs: X }, children: [] }
  assert.deepEqual(await scanFolderTree(near, filters(), shared, noLicenses), [])
  assert.deepEqual(paths(await scanFolderTree(node('.', X), filters(), shared, noLicenses)), ['.:pkg:npm/x'])
})
