// Migrations (once, concurrently, kb_meta), the API-key store and ping, on SQLite (always) and PostgreSQL (when
// TEST_DATABASE_URL is set). The other storage adapters' tests run on both backends the same way
// (test/helpers/backends.ts).
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { describe, test } from 'node:test'
import pg from 'pg'
import { backends } from '../../test/helpers/backends.ts'
import { SqlApiKeyStore } from './api-key-store.ts'
import { SqlKbMetaStore } from './kb-meta-store.ts'
import { migrate, otherSchemaVanished } from './migrate.ts'
import { MIGRATIONS, SCHEMA_VERSION } from './migrations/index.ts'

const record = (n: number) => ({
  id: `id-${n}`,
  name: `key ${n}`,
  hash: `${n}`.padStart(64, 'a'),
  prefix: `ci_pre${n}`,
  scopes: ['licenses' as const, 'components' as const],
  tier: 'standard' as const,
  createdAt: `2026-01-0${n}T00:00:00.000Z`,
  revokedAt: null,
})

for (const backend of backends()) {
  describe(`migrations, api keys and ping on ${backend.name}`, () => {
    test('migrations apply once, then are a no-op; kb_meta carries schema version and creation date', async () => {
      const { storage, cleanup } = await backend.open()
      try {
        const first = await migrate(storage, () => new Date('2026-02-03T04:05:06.000Z'))
        assert.deepEqual(
          first.applied,
          MIGRATIONS.map((m) => m.name),
        )
        const before = await new SqlKbMetaStore(storage).get()
        const second = await migrate(storage, () => new Date('2027-01-01T00:00:00.000Z'))
        assert.deepEqual(second.applied, [])
        const meta = await new SqlKbMetaStore(storage).get()
        assert.match(meta?.instanceId ?? '', /^[0-9a-f]{32}$/)
        assert.deepEqual(meta, {
          schemaVersion: SCHEMA_VERSION,
          createdAt: '2026-02-03T04:05:06.000Z',
          release: '',
          instanceId: before?.instanceId,
        })
      } finally {
        await cleanup()
      }
    })

    test('every KB gets its own instance id (the answer cache names its Redis keys with it)', async () => {
      const [a, b] = [await backend.open(), await backend.open()]
      try {
        await migrate(a.storage)
        await migrate(b.storage)
        const [ma, mb] = [await new SqlKbMetaStore(a.storage).get(), await new SqlKbMetaStore(b.storage).get()]
        assert.ok(ma?.instanceId && mb?.instanceId)
        assert.notEqual(ma.instanceId, mb.instanceId)
      } finally {
        await a.cleanup()
        await b.cleanup()
      }
    })

    test('concurrent migrations on one database apply each migration once', async () => {
      const { storage, cleanup } = await backend.open()
      try {
        const reports = await Promise.all([migrate(storage), migrate(storage), migrate(storage)])
        assert.equal(reports.flatMap((r) => r.applied).length, MIGRATIONS.length)
      } finally {
        await cleanup()
      }
    })

    if (backend.name === 'postgres') {
      test('another KB of the database dropped while this one migrates does not fail the migration', async () => {
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
        await admin.connect()
        let churning = true
        // Other KBs come and go in the same database (as the test suites' do) for as long as this KB migrates.
        const churn = (async () => {
          while (churning) {
            const other = `t_gone_${randomBytes(4).toString('hex')}`
            await admin.query(`create schema ${other}; create table ${other}.t (a int)`)
            await admin.query(`drop schema ${other} cascade`)
            await new Promise((resolve) => setTimeout(resolve, 10))
          }
        })()
        const { storage, cleanup } = await backend.open()
        try {
          for (let i = 0; i < 3; i++) await migrate(storage)
          assert.equal((await new SqlKbMetaStore(storage).get())?.schemaVersion, SCHEMA_VERSION)
        } finally {
          churning = false
          await churn
          await admin.end()
          await cleanup()
        }
      })
    }

    test('otherSchemaVanished: only invalid_schema_name naming another schema', () => {
      const vanished = Object.assign(new Error('schema "t_other" does not exist'), { code: '3F000' })
      assert.equal(otherSchemaVanished(vanished, 't_mine'), true)
      assert.equal(otherSchemaVanished(vanished, 't_other'), false, 'its own schema gone is a real failure')
      assert.equal(otherSchemaVanished(vanished, undefined), false, 'SQLite has no schemas')
      assert.equal(otherSchemaVanished(new Error('schema "t_other" does not exist'), 't_mine'), false)
    })

    test('api keys: insert, find by hash, list in creation order, revoke by id or prefix, count', async () => {
      const { storage, cleanup } = await backend.open()
      try {
        await migrate(storage)
        const store = new SqlApiKeyStore(storage)
        assert.equal(await store.count(), 0)
        await store.insert(record(2))
        await store.insert(record(1))
        assert.deepEqual(await store.findByHash(record(1).hash), record(1))
        assert.equal(await store.findByHash('f'.repeat(64)), undefined)
        assert.deepEqual(
          (await store.list()).map((r) => r.id),
          ['id-1', 'id-2'],
        )
        assert.equal(await store.revoke('ci_pre1', '2026-03-01T00:00:00.000Z'), 1)
        assert.equal(await store.revoke('id-1', '2026-03-02T00:00:00.000Z'), 0, 'already revoked')
        assert.equal((await store.findByHash(record(1).hash))?.revokedAt, '2026-03-01T00:00:00.000Z')
        assert.equal(await store.count(), 2)
        await assert.rejects(store.insert({ ...record(3), hash: record(2).hash }), 'hashes are unique')
      } finally {
        await cleanup()
      }
    })

    test('ping answers', async () => {
      const { storage, cleanup } = await backend.open()
      try {
        await storage.ping()
      } finally {
        await cleanup()
      }
    })
  })
}
