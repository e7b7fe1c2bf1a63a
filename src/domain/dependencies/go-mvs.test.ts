// Minimal version selection against answers computed by hand from the definition in the Go modules reference
// (go.dev/ref/mod#minimal-version-selection: the highest version of each module required anywhere in the graph
// reached from the main module; "Replacement" and "Exclusion" there for the main module's directives): the
// reference's own example graph, and a graph of the real go.mod files of Debian's golang-*-dev packages (FIXTURE,
// test/fixtures/golang/README.md).
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { type GoMod, parseGoMod } from './go-mod.ts'
import { type ModuleVersion, minimalVersionSelection, mvKey } from './go-mvs.ts'

/** A graph as `path@version` → its requirements; the reads recorded to check one batch per level. */
function graph(edges: Record<string, string[]>) {
  const batches: string[][] = []
  const of = async (versions: readonly ModuleVersion[]) => {
    batches.push(versions.map(mvKey))
    const out = new Map<string, ModuleVersion[]>()
    for (const v of versions) {
      const reqs = edges[mvKey(v)]
      if (reqs)
        out.set(
          mvKey(v),
          reqs.map((r) => {
            const [path, version] = r.split('@') as [string, string]
            return { path, version }
          }),
        )
    }
    return out
  }
  return { of, batches }
}

const main = (require: string[], more: Partial<GoMod> = {}) => ({
  module: 'example.com/a',
  require: require.map((r) => {
    const [path, version] = r.split('@') as [string, string]
    return { path, version, indirect: false }
  }),
  replace: [],
  exclude: [],
  ...more,
})

const list = (b: { selected: ModuleVersion[] }) => b.selected.map(mvKey)

// The reference's figure: A requires B 1.2 and C 1.2; B 1.2 requires D 1.3; C 1.2 requires D 1.4; D 1.3 and D 1.4
// require E 1.2 (and D 1.3 also F 1.1, which only D 1.3's go.mod names, so it stays in the build list).
const REFERENCE = {
  'b@v1.2.0': ['d@v1.3.0'],
  'c@v1.2.0': ['d@v1.4.0'],
  'c@v1.3.0': ['d@v1.4.0', 'f@v1.2.0'],
  'd@v1.3.0': ['e@v1.2.0', 'f@v1.1.0'],
  'd@v1.4.0': ['e@v1.2.0'],
  'e@v1.2.0': [],
  'e@v1.3.0': [],
  'f@v1.1.0': [],
  'f@v1.2.0': [],
  'r@v1.0.0': ['e@v1.3.0'],
}

test("the reference's example: the highest version of each module, visited one level at a time", async () => {
  const g = graph(REFERENCE)
  const b = await minimalVersionSelection(main(['b@v1.2.0', 'c@v1.2.0']), g.of)
  // by hand: B 1.2, C 1.2, D max(1.3, 1.4) = 1.4, E 1.2, F 1.1 (D 1.3's requirement, still in the graph)
  assert.deepEqual(list(b), ['b@v1.2.0', 'c@v1.2.0', 'd@v1.4.0', 'e@v1.2.0', 'f@v1.1.0'])
  assert.equal(b.requiredBy.get('d'), 'c@v1.2.0')
  assert.deepEqual(b.unknown, [])
  assert.deepEqual(g.batches, [
    ['b@v1.2.0', 'c@v1.2.0'],
    ['d@v1.3.0', 'd@v1.4.0'],
    ['e@v1.2.0', 'f@v1.1.0'],
  ])
})

test("the main module's replace: the replaced version's requirements are its replacement's; a folder's unknown", async () => {
  // C 1.2 replaced by R 1.0: C's requirement on D 1.4 is gone, R's on E 1.3 comes in; by hand: B 1.2, C 1.2 (the
  // build list keeps the replaced path), D 1.3, E max(1.2, 1.3) = 1.3, F 1.1
  const replaced = main(['b@v1.2.0', 'c@v1.2.0'], {
    replace: [{ path: 'c', version: 'v1.2.0', newPath: 'r', newVersion: 'v1.0.0' }],
  })
  assert.deepEqual(list(await minimalVersionSelection(replaced, graph(REFERENCE).of)), [
    'b@v1.2.0',
    'c@v1.2.0',
    'd@v1.3.0',
    'e@v1.3.0',
    'f@v1.1.0',
  ])
  const local = await minimalVersionSelection(
    main(['b@v1.2.0', 'c@v1.2.0'], { replace: [{ path: 'c', newPath: '../c' }] }),
    graph(REFERENCE).of,
  )
  assert.deepEqual(list(local), ['b@v1.2.0', 'c@v1.2.0', 'd@v1.3.0', 'e@v1.2.0', 'f@v1.1.0'])
  assert.deepEqual(local.unknown, [{ path: 'c', version: 'v1.2.0' }])
})

