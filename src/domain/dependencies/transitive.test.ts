// The transitive request on an in-memory KB: its bounds (depth, limit: effectiveBound), its one ecosystem
// (checkEcosystem), and its errors, rejected before any read. The walk itself: transitive-walk.test.ts.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { type FakeKb, fakePorts, graph } from './transitive.test-helper.ts'
import { checkEcosystem, effectiveBound, transitiveDependencies } from './transitive.ts'

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
