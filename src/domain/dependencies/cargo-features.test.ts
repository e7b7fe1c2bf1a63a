// Cargo's feature resolution over real published manifests (FIXTURE: serde 1.0.152 and tokio 1.24.2 as Debian 12's
// librust-*-dev packages ship them, test/fixtures/cargo-manifests/README.md): which optional dependencies the asked
// features enable, and which features they ask of each dependency; the forms of the Cargo book's "Features" chapter.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { parse } from 'smol-toml'
import { activate, dependencyFeatures, enabledByDefault, featureTable } from './cargo-features.ts'
import { cargoDependencies } from './cargo-manifest.ts'

const manifest = (file: string) =>
  parse(
    readFileSync(new URL(`../../../test/fixtures/cargo-manifests/${file}.Cargo.toml`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>

/** A manifest's runtime and optional dependencies as activate() sees them. */
function resolve(file: string, asked: string[]) {
  const m = manifest(file)
  const deps = cargoDependencies(m)
    .filter((d) => d.scope !== 'dev')
    .map((d) => ({ key: d.features?.key ?? d.name, optional: d.scope === 'optional' || d.features?.optional === true }))
  const on = activate(featureTable(m.features), asked, deps)
  return {
    enabled: [...on.enabled].sort(),
    asks: Object.fromEntries([...on.asks].map(([k, v]) => [k, [...v].sort()])),
  }
}

test('serde: `derive` enables the optional serde_derive; the default features do not', () => {
  assert.deepEqual(resolve('serde-1.0.152', ['default']).enabled, [])
  assert.deepEqual(resolve('serde-1.0.152', ['derive']).enabled, ['serde_derive'])
  assert.deepEqual(resolve('serde-1.0.152', ['default', 'derive', 'rc']).enabled, ['serde_derive'])
  // the optional dependency as recorded: optional (the default feature leaves it off), asked with its defaults
  const [derive] = cargoDependencies(manifest('serde-1.0.152')).filter((d) => d.scope === 'optional')
  assert.deepEqual(derive, {
    scope: 'optional',
    name: 'serde_derive',
    requirement: '=1.0.152',
    features: { asks: ['default'], optional: true },
  })
})

test('tokio: features enable optional dependencies, through other features, and ask features of them', () => {
  assert.deepEqual(resolve('tokio-1.24.2', ['default']), { enabled: [], asks: {} })
  // rt-multi-thread → num_cpus (implicit feature) and rt
  assert.deepEqual(resolve('tokio-1.24.2', ['rt-multi-thread']).enabled, ['num_cpus'])
  // net → libc, socket2 (implicit features), mio (`mio/os-poll` enables it) with its features, winapi's asked
  const net = resolve('tokio-1.24.2', ['net'])
  assert.deepEqual(net.enabled, ['libc', 'mio', 'socket2', 'winapi'])
  assert.deepEqual(net.asks.mio, ['net', 'os-ext', 'os-poll'])
  assert.ok(net.asks.winapi?.includes('fileapi'), JSON.stringify(net.asks))
  // full: the union of its features
  assert.deepEqual(resolve('tokio-1.24.2', ['full']).enabled, [
    'bytes',
    'libc',
    'memchr',
    'mio',
    'num_cpus',
    'parking_lot',
    'signal-hook-registry',
    'socket2',
    'tokio-macros',
    'winapi',
  ])
  // what tokio asks of socket2 and winapi, as its manifest declares them
  const declared = cargoDependencies(manifest('tokio-1.24.2'))
  assert.deepEqual(declared.find((d) => d.name === 'socket2')?.features, { asks: ['all', 'default'], optional: true })
  assert.deepEqual(declared.find((d) => d.name === 'winapi')?.features, { asks: ['std'], optional: true })
  assert.equal(declared.find((d) => d.name === 'pin-project-lite')?.features, undefined, 'the usual: nothing recorded')
})

test("the Cargo book's forms: dep:, weak x?/f, implicit features hidden by dep:, renames", () => {
  const table = {
    default: ['std'],
    std: ['serde?/std', 'dep:memchr'],
    json: ['dep:serde_json', 'serde/derive'],
    // `dep:rgb` anywhere: rgb has no implicit feature
    color: ['dep:rgb'],
  }
  const deps = [
    { key: 'serde', optional: true },
    { key: 'serde_json', optional: true },
    { key: 'memchr', optional: true },
    { key: 'rgb', optional: true },
    { key: 'log', optional: false },
  ]
  const on = (asked: string[]) => {
    const a = activate(table, asked, deps)
    return { enabled: [...a.enabled].sort(), asks: Object.fromEntries([...a.asks].map(([k, v]) => [k, [...v]])) }
  }
  // the weak `serde?/std` neither enables serde nor asks anything of it while serde is off
  assert.deepEqual(on(['default']), { enabled: ['memchr'], asks: {} })
  // once `json` enables serde (`serde/derive`), the weak feature applies too
  assert.deepEqual(on(['default', 'json']), {
    enabled: ['memchr', 'serde', 'serde_json'],
    asks: { serde: ['derive', 'std'] },
  })
  // `rgb` is no feature (dep:rgb hides it); `serde` is serde's implicit one
  assert.deepEqual(on(['rgb', 'serde']), { enabled: ['serde'], asks: {} })
  assert.deepEqual([...enabledByDefault(table, ['serde', 'memchr'])], ['memchr'])
  // no table: only implicit features
  assert.deepEqual([...activate(undefined, ['serde', 'default'], deps).enabled], ['serde'])
})

test('what a dependency is asked, recorded only where it is not the usual', () => {
  const usual = { key: 'x', name: 'x', features: [], defaultFeatures: true, optional: false }
  assert.equal(dependencyFeatures(usual), undefined)
  assert.deepEqual(dependencyFeatures({ ...usual, defaultFeatures: false }), { asks: [] })
  assert.deepEqual(dependencyFeatures({ ...usual, features: ['b', 'a', 'a'] }), { asks: ['a', 'b', 'default'] })
  assert.deepEqual(dependencyFeatures({ ...usual, key: 'y' }), { asks: ['default'], key: 'y' })
})

test('hostile tables: non-lists, huge names and cycles are bounded', () => {
  assert.equal(featureTable('x'), undefined)
  assert.equal(featureTable({}), undefined)
  assert.deepEqual(featureTable({ a: ['b', 1, 'x'.repeat(300)], b: 'c', ['y'.repeat(300)]: [] }), { a: ['b'] })
  // a cycle of features ends
  const on = activate({ a: ['b'], b: ['a', 'dep:d'] }, ['a'], [{ key: 'd', optional: true }])
  assert.deepEqual([...on.enabled], ['d'])
  // `__proto__` is one more name, nothing polluted
  const table = featureTable(JSON.parse('{"__proto__": ["dep:d"], "a": []}'))
  assert.deepEqual([...activate(table, ['__proto__'], [{ key: 'd', optional: true }]).enabled], ['d'])
  assert.equal(({} as Record<string, unknown>).length, undefined)
})
