// The transitive walk on an in-memory KB: order, depth and limit bounds, cycles, aliases, unresolvable
// dependencies, request errors, and the number of port calls (one per level, never one per node).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { knownComponent, knownVersion, memoryCatalog } from '../catalog/memory-catalog.test-helper.ts'
import type { KnownComponent } from '../catalog/types.ts'
import type { DependencyScope, LifecycleStatus } from '../kb/types.ts'
import { checkEcosystem, effectiveBound, transitiveDependencies } from './transitive.ts'
import type { DeclaredDependency, DependencyReader } from './types.ts'

type Deps = Record<string, string>
interface FakeVersion {
  deps?: Deps
  optional?: Deps
  peer?: Deps
  dev?: Deps
  status?: LifecycleStatus
}
type FakeKb = Record<string, { latest?: string; versions: Record<string, FakeVersion> }>

function fakePorts(kb: FakeKb) {
  const calls = { catalog: 0, exact: 0, dependencies: 0, versionsAsked: 0 }
  const components: KnownComponent[] = []
  const declared = new Map<number, DeclaredDependency[]>()
  let id = 0
  for (const [name, pkg] of Object.entries(kb)) {
    const versions = Object.entries(pkg.versions).map(([version, v]) => {
      const vid = ++id
      const scoped: [DependencyScope, Deps | undefined][] = [
        ['runtime', v.deps],
        ['optional', v.optional],
        ['peer', v.peer],
        ['dev', v.dev],
      ]
      declared.set(
        vid,
        scoped.flatMap(([scope, d]) =>
          Object.entries(d ?? {}).map(([n, requirement]) => ({ name: n, scope, requirement })),
        ),
      )
      return knownVersion(vid, version, { status: v.status ?? 'active' })
    })
    const latest = pkg.latest ?? Object.keys(pkg.versions).at(-1) ?? null
    components.push(knownComponent(name, versions, { id: ++id, latestVersion: latest }))
  }
  const catalog = memoryCatalog(components, { counts: calls })
  const dependencies: DependencyReader = {
    async ofVersions(ids, scopes) {
      calls.dependencies++
      calls.versionsAsked += ids.length
      const out = new Map<number, DeclaredDependency[]>()
      for (const vid of ids) {
        const list = (declared.get(vid) ?? []).filter((d) => scopes.includes(d.scope))
        if (list.length > 0)
          out.set(
            vid,
            list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
          )
      }
      return out
    },
  }
  return { catalog, dependencies, calls }
}

const graph: FakeKb = {
  app: {
    versions: {
      '1.0.0': {
        deps: {
          lib: '^1.0.0',
          util: '~2.1.0',
          missing: '^1.0.0',
          gitdep: 'git+https://x.invalid/g.git',
          alias: 'npm:util@^2.2.0',
        },
        optional: { opt: '*' },
        dev: { devdep: '^1.0.0' },
        peer: { peerdep: '>=1' },
      },
    },
  },
  lib: {
    latest: '2.0.0',
    versions: {
      '1.2.0': { deps: { util: '^2.0.0', app: '^1.0.0', missing: '^1.0.0' } },
      '1.3.0': { status: 'deprecated' },
      '2.0.0': { deps: { util: '2.2.0' } },
    },
  },
  util: { latest: '2.2.0', versions: { '2.1.0': {}, '2.1.5': { deps: { deep: '^1.0.0' } }, '2.2.0': {} } },
  deep: { versions: { '1.0.0': { deps: { deeper: '1.0.0', missing: '^2.0.0' } } } },
  deeper: { versions: { '1.0.0': {} } },
  opt: { versions: { '1.0.0': {} } },
  devdep: { versions: { '1.0.0': {} } },
  peerdep: { versions: { '1.0.0': {} } },
}

const chain: FakeKb = Object.fromEntries(
  Array.from({ length: 14 }, (_, i) => [
    `c${String(i).padStart(2, '0')}`,
    { versions: { '1.0.0': i < 13 ? { deps: { [`c${String(i + 1).padStart(2, '0')}`]: '^1.0.0' } } : {} } },
  ]),
)

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

test('transitive: limit above 5000 is 5000; 0 is the default 1000', async () => {
  const many = Object.fromEntries(Array.from({ length: 6000 }, (_, i) => [`m${i}`, '^1.0.0']))
  const kb: FakeKb = { wide: { versions: { '1.0.0': { deps: many } } } }
  for (const [limit, want] of [
    [99_999, 5000],
    [0, 1000],
    [undefined, 1000],
    [7, 7],
  ] as const) {
    const r = await transitiveDependencies({ components: [{ purl: 'pkg:npm/wide' }], limit }, fakePorts(kb))
    assert.ok(r.ok)
    assert.equal(r.dependencies.length, want)
    assert.match(r.message, new RegExp(`truncated at limit ${want}`))
  }
})

const errors: { name: string; components: { purl: string }[]; depth?: number; limit?: number; message: RegExp }[] = [
  {
    name: 'mixed ecosystems',
    components: [{ purl: 'pkg:npm/a' }, { purl: 'pkg:pypi/b' }],
    message: /multiple ecosystems found, expected single ecosystem: \[npm, pypi\]/,
  },
  {
    name: 'an ecosystem without dependency data',
    components: [{ purl: 'pkg:gem/rails' }],
    message: /unsupported ecosystem: 'gem'. Supported ecosystems: 'npm', 'deb', 'pypi', 'cargo', 'golang', 'maven'/,
  },
  { name: 'no valid purl', components: [{ purl: 'x' }, { purl: '' }], message: /invalid purls/ },
  { name: 'no component', components: [], message: /at least one component/ },
  { name: 'negative depth', components: [{ purl: 'pkg:npm/a' }], depth: -1, message: /'depth'/ },
  { name: 'negative limit', components: [{ purl: 'pkg:npm/a' }], limit: -5, message: /'limit'/ },
]

for (const e of errors) {
  test(`transitive request error: ${e.name}`, async () => {
    const ports = fakePorts(graph)
    const r = await transitiveDependencies({ components: e.components, depth: e.depth, limit: e.limit }, ports)
    assert.equal(r.ok, false)
    assert.match((r as { message: string }).message, e.message)
    assert.equal(ports.calls.catalog + ports.calls.exact + ports.calls.dependencies, 0, 'rejected before any read')
  })
}

test('effectiveBound: 0/absent → default, above max → max, negative → undefined', () => {
  const table: [number | undefined, number | undefined][] = [
    [undefined, 3],
    [0, 3],
    [1, 1],
    [10, 10],
    [11, 10],
    [-1, undefined],
    [1.5, undefined],
  ]
  for (const [input, want] of table) assert.equal(effectiveBound(input, 3, 10), want, String(input))
})

test('checkEcosystem keeps malformed purls aside when others are valid', () => {
  assert.deepEqual(checkEcosystem([{ purl: 'pkg:npm/a' }, { purl: 'nope' }]), {
    ok: true,
    type: 'npm',
    invalid: ['nope'],
  })
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
