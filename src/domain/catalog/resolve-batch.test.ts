// resolveBatch: which catalog read each reference takes, and what a version no KB can hold resolves to.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { resolveBatch } from './resolve-batch.ts'
import { type CatalogReader, type ExactKey, type KnownComponent, keyOf } from './types.ts'

const lib: KnownComponent = {
  id: 1,
  purl: 'pkg:npm/lib',
  type: 'npm',
  purlName: 'lib',
  name: 'lib',
  projectUrl: '',
  sourcePurl: null,
  latestVersion: '1.0.0',
  status: 'active',
  statusRaw: null,
  statusChangeDate: null,
  firstIndexedAt: '2026-01-01T00:00:00.000Z',
  lastIndexedAt: '2026-01-01T00:00:00.000Z',
  versions: [
    {
      id: 10,
      version: '1.0.0',
      releasedAt: null,
      status: 'active',
      statusRaw: null,
      indexedAt: '2026-01-01T00:00:00.000Z',
    },
  ],
}

function catalog(exactCalls: ExactKey[][]): CatalogReader {
  return {
    components: async (keys) => new Map(keys.filter((k) => k.purlName === 'lib').map((k) => [keyOf(k), lib])),
    exact: async (keys) => {
      exactCalls.push([...keys])
      return new Map(keys.filter((k) => k.purlName === 'lib').map((k) => [keyOf(k), { ...lib, partial: true }]))
    },
  }
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
