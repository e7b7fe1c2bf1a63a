// SQLite's bulk path for a seed load (seed-import.ts), on the connection the load's transaction runs on: one
// prepared insert per table, the tables' secondary indexes dropped for the load and built once after it, and for
// the load only no foreign-key checks, no fsync, a large page cache and a rollback journal (a new database's pages
// need no journal, where WAL writes each of them twice). The settings are put back after, whatever happened.
import type SQLite from 'better-sqlite3'

const CACHE_KIB = 256 * 1024

export interface SqliteBulk {
  insert(table: string, columns: string[], rows: unknown[][]): void
  dropIndexes(tables: string[]): void
  createIndexes(): void
  restore(): void
}

export function sqliteBulk(db: SQLite.Database): SqliteBulk {
  const before = {
    journal: String(db.pragma('journal_mode', { simple: true })),
    synchronous: Number(db.pragma('synchronous', { simple: true })),
    foreignKeys: Number(db.pragma('foreign_keys', { simple: true })),
    cache: Number(db.pragma('cache_size', { simple: true })),
  }
  db.pragma('foreign_keys = OFF')
  db.pragma('synchronous = OFF')
  db.pragma(`cache_size = -${CACHE_KIB}`)
  // refused (left as it was) when another connection has the database open: the load is then only slower
  if (before.journal === 'wal') db.pragma('journal_mode = DELETE')
  const statements = new Map<string, SQLite.Statement>()
  let dropped: string[] = []
  return {
    insert(table, columns, rows) {
      const key = `${table}\n${columns.join()}`
      let insert = statements.get(key)
      if (!insert) {
        const names = columns.map((c) => `"${c}"`)
        insert = db.prepare(`insert into "${table}" (${names.join(', ')}) values (${names.map(() => '?').join(', ')})`)
        statements.set(key, insert)
      }
      for (const row of rows) insert.run(row)
    },
    dropIndexes(tables) {
      const list = tables.map((t) => `'${t}'`).join(', ')
      const indexes = db
        .prepare(
          `select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${list})`,
        )
        .all() as { name: string; sql: string }[]
      for (const i of indexes) db.exec(`drop index "${i.name}"`)
      dropped = indexes.map((i) => i.sql)
    },
    createIndexes() {
      for (const s of dropped) db.exec(s)
      dropped = []
    },
    restore() {
      if (before.journal === 'wal') db.pragma('journal_mode = WAL')
      db.pragma(`cache_size = ${before.cache}`)
      db.pragma(`synchronous = ${before.synchronous}`)
      db.pragma(`foreign_keys = ${before.foreignKeys}`)
    },
  }
}
