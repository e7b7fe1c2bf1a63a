// Reads compiled once per id-list length give the rows a freshly built query gives, for every length kept and past
// it, on SQLite and PostgreSQL (whose placeholders differ); a query with another parameter is refused.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { backends } from '../../test/helpers/backends.ts'
import { CompiledByIds } from './compiled-once.ts'
import { recordChanges } from './kb-changes.ts'
import { migrate } from './migrate.ts'

for (const backend of backends()) {
  describe(`compiled-once reads on ${backend.name}`, () => {
    test('the same rows as a query built each time, for short and long id lists', async () => {
      const { storage, cleanup } = await backend.open()
      try {
        await migrate(storage)
        await recordChanges(
          storage.db,
          Array.from({ length: 30 }, (_, i) => `pkg:npm/c${i}`),
        )
        const db = storage.read
        const build = (ids: readonly number[]) =>
          db.selectFrom('kb_changes').select(['id', 'tag']).where('id', 'in', ids).orderBy('id')
        const kept = new CompiledByIds(db, (d, ids) =>
          d.selectFrom('kb_changes').select(['id', 'tag']).where('id', 'in', ids).orderBy('id'),
        )
        for (const ids of [[1], [3, 1], [2, 4, 6], [5, 99], Array.from({ length: 20 }, (_, i) => i + 3), [7], [8, 9]]) {
          const want = (await build(ids).execute()).map((r) => ({ id: Number(r.id), tag: r.tag }))
          const got = (await kept.rows(ids)).map((r) => ({ id: Number(r.id), tag: r.tag }))
          assert.deepEqual(got, want, `ids ${ids.join(',')}`)
          assert.ok(want.length > 0)
        }
      } finally {
        await cleanup()
      }
    })

    test('refuses a query with a parameter other than its ids', async () => {
      const { storage, cleanup } = await backend.open()
      try {
        await migrate(storage)
        const other = new CompiledByIds(storage.read, (d, ids) =>
          d.selectFrom('kb_changes').select('id').where('id', 'in', ids).where('tag', '=', 'pkg:npm/x'),
        )
        await assert.rejects(other.rows([1]), /parameters other than its ids/)
      } finally {
        await cleanup()
      }
    })
  })
}
