import assert from 'node:assert/strict'
import { test } from 'node:test'
import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect, sql } from 'kysely'
import { BreatheBetweenQueries, withStatementCache } from './sqlite-statements.ts'

test('statements are prepared once per SQL text, at most `max` kept, a busy one never shared', () => {
  const raw = new SQLite(':memory:')
  let prepared = 0
  const counting = new Proxy(raw, {
    get(target, prop) {
      if (prop === 'prepare')
        return (s: string) => {
          prepared++
          return target.prepare(s)
        }
      const v = Reflect.get(target, prop)
      return typeof v === 'function' ? v.bind(target) : v
    },
  })
  const db = withStatementCache(counting, 2)
  const a = db.prepare('select 1 as x')
  assert.equal(db.prepare('select 1 as x'), a)
  assert.equal(prepared, 1)
  db.prepare('select 2 as x')
  db.prepare('select 3 as x') // evicts the oldest prepared, `select 1`
  db.prepare('select 1 as x')
  assert.equal(prepared, 4)
  // a statement still iterating is busy: the next caller gets a statement of its own
  const it = (db.prepare('select 1 as x') as unknown as SQLite.Statement).iterate()
  it.next()
  assert.notEqual(db.prepare('select 1 as x'), a)
  it.return?.()
  db.close()
})

test('Kysely on the cached database answers the same, and a long run of queries yields to waiting callbacks', async () => {
  const db = new Kysely<{ t: { n: number } }>({
    dialect: new SqliteDialect({ database: withStatementCache(new SQLite(':memory:')) }),
    plugins: [new BreatheBetweenQueries()],
  })
  await sql`create table t (n integer)`.execute(db)
  await db
    .insertInto('t')
    .values(Array.from({ length: 100 }, (_, n) => ({ n })))
    .execute()
  let ran = false
  setImmediate(() => {
    ran = true
  })
  let ranBeforeEnd = false
  for (let i = 0; i < 20; i++) {
    const end = performance.now() + 1
    while (performance.now() < end) {}
    const rows = await db.selectFrom('t').select('n').where('n', '<', 10).execute()
    assert.equal(rows.length, 10)
    if (i < 19 && ran) ranBeforeEnd = true
  }
  assert.ok(ranBeforeEnd, 'the callback ran between queries, not after all of them')
  await db.destroy()
})
