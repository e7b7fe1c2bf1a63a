// Cargo.toml dependency tables (as a TOML parser gives them) read as the KB's dependencies: the Cargo book's
// forms (strings, tables, renames, git, path, optional with features, platform-specific tables) and hostile input.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { enabledByDefault } from './cargo-features.ts'
import {
  cargoDependencies,
  cargoIndexDependencies,
  type IndexedCargoDependency,
  splitCargoRequirement,
} from './cargo-manifest.ts'

test("the Cargo book's forms", () => {
  const deps = cargoDependencies({
    package: { name: 'demo', version: '0.1.0' },
    dependencies: {
      serde: { version: '1.0', features: ['derive'], 'default-features': false },
      rand: '0.8.5',
      log: { version: '0.4', optional: true },
      json: { package: 'serde_json', version: '1' },
      regex: { git: 'https://example.invalid/regex.git', branch: 'next' },
      hello_utils: { path: 'hello_utils' },
      local_published: { path: '../x', version: '1.2' },
      private: { version: '2', registry: 'my-registry' },
      any: {},
    },
    'dev-dependencies': { tempfile: '3' },
    'build-dependencies': { cc: '1.0.3' },
    target: {
      'cfg(windows)': { dependencies: { winapi: '0.3.9' } },
      'cfg(unix)': { dependencies: { libc: '0.2' } },
      'x86_64-pc-windows-gnu': { 'dev-dependencies': { winhttp: '0.4.0' } },
    },
  })
  assert.deepEqual(deps, [
    { scope: 'runtime', name: 'serde', requirement: '1.0', features: { asks: ['derive'] } },
    { scope: 'runtime', name: 'rand', requirement: '0.8.5' },
    { scope: 'optional', name: 'log', requirement: '0.4', features: { asks: ['default'], optional: true } },
    { scope: 'runtime', name: 'serde_json', requirement: '1', features: { asks: ['default'], key: 'json' } },
    { scope: 'runtime', name: 'regex', requirement: 'git+https://example.invalid/regex.git#next' },
    { scope: 'runtime', name: 'hello_utils', requirement: 'path+hello_utils' },
    { scope: 'runtime', name: 'local_published', requirement: '1.2' },
    { scope: 'runtime', name: 'private', requirement: 'registry+my-registry 2' },
    { scope: 'runtime', name: 'any', requirement: '*' },
    { scope: 'dev', name: 'tempfile', requirement: '3' },
    { scope: 'dev', name: 'cc', requirement: '1.0.3' },
    { scope: 'runtime', name: 'winapi', requirement: '0.3.9; cfg(windows)' },
    { scope: 'runtime', name: 'libc', requirement: '0.2; cfg(unix)' },
    { scope: 'dev', name: 'winhttp', requirement: '0.4.0; x86_64-pc-windows-gnu' },
  ])
})

test('optional dependencies the default feature enables are runtime', () => {
  const features = {
    default: ['std', 'fancy'],
    std: ['dep:memchr', 'serde?/std'],
    fancy: ['unicode/full', 'color'],
    color: [],
    extra: ['dep:never'],
  }
  const optional = ['memchr', 'unicode', 'serde', 'color', 'never']
  assert.deepEqual([...enabledByDefault(features, optional)].sort(), ['memchr', 'unicode'])
  const deps = cargoDependencies({
    features: { default: ['perf'], perf: ['aho'] },
    dependencies: {
      aho: { version: '1', optional: true, package: 'aho-corasick' },
      serde: { version: '1', optional: true },
    },
  })
  assert.deepEqual(deps, [
    {
      scope: 'runtime',
      name: 'aho-corasick',
      requirement: '1',
      features: { asks: ['default'], key: 'aho', optional: true },
    },
    { scope: 'optional', name: 'serde', requirement: '1', features: { asks: ['default'], optional: true } },
  ])
})

