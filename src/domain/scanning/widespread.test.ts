// Widespread fingerprints: held by the contents of more than the limit of distinct components, or at more than the
// limit of distinct paths of components, counted from the index's entries and the contents' holders (FIXTURE ids);
// the holders are asked only about the fingerprints held by more contents than the limits.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { IndexHit } from './types.ts'
import { type HoldersOf, widespreadHashes } from './widespread.ts'

const entries = (hash: number, contents: readonly number[]): IndexHit[] =>
  contents.map((contentId) => ({ hash, contentId, line: 3 }))
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)
const limits = { components: 10, places: 15 }

test('a fingerprint held by more than 10 components is widespread; by a few files of one, it is not', async () => {
  const asked: number[][] = []
  // contents 1–12 belong to components 101–112; contents 20–31 to component 200, in twelve versions of one path
  const holdersOf: HoldersOf = async (ids) => {
    asked.push([...ids])
    return new Map(
      ids.map((id) => [id, [id < 20 ? { componentId: 100 + id, path: 'a.js' } : { componentId: 200, path: 'b.js' }]]),
    )
  }
  const hits = [...entries(7, range(1, 12)), ...entries(8, range(20, 31)), ...entries(9, [1, 2, 3])]
  assert.deepEqual([...(await widespreadHashes(hits, holdersOf, limits))], [7])
  assert.deepEqual(
    asked.flat().sort((a, b) => a - b),
    [...range(1, 12), ...range(20, 31)],
    'only the fingerprints in more than 10 contents asked about',
  )
})

test("a fingerprint at more than 15 paths of one component is widespread (a package's compiled preamble)", async () => {
  const holdersOf: HoldersOf = async (ids) =>
    new Map(ids.map((id) => [id, [{ componentId: 5, path: `dist/f${id}.js` }]]))
  assert.deepEqual([...(await widespreadHashes(entries(4, range(1, 16)), holdersOf, limits))], [4])
  assert.equal((await widespreadHashes(entries(4, range(1, 15)), holdersOf, limits)).size, 0, '15 paths: not')
})

test('no fingerprint in more contents than the limits: the holders are not asked', async () => {
  const holdersOf: HoldersOf = async () => assert.fail('not asked')
  assert.equal((await widespreadHashes(entries(7, range(1, 10)), holdersOf, limits)).size, 0)
})
