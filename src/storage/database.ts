// Opens the KB on SQLite (better-sqlite3) or PostgreSQL (pg) behind one Kysely instance.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely'
import pg from 'pg'
import type { DatabaseConfig } from '../config/config.ts'
import type { Database } from './schema.ts'
import { BreatheBetweenQueries, withStatementCache } from './sqlite-statements.ts'

export type Dialect = 'sqlite' | 'postgres'

export interface Storage {
  /** The primary: writes, migrations, API keys, seed loads. */
  db: Kysely<Database>
  /** What the API's readers query: the read replica when DATABASE_READ_URL is set, else the primary. */
  read: Kysely<Database>
  dialect: Dialect
  /** SQLite only: the connection itself, for bulk loads (storage/seed-bulk.ts). */
  sqlite?: SQLite.Database
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>
  close(): Promise<void>
}

export interface OpenOptions {
  /** PostgreSQL only: use this schema (created if missing), for isolated test runs. */
  schema?: string
  poolSize?: number
  /** Called with errors of idle pool connections (a restarted server), which must not crash the process. */
  onPoolError?: (err: Error) => void
}

export function openStorage(config: DatabaseConfig, opts: OpenOptions = {}): Storage {
  if (config.kind === 'sqlite') return openSqlite(config.path)
  const primary = openPostgres(config.url, opts)
  if (!config.readUrl) return primary
  const replica = openPostgres(config.readUrl, opts)
  return {
    ...primary,
    read: replica.db,
    ping: async () => {
      await Promise.all([primary.ping(), replica.ping()])
    },
    close: async () => {
      await Promise.all([primary.close(), replica.close()])
    },
  }
}

/**
 * An existing SQLite KB opened read-only (its WAL journal, set by the server, is kept in the file): readers see the
 * last committed state while another process writes, and wait up to the busy timeout for a checkpoint's brief lock.
 */
export function openSqliteReadOnly(file: string): Storage {
  return openSqlite(file, true)
}

function openSqlite(file: string, readonly = false): Storage {
  if (file !== ':memory:' && !readonly) mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
  const database = new SQLite(file, { readonly, fileMustExist: readonly })
  if (!readonly) {
    database.pragma('journal_mode = WAL')
    database.pragma('synchronous = NORMAL')
  }
  database.pragma('busy_timeout = 5000')
  database.pragma('foreign_keys = ON')
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(database) }),
    plugins: [new BreatheBetweenQueries()],
  })
  // Kysely runs one query at a time on a connection: on the writer's, a long write transaction (a large package's
  // rows) would hold every API read until it commits. A file KB's readers get a connection of their own, which WAL
  // lets read the last commit while a write is under way; an in-memory KB is one connection's only.
  const reader = file !== ':memory:' && !readonly ? readConnection(file) : undefined
  const read = reader
    ? new Kysely<Database>({
        dialect: new SqliteDialect({ database: withStatementCache(reader) }),
        plugins: [new BreatheBetweenQueries()],
      })
    : db
  return {
    db,
    read,
    dialect: 'sqlite',
    sqlite: database,
    ping: async () => {
      database.prepare('select 1').get()
    },
    close: async () => {
      if (read !== db) await read.destroy()
      await db.destroy()
    },
  }
}

/** A second connection to a file KB that only reads (query_only): the API's readers. */
function readConnection(file: string): SQLite.Database {
  const reader = new SQLite(file)
  reader.pragma('busy_timeout = 5000')
  reader.pragma('query_only = ON')
  return reader
}

function openPostgres(url: string, opts: OpenOptions): Storage {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    ...(opts.schema ? { options: `-c search_path=${quoteIdent(opts.schema)}` } : {}),
  })
  const onError = (err: Error) => opts.onPoolError?.(err)
  pool.on('error', onError)
  pool.on('connect', (client) => {
    // A connection that dies while checked out emits 'error' on its client; unheard, that would crash the process.
    client.on('error', onError)
    if (opts.schema) client.query(`create schema if not exists ${quoteIdent(opts.schema)}`).catch(() => {})
  })
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  return {
    db,
    read: db,
    dialect: 'postgres',
    ping: async () => {
      await sql`select 1`.execute(db)
    },
    close: () => db.destroy(),
  }
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`invalid schema name ${name}`)
  return `"${name}"`
}
