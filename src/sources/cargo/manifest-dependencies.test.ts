// The minimal dependency reading the crate source uses until cargoDependencies replaces it (manifest-dependencies.ts).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { manifestDependencies } from './manifest-dependencies.ts'

test('dependency tables: scopes, optional ones, renames, targets, bare versions', () => {
  const deps = manifestDependencies({
    dependencies: {
      serde: { version: '1.0', optional: true },
      libc: '0.2',
      core: { version: '1.0.0', package: 'rustc-std-workspace-core' },
    },
    'dev-dependencies': { serde_json: { version: '1.0.0' } },
    'build-dependencies': { cc: '1' },
    target: { 'cfg(windows)': { dependencies: { winapi: { version: '0.3' } } } },
    features: { default: [] },
  })
  assert.deepEqual(deps, [
    { scope: 'optional', name: 'serde', requirement: '1.0' },
    { scope: 'runtime', name: 'libc', requirement: '0.2' },
    { scope: 'runtime', name: 'rustc-std-workspace-core', requirement: '1.0.0' },
    { scope: 'runtime', name: 'cc', requirement: '1' },
    { scope: 'dev', name: 'serde_json', requirement: '1.0.0' },
    { scope: 'runtime', name: 'winapi', requirement: '0.3' },
  ])
  assert.deepEqual(manifestDependencies({ dependencies: 'nonsense' }), [])
})
