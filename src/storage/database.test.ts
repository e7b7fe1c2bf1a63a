// Tests a file SQLite KB's two connections: the API's reads are not held by a write transaction under way (they read
// the last commit, through WAL), and they see a commit as soon as it is made; an in-memory KB has one connection.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, test } from 'node:test'
import { sql } from 'kysely'
import { openStorage } from './database.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'ci-database-'))
after(() => rmSync(dir, { recursive: true, force: true }))

test('a read of a file KB answers while a write transaction is open, and sees the write once committed', async () => {
  const storage = openStorage({ kind: 'sqlite', path: path.join(dir, 'kb.sqlite') })
  try {
    await sql`create table t (n integer)`.execute(storage.db)
    await sql`insert into t values (1)`.execute(storage.db)
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let inserted = () => {}
    const wrote = new Promise<void>((resolve) => {
      inserted = resolve
    })
    const writing = storage.db.transaction().execute(async (trx) => {
      await sql`insert into t values (2)`.execute(trx)
      inserted()
      await held // a long write: a large package's rows
    })
    await wrote
    const during = await Promise.race([
      sql<{ n: number }>`select count(*) as n from t`.execute(storage.read).then((r) => r.rows[0]?.n),
      new Promise((resolve) => setTimeout(() => resolve('held'), 2000)),
    ])
    assert.equal(during, 1, 'the read answers at once with the last commit')
    release()
    await writing
    const { rows } = await sql<{ n: number }>`select count(*) as n from t`.execute(storage.read)
    assert.equal(rows[0]?.n, 2)
    await assert.rejects(sql`insert into t values (3)`.execute(storage.read), /readonly|query_only/i)
  } finally {
    await storage.close()
  }
})

test('an in-memory KB reads through its one connection', async () => {
  const storage = openStorage({ kind: 'sqlite', path: ':memory:' })
  try {
    assert.equal(storage.read, storage.db)
  } finally {
    await storage.close()
  }
})
