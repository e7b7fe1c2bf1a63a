// The KB change log on SQLite and PostgreSQL: rows in id order, `*` swallowing per-component rows, rolled-back
// writes leaving nothing, pruning keeping the newest row so ids never restart.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { backends } from '../../test/helpers/backends.ts'
import { CHANGE_RETENTION_MS, pruneChanges, recordChanges, SqlChangeFeed } from './kb-changes.ts'
import { migrate } from './migrate.ts'

for (const backend of backends()) {
  describe(`kb change log on ${backend.name}`, () => {
    test('records, reads forward, prunes', async () => {
      const { storage, cleanup } = await backend.open()
      try {
        await migrate(storage)
        const feed = new SqlChangeFeed(storage)
        assert.equal(await feed.latest(), 0)
        const old = new Date(Date.now() - CHANGE_RETENTION_MS - 60_000).toISOString()
        await recordChanges(storage.db, ['pkg:npm/a', 'pkg:npm/b', 'pkg:npm/a'], old)
        await recordChanges(storage.db, ['pkg:npm/c', '*'])
        await storage.db
          .transaction()
          .execute(async (trx) => {
            await recordChanges(trx, ['pkg:npm/rolled-back'])
            throw new Error('rollback')
          })
          .catch(() => {})
        const rows = await feed.since(0, 10)
        assert.deepEqual(
          rows.map((r) => r.tag),
          ['pkg:npm/a', 'pkg:npm/b', '*'],
          'duplicates once; a * write needs no per-component rows; a rolled-back write leaves none',
        )
        assert.ok(rows.every((r, i) => i === 0 || r.id > (rows[i - 1]?.id ?? 0)))
        const top = await feed.latest()
        assert.equal(top, rows[2]?.id)
        assert.deepEqual(
          (await feed.since(rows[0]?.id ?? 0, 1)).map((r) => r.tag),
          ['pkg:npm/b'],
        )
        assert.deepEqual(
          (await feed.byIds([rows[1]?.id ?? 0, 999_999])).map((r) => r.tag),
          ['pkg:npm/b'],
        )

        await pruneChanges(storage.db)
        assert.deepEqual(
          (await feed.since(0, 10)).map((r) => r.tag),
          ['*'],
          'old rows pruned',
        )
        await pruneChanges(storage.db, Date.now() + 2 * CHANGE_RETENTION_MS)
        assert.equal(await feed.latest(), top, 'the newest row is kept however old')
        await recordChanges(storage.db, ['pkg:npm/d'])
        assert.ok((await feed.latest()) > top, 'ids keep growing after a prune')
      } finally {
        await cleanup()
      }
    })
  })
}
