// The transitive walk (transitive-walk.ts) on an in-memory KB, through transitiveDependencies: order, depth and limit,
// cycles, aliases, unresolvable dependencies, the tree's fields, and the number of port calls (one per level, never one
// per node). The request's checks and bounds: transitive.test.ts.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { chain, type FakeKb, fakePorts, graph } from './transitive.test-helper.ts'
import { transitiveDependencies } from './transitive.ts'

const row = (purl: string, version: string, requirement: string) => ({ purl, version, requirement })

const cases: {
  name: string
  kb: FakeKb
  components: { purl: string; requirement?: string }[]
  depth?: number
  limit?: number
  want: ReturnType<typeof row>[] | number
  message?: RegExp
}[] = [
  {
    name: 'breadth-first, name order per version; alias followed, git and missing listed, dev/peer not followed',
    kb: graph,
    components: [{ purl: 'pkg:npm/app@1.0.0' }],
    want: [
      row('pkg:npm/util', '2.2.0', 'npm:util@^2.2.0'),
      row('pkg:npm/gitdep', '', 'git+https://x.invalid/g.git'),
      row('pkg:npm/lib', '1.2.0', '^1.0.0'),
      row('pkg:npm/missing', '', '^1.0.0'),
      row('pkg:npm/opt', '1.0.0', '*'),
      row('pkg:npm/util', '2.1.5', '~2.1.0'),
      // level 2: lib 1.2.0 → app (the input), util ^2.0.0 (2.2.0, listed), missing ^1.0.0 (listed); util 2.1.5 → deep
      row('pkg:npm/deep', '1.0.0', '^1.0.0'),
      // level 3
      row('pkg:npm/deeper', '1.0.0', '1.0.0'),
      row('pkg:npm/missing', '', '^2.0.0'),
    ],
  },
  {
    name: 'depth 1: direct dependencies only',
    kb: graph,
    components: [{ purl: 'pkg:npm/app', requirement: '1.0.0' }],
    depth: 1,
    want: 6,
  },
  { name: 'depth 0 means the default (3)', kb: chain, components: [{ purl: 'pkg:npm/c00' }], depth: 0, want: 3 },
  { name: 'depth absent means 3', kb: chain, components: [{ purl: 'pkg:npm/c00' }], want: 3 },
  { name: 'depth 5', kb: chain, components: [{ purl: 'pkg:npm/c00' }], depth: 5, want: 5 },
  { name: 'depth above 10 is 10', kb: chain, components: [{ purl: 'pkg:npm/c00' }], depth: 99, want: 10 },
  {
    name: 'limit truncates in BFS order',
    kb: graph,
    components: [{ purl: 'pkg:npm/app@1.0.0' }],
    limit: 2,
    want: [row('pkg:npm/util', '2.2.0', 'npm:util@^2.2.0'), row('pkg:npm/gitdep', '', 'git+https://x.invalid/g.git')],
    message: /truncated at limit 2/,
  },
  {
    name: 'a limit reached exactly with nothing left is not a truncation',
    kb: graph,
    components: [{ purl: 'pkg:npm/app@1.0.0' }],
    limit: 9,
    want: 9,
    message: /^Success$/,
  },
  {
    name: 'a cycle is walked once; the input reached again is not listed',
    kb: { a: { versions: { '1.0.0': { deps: { b: '1' } } } }, b: { versions: { '1.0.0': { deps: { a: '^1' } } } } },
    components: [{ purl: 'pkg:npm/a' }],
    depth: 10,
    want: [row('pkg:npm/b', '1.0.0', '1')],
  },
  {
    name: 'an input read by exact version is read in full when the walk reaches its package again',
    kb: {
      a: { latest: '1.5.0', versions: { '1.0.0': { deps: { b: '1' } }, '1.5.0': {} } },
      b: { versions: { '1.0.0': { deps: { a: '^1' } } } },
    },
    components: [{ purl: 'pkg:npm/a@1.0.0' }],
    want: [row('pkg:npm/b', '1.0.0', '1'), row('pkg:npm/a', '1.5.0', '^1')],
  },
  {
    name: 'two inputs naming the same version are expanded once; unresolvable inputs are skipped and named',
    kb: graph,
    components: [
      { purl: 'pkg:npm/deep@1.0.0' },
      { purl: 'pkg:npm/deep', requirement: '^1.0.0' },
      { purl: 'pkg:npm/nope' },
      { purl: 'pkg:npm/deep', requirement: '^9' },
      { purl: 'not a purl' },
    ],
    want: [row('pkg:npm/deeper', '1.0.0', '1.0.0'), row('pkg:npm/missing', '', '^2.0.0')],
    message:
      /skipped 3 input component\(s\): not a purl \(Invalid Purl\); pkg:npm\/nope \(Component not found\); pkg:npm\/deep \(Component version not found\)/,
  },
  {
    name: 'every input unresolvable: an empty list',
    kb: graph,
    components: [{ purl: 'pkg:npm/nope' }],
    want: [],
    message: /skipped 1/,
  },
]

for (const c of cases) {
  test(`transitive: ${c.name}`, async () => {
    const ports = fakePorts(c.kb)
    const r = await transitiveDependencies({ components: c.components, depth: c.depth, limit: c.limit }, ports)
    assert.ok(r.ok, JSON.stringify(r))
    if (typeof c.want === 'number') assert.equal(r.dependencies.length, c.want, JSON.stringify(r.dependencies))
    // the tree's fields (depth, dependent) have a case of their own below
    else
      assert.deepEqual(
        r.dependencies.map(({ purl, version, requirement }) => ({ purl, version, requirement })),
        c.want,
      )
    if (c.message) assert.match(r.message, c.message)
  })
}

test('transitive: one dependency read and at most one catalog read per level', async () => {
  const ports = fakePorts(chain)
  const r = await transitiveDependencies({ components: [{ purl: 'pkg:npm/c00' }], depth: 10 }, ports)
  assert.ok(r.ok)
  assert.equal(r.dependencies.length, 10)
  assert.equal(ports.calls.dependencies, 10)
  assert.equal(ports.calls.catalog, 1 + 10) // the inputs, then one per level
})

test('transitive: each dependency with its depth and the version it was first reached from (a tree)', async () => {
  const r = await transitiveDependencies({ components: [{ purl: 'pkg:npm/lib@1.2.0' }] }, fakePorts(graph))
  assert.ok(r.ok)
  assert.deepEqual(
    r.dependencies.map((d) => [d.purl, d.version, d.depth, d.dependent]),
    [
      // lib 1.2.0 → app, missing (unresolved), util 2.2.0; app 1.0.0 → gitdep, opt, util 2.1.5 (its ~2.1.0; lib and
      // missing already listed); util 2.1.5 → deep
      ['pkg:npm/app', '1.0.0', 1, 'pkg:npm/lib@1.2.0'],
      ['pkg:npm/missing', '', 1, 'pkg:npm/lib@1.2.0'],
      ['pkg:npm/util', '2.2.0', 1, 'pkg:npm/lib@1.2.0'],
      ['pkg:npm/gitdep', '', 2, 'pkg:npm/app@1.0.0'],
      ['pkg:npm/opt', '1.0.0', 2, 'pkg:npm/app@1.0.0'],
      ['pkg:npm/util', '2.1.5', 2, 'pkg:npm/app@1.0.0'],
      ['pkg:npm/deep', '1.0.0', 3, 'pkg:npm/util@2.1.5'],
    ],
  )
})
