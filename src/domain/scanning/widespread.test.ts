// Widespread fingerprints: held by the contents of more than the limit of distinct components, counted from the
// index's entries and the contents' components (FIXTURE ids), and only asked about for the most common ones.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { IndexHit } from './types.ts'
import { widespreadHashes } from './widespread.ts'

const entries = (hash: number, contents: readonly number[]): IndexHit[] =>
  contents.map((contentId) => ({ hash, contentId, line: 3 }))
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)

test('a fingerprint held by more than `max` components is widespread; by many contents of a few, it is not', async () => {
  const asked: number[][] = []
  // contents 1–12 belong to components 101–112; contents 20–31 all to component 200 (one package's many files)
  const componentsOf = async (ids: readonly number[]) => {
    asked.push([...ids])
    return new Map(ids.map((id) => [id, id < 20 ? [100 + id] : [200]] as const))
  }
  const hits = [...entries(7, range(1, 12)), ...entries(8, range(20, 31)), ...entries(9, [1, 2, 3])]
  assert.deepEqual([...(await widespreadHashes(hits, componentsOf, 10))], [7])
  assert.deepEqual(asked.flat().sort((a, b) => a - b), [...range(1, 12), ...range(20, 31)], 'only suspects asked')
})

test('no fingerprint in more contents than the limit: the components are not asked', async () => {
  const componentsOf = async () => assert.fail('not asked')
  assert.equal((await widespreadHashes(entries(7, range(1, 10)), componentsOf, 10)).size, 0)
})
