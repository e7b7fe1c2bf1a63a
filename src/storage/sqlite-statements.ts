// better-sqlite3 behind Kysely, tuned for serving: prepared statements kept (Kysely's SQLite driver prepares every
// query it runs, and preparing costs as much as running a small query, so the statements of the last STATEMENTS
// distinct SQL texts prepared are reused, the oldest prepared dropped first; one still iterating is never handed out
// twice), and, since the driver runs each query synchronously, a turn of the event loop given up between queries once a batch has held it for a while
// (domain/shared/breathe.ts).
import type SQLite from 'better-sqlite3'
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  SqliteDatabase,
  UnknownRow,
} from 'kysely'
import { breathe } from '../domain/shared/breathe.ts'

const STATEMENTS = 500

export function withStatementCache(database: SQLite.Database, max = STATEMENTS): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>()
  return {
    close: () => {
      kept.clear()
      database.close()
    },
    prepare(sql: string) {
      const statement = kept.get(sql)
      if (statement && !statement.busy) return statement
      const fresh = database.prepare(sql)
      kept.set(sql, fresh)
      if (kept.size > max) kept.delete(kept.keys().next().value as string)
      return fresh
    },
  }
}

/** Lets other requests run between the queries of a long synchronous stretch. */
export class BreatheBetweenQueries implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    await breathe()
    return args.result
  }
}
