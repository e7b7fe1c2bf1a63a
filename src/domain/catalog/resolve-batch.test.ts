// resolveBatch: which catalog read each reference takes, and what a version no KB can hold resolves to.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { knownComponent, knownVersion, memoryCatalog } from './memory-catalog.test-helper.ts'
import { resolveBatch } from './resolve-batch.ts'
import type { CatalogReader, ExactKey } from './types.ts'

const INDEXED = '2026-01-01T00:00:00.000Z'
const lib = knownComponent('lib', [knownVersion(10, '1.0.0', { indexedAt: INDEXED })], {
  latestVersion: '1.0.0',
  firstIndexedAt: INDEXED,
  lastIndexedAt: INDEXED,
})

function catalog(exactCalls: ExactKey[][]): CatalogReader {
  return memoryCatalog([lib], { onExact: (keys) => exactCalls.push([...keys]) })
}

const cases = [
  { name: 'an exact version takes the exact read', purl: 'pkg:npm/lib@1.0.0', exact: 1, code: 'SUCCESS' },
  { name: 'no version takes the full read', purl: 'pkg:npm/lib', exact: 0, code: 'SUCCESS' },
  {
    name: 'a version with a NUL (%00) is not sent to the KB: VERSION_NOT_FOUND',
    purl: 'pkg:npm/lib@1.0.0%00',
    exact: 0,
    code: 'VERSION_NOT_FOUND',
  },
  {
    name: 'a version with a raw NUL is not sent to the KB: VERSION_NOT_FOUND',
    purl: 'pkg:npm/lib@1.0.0\u0000',
    exact: 0,
    code: 'VERSION_NOT_FOUND',
  },
]
for (const c of cases) {
  test(`resolveBatch: ${c.name}`, async () => {
    const calls: ExactKey[][] = []
    const [r] = await resolveBatch([{ purl: c.purl }], catalog(calls))
    assert.equal(r?.outcome.code, c.code)
    assert.equal(calls.length, c.exact)
  })
}

test('resolveBatch: each reference to one component resolves to its own version (v-twins too), in one exact read', async () => {
  const many = knownComponent(
    'many',
    ['1.0.0', '2.0.0', 'v3.0.0', '4.0.0'].map((v, i) => knownVersion(20 + i, v, { indexedAt: INDEXED })),
    { latestVersion: '4.0.0', firstIndexedAt: INDEXED, lastIndexedAt: INDEXED },
  )
  const calls: ExactKey[][] = []
  const purls = ['2.0.0', '1.0.0', '3.0.0', '2.0.0', '5.0.0', 'v4.0.0'].map((v) => `pkg:npm/many@${v}`)
  const answers = await resolveBatch(
    purls.map((purl) => ({ purl })),
    memoryCatalog([many], { onExact: (keys) => calls.push([...keys]) }),
  )
  assert.deepEqual(
    answers.map((r) => [r.outcome.code, r.version]),
    [
      ['SUCCESS', '2.0.0'],
      ['SUCCESS', '1.0.0'],
      ['SUCCESS', 'v3.0.0'],
      ['SUCCESS', '2.0.0'],
      ['VERSION_NOT_FOUND', ''],
      ['SUCCESS', '4.0.0'],
    ],
  )
  assert.equal(calls.length, 1)
})
