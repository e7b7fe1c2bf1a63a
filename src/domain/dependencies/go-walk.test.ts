// The transitive walk of Go modules through transitiveDependencies: minimal version selection over the requirements
// an in-memory KB holds (those of the real go.mod files of Debian's golang.org/x/crypto 0.4.0 and x/net 0.7.0, FIXTURE
// test/fixtures/golang/README.md, and the versions they name), answers computed by hand from the MVS definition
// (go.dev/ref/mod#minimal-version-selection): each module once, at the highest version the graph requires.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { knownComponent, knownVersion, memoryCatalog } from '../catalog/memory-catalog.test-helper.ts'
import type { KnownComponent } from '../catalog/types.ts'
import { transitiveDependencies } from './transitive.ts'
import type { DeclaredDependency, DependencyReader } from './types.ts'

const KB: Record<string, Record<string, Record<string, string>>> = {
  'golang.org/x/crypto': {
    'v0.4.0': {
      'golang.org/x/net': 'v0.3.0',
      'golang.org/x/sys': 'v0.3.0',
      'golang.org/x/term': 'v0.3.0',
      'golang.org/x/text': 'v0.5.0',
    },
  },
  'golang.org/x/net': {
    'v0.3.0': {},
    'v0.7.0': { 'golang.org/x/sys': 'v0.5.0', 'golang.org/x/term': 'v0.5.0', 'golang.org/x/text': 'v0.7.0' },
  },
  'golang.org/x/sys': { 'v0.3.0': {}, 'v0.5.0': {}, 'v0.9.0': {} },
  'golang.org/x/term': { 'v0.3.0': {}, 'v0.5.0': { 'golang.org/x/sys': 'v0.5.0' } },
  'golang.org/x/text': { 'v0.5.0': {} },
}

function ports() {
  let id = 0
  const declared = new Map<number, DeclaredDependency[]>()
  const components: KnownComponent[] = Object.entries(KB).map(([path, versions]) => {
    const vs = Object.entries(versions).map(([v, reqs]) => {
      const vid = ++id
      declared.set(
        vid,
        Object.entries(reqs).map(([name, requirement]) => ({ name, scope: 'runtime', requirement })),
      )
      return knownVersion(vid, v)
    })
    return knownComponent(path, vs, { id: ++id, type: 'golang', purl: `pkg:golang/${path}`, purlName: path })
  })
  let reads = 0
  const dependencies: DependencyReader = {
    async ofVersions(ids) {
      reads++
      return new Map(ids.flatMap((i) => (declared.has(i) ? [[i, declared.get(i) ?? []] as const] : [])))
    },
  }
  return { catalog: memoryCatalog(components), dependencies, reads: () => reads }
}

test('two modules: each dependency once, at the version MVS selects, not the newest known', async () => {
  const p = ports()
  const r = await transitiveDependencies(
    { components: [{ purl: 'pkg:golang/golang.org/x/crypto@v0.4.0' }, { purl: 'pkg:golang/golang.org/x/net@v0.7.0' }] },
    p,
  )
  assert.ok(r.ok)
  // by hand: net max(v0.3.0, input v0.7.0) = v0.7.0 (an input, so listed as such only if raised: it is the input's
  // own version, not listed); sys max(v0.3.0, v0.5.0) = v0.5.0 (v0.9.0 is known but nothing requires it); term
  // v0.5.0; text max(v0.5.0, v0.7.0) = v0.7.0, which the KB does not know: listed, and missing
  assert.deepEqual(
    r.dependencies.map((d) => [d.purl, d.version, d.depth]),
    [
      ['pkg:golang/golang.org/x/sys', 'v0.5.0', 1],
      ['pkg:golang/golang.org/x/term', 'v0.5.0', 1],
      ['pkg:golang/golang.org/x/text', 'v0.7.0', 1],
    ],
  )
  assert.equal(r.dependencies[0]?.dependent, 'pkg:golang/golang.org/x/net@v0.7.0')
  assert.deepEqual(r.missing, [{ purl: 'pkg:golang/golang.org/x/text', requirement: 'v0.7.0' }])
  assert.ok(p.reads() <= 3, `one dependency read per level, ${p.reads()}`)
})

test('one module: its go.mod requirements, and what they require at depth 2', async () => {
  const r = await transitiveDependencies({ components: [{ purl: 'pkg:golang/golang.org/x/crypto@v0.4.0' }] }, ports())
  assert.ok(r.ok)
  // by hand: crypto requires net/sys/term v0.3.0 and text v0.5.0; their go.mods add nothing higher
  assert.deepEqual(
    r.dependencies.map((d) => `${d.purl}@${d.version}`),
    [
      'pkg:golang/golang.org/x/net@v0.3.0',
      'pkg:golang/golang.org/x/sys@v0.3.0',
      'pkg:golang/golang.org/x/term@v0.3.0',
      'pkg:golang/golang.org/x/text@v0.5.0',
    ],
  )
})