test("the main module's exclude: a requirement of an excluded version is ignored (Go 1.16+)", async () => {
  // D 1.4 excluded: C 1.2's requirement on it is dropped; by hand: B 1.2, C 1.2, D 1.3, E 1.2, F 1.1
  const b = await minimalVersionSelection(
    main(['b@v1.2.0', 'c@v1.2.0'], { exclude: [{ path: 'd', version: 'v1.4.0' }] }),
    graph(REFERENCE).of,
  )
  assert.deepEqual(list(b), ['b@v1.2.0', 'c@v1.2.0', 'd@v1.3.0', 'e@v1.2.0', 'f@v1.1.0'])
})

test("an upgrade of the main module's requirement raises what it brings (C 1.3: F 1.2 over D 1.3's F 1.1)", async () => {
  const b = await minimalVersionSelection(main(['b@v1.2.0', 'c@v1.3.0']), graph(REFERENCE).of)
  assert.deepEqual(list(b), ['b@v1.2.0', 'c@v1.3.0', 'd@v1.4.0', 'e@v1.2.0', 'f@v1.2.0'])
})

test('real go.mod files: x/crypto 0.4.0 and x/net 0.7.0 together; pseudo-versions order by their time', async () => {
  const read = (dir: string) =>
    parseGoMod(readFileSync(new URL(`../../../test/fixtures/golang/go-mod/${dir}/go.mod`, import.meta.url), 'utf8'))
  const crypto = read('golang.org_x_crypto')
  const net = read('golang.org_x_net')
  const known: Record<string, string[]> = {
    'golang.org/x/crypto@v0.4.0': crypto.require.map(mvKey),
    'golang.org/x/net@v0.7.0': net.require.map(mvKey),
  }
  // by hand: crypto needs net/sys/term 0.3.0 and text 0.5.0, net 0.7.0 needs sys/term 0.5.0 and text 0.7.0: the
  // maxima are net 0.7.0, sys 0.5.0, term 0.5.0, text 0.7.0; net 0.3.0's own go.mod is not known here
  const b = await minimalVersionSelection(
    main(['golang.org/x/crypto@v0.4.0', 'golang.org/x/net@v0.7.0']),
    graph(known).of,
  )
  assert.deepEqual(list(b), [
    'golang.org/x/crypto@v0.4.0',
    'golang.org/x/net@v0.7.0',
    'golang.org/x/sys@v0.5.0',
    'golang.org/x/term@v0.5.0',
    'golang.org/x/text@v0.7.0',
  ])
  assert.ok(b.unknown.some((m) => mvKey(m) === 'golang.org/x/net@v0.3.0'))
  // a pseudo-version sorts before the release it builds on, after the one before (by hand, semver pre-release)
  const p = await minimalVersionSelection(
    main(['x@v0.0.0-20220811171246-fbc7d0a398ab', 'y@v1.0.0']),
    graph({ 'y@v1.0.0': ['x@v0.0.0-20210927222741-03fcf44c2211'] }).of,
  )
  assert.deepEqual(list(p), ['x@v0.0.0-20220811171246-fbc7d0a398ab', 'y@v1.0.0'])
})

test('the walk stops at its bound and says so', async () => {
  const b = await minimalVersionSelection(main(['b@v1.2.0', 'c@v1.2.0']), graph(REFERENCE).of, { maxVersions: 3 })
  assert.equal(b.truncated, true)
  const shallow = await minimalVersionSelection(main(['b@v1.2.0', 'c@v1.2.0']), graph(REFERENCE).of, { maxDepth: 2 })
  // two levels: B, C and the Ds they name; E and F (level 3) not reached
  assert.deepEqual(list(shallow), ['b@v1.2.0', 'c@v1.2.0', 'd@v1.4.0'])
  assert.equal(shallow.depth.get('d'), 2)
  assert.equal(shallow.truncated, true)
})
