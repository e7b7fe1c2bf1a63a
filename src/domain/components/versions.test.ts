// The versions endpoint's order: newest release first (docs/components.md "Versions"), undated last, equal dates
// highest first.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { knownComponent, knownVersion } from '../catalog/memory-catalog.test-helper.ts'
import type { KnownComponent } from '../catalog/types.ts'
import { newestFirst } from './versions.ts'

/** newestFirst reads only the purl type and each version's number and release date. */
function component(type: string, versions: [string, string | null][]): KnownComponent {
  return knownComponent(
    'x',
    versions.map(([version, releasedAt], id) => knownVersion(id, version, { releasedAt })),
    { type },
  )
}

const order = (c: KnownComponent) => newestFirst(c).map((v) => v.version)

test('newest release first: a backport released after the next major comes before it', () => {
  const c = component('npm', [
    ['15.0.0', '2022-11-16T00:00:00.000Z'],
    ['16.0.0', '2023-05-03T12:00:00.000Z'],
    ['15.2.10', '2023-09-13T00:00:00.000Z'],
    ['15.2.9', '2023-05-03T00:00:00.000Z'],
  ])
  assert.deepEqual(order(c), ['15.2.10', '16.0.0', '15.2.9', '15.0.0'])
})

test('versions without a (readable) date come last; equal or missing dates go highest version first', () => {
  const c = component('npm', [
    ['1.0.0', null],
    ['1.10.0', '2020-01-01T00:00:00.000Z'],
    ['1.9.0', '2020-01-01T00:00:00.000Z'],
    ['2.0.0', null],
    ['0.1.0', 'not a date'],
    ['1.2.0', '2019-01-01'],
  ])
  assert.deepEqual(order(c), ['1.10.0', '1.9.0', '1.2.0', '2.0.0', '1.0.0', '0.1.0'])
})