test('a crate declared in several tables of a scope keeps the declaration for the default target', () => {
  const deps = cargoDependencies({
    target: {
      'cfg(windows)': { dependencies: { getrandom: { version: '0.2', features: ['js'] } } },
      'cfg(unix)': { dependencies: { getrandom: '0.2.10' } },
    },
  })
  assert.deepEqual(deps, [{ scope: 'runtime', name: 'getrandom', requirement: '0.2.10; cfg(unix)' }])
  assert.deepEqual(splitCargoRequirement('0.2.10; cfg(unix)'), { requirement: '0.2.10', target: 'cfg(unix)' })
  assert.deepEqual(splitCargoRequirement('^1'), { requirement: '^1' })
})

test('hostile manifests: wrong types, bad names, unknown target keys, long values are left out', () => {
  assert.deepEqual(cargoDependencies(null as unknown as Record<string, unknown>), [])
  assert.deepEqual(cargoDependencies({ dependencies: ['serde'] }), [])
  const deps = cargoDependencies({
    dependencies: {
      '<img>': '1',
      '1up': '1',
      ok: 1,
      fine: { version: 'x'.repeat(300) },
      inherited: { workspace: true },
      good: '1',
    },
    target: { 'cfg(unix': { dependencies: { bad: '1' } }, 'cfg(unix)': 'not a table' },
  })
  assert.deepEqual(deps, [{ scope: 'runtime', name: 'good', requirement: '1' }])
})

test("an index line's deps read as the manifest they were published from", () => {
  const manifest = {
    features: { default: ['std'], std: ['dep:log'] },
    dependencies: {
      serde: { version: '^1.0', features: ['derive'] },
      log: { version: '^0.4', optional: true },
      json: { package: 'serde_json', version: '^1' },
      rare: { version: '^0.1', optional: true },
      private: { version: '^2', 'registry-index': 'https://index.example.invalid/' },
    },
    'dev-dependencies': { tempfile: '^3' },
    'build-dependencies': { cc: '^1.0.3' },
    target: { 'cfg(windows)': { dependencies: { winapi: '^0.3.9' } }, 'cfg(unix)': { dependencies: { libc: '^0.2' } } },
  }
  const line = (name: string, req: string, o: Partial<IndexedCargoDependency> = {}): IndexedCargoDependency => ({
    name,
    crate: name,
    req,
    optional: false,
    target: null,
    kind: 'normal',
    registry: null,
    features: [],
    defaultFeatures: true,
    ...o,
  })
  const deps = [
    line('serde', '^1.0', { features: ['derive'] }),
    line('log', '^0.4', { optional: true }),
    line('json', '^1', { crate: 'serde_json' }),
    line('rare', '^0.1', { optional: true }),
    line('private', '^2', { registry: 'https://index.example.invalid/' }),
    line('tempfile', '^3', { kind: 'dev' }),
    line('cc', '^1.0.3', { kind: 'build' }),
    line('winapi', '^0.3.9', { target: 'cfg(windows)' }),
    line('libc', '^0.2', { target: 'cfg(unix)' }),
  ]
  const fromIndex = cargoIndexDependencies(deps, manifest.features)
  assert.deepEqual(fromIndex, cargoDependencies(manifest))
  assert.deepEqual(
    fromIndex.filter((d) => d.name === 'log' || d.name === 'rare' || d.name === 'private'),
    [
      { scope: 'runtime', name: 'log', requirement: '^0.4', features: { asks: ['default'], optional: true } },
      { scope: 'optional', name: 'rare', requirement: '^0.1', features: { asks: ['default'], optional: true } },
      { scope: 'runtime', name: 'private', requirement: 'registry+https://index.example.invalid/ ^2' },
    ],
  )
  // a hostile name or target is a key like any other: no crate name, a target (a triple) kept for the walk to
  // evaluate, nothing polluted
  const hostile = cargoIndexDependencies([line('__proto__', '^1'), line('x', '^1', { target: '__proto__' })], {})
  assert.deepEqual(hostile, [{ scope: 'runtime', name: 'x', requirement: '^1; __proto__' }])
  assert.equal(({} as Record<string, unknown>).version, undefined)
})
