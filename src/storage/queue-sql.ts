// The few SQL pieces in which the ingestion queue differs between PostgreSQL and SQLite: the clock, time arithmetic,
// lists bound as one parameter, and row locking (PostgreSQL's SKIP LOCKED; SQLite serialises writers instead).
import { type RawBuilder, sql } from 'kysely'
import type { Dialect } from './database.ts'

export interface QueueSql {
  /** The database's clock, now. */
  now: RawBuilder<unknown>
  /** Now plus `seconds` (negative: in the past). */
  inSeconds(seconds: number): RawBuilder<unknown>
  /** `<column> in <the ids>` with the list bound as one parameter. */
  idIn(column: string, ids: readonly number[]): RawBuilder<boolean>
  /** `<column> in <the texts>`, likewise. */
  textIn(column: string, values: readonly string[]): RawBuilder<boolean>
  /** A row source `t(n, o, i)` of (name, options) pairs with their position, for `insert … select`. */
  pairs(values: readonly (readonly [string, string])[]): RawBuilder<unknown>
  /** Claims lock the queue's rows and skip rows another transaction holds (PostgreSQL); nothing on SQLite. */
  skipLocked: RawBuilder<unknown>
  /** The larger of two values. */
  greatest(a: RawBuilder<unknown>, b: RawBuilder<unknown>): RawBuilder<unknown>
}

const ISO = `'%Y-%m-%dT%H:%M:%fZ'`

export function queueSql(dialect: Dialect): QueueSql {
  if (dialect === 'postgres')
    return {
      now: sql`now()`,
      inSeconds: (s) => sql`now() + make_interval(secs => ${s})`,
      idIn: (c, ids) => sql<boolean>`${sql.ref(c)} = any(${ids.map(Number)}::bigint[])`,
      textIn: (c, values) => sql<boolean>`${sql.ref(c)} = any(${[...values]}::text[])`,
      pairs: (values) =>
        sql`unnest(${values.map((v) => v[0])}::text[], ${values.map((v) => v[1])}::text[]) with ordinality as t(n, o, i)`,
      skipLocked: sql`for update of ingest_queue skip locked`,
      greatest: (a, b) => sql`greatest(${a}, ${b})`,
    }
  return {
    now: sql`strftime(${sql.raw(ISO)}, 'now')`,
    inSeconds: (s) => sql`strftime(${sql.raw(ISO)}, 'now', ${`${s >= 0 ? '+' : ''}${s} seconds`})`,
    idIn: (c, ids) => sql<boolean>`${sql.ref(c)} in (select value from json_each(${JSON.stringify(ids.map(Number))}))`,
    textIn: (c, values) => sql<boolean>`${sql.ref(c)} in (select value from json_each(${JSON.stringify(values)}))`,
    pairs: (values) =>
      sql`(select value ->> 0 as n, value ->> 1 as o, key as i from json_each(${JSON.stringify(values)})) as t`,
    skipLocked: sql``,
    greatest: (a, b) => sql`max(${a}, ${b})`,
  }
}

/** A time as the driver returns it (a Date on PostgreSQL, ISO text on SQLite) in ISO 8601. */
export function isoTime(t: Date | string): string {
  return new Date(t).toISOString()
}
