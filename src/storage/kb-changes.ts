// The KB change log (migration 8) on SQL: writers append the cache tags of what they changed inside their own
// transaction; API nodes read it forward to drop cached answers (src/cache/change-tracker.ts).
import { type CompiledQuery, type Kysely, sql, type Transaction } from 'kysely'
import { ANY_COMPONENT, type ChangeFeed, type ChangeRow } from '../domain/kb/changes.ts'
import type { Storage } from './database.ts'
import type { Database } from './schema.ts'

type Tx = Transaction<Database> | Kysely<Database>

/** How long rows are kept: a node that has not polled for this long starts over with an empty cache. */
export const CHANGE_RETENTION_MS = 24 * 3600_000

/** Appends one row per distinct tag (`*` for "any component"), in the caller's transaction. */
export async function recordChanges(trx: Tx, tags: Iterable<string>, at = new Date().toISOString()): Promise<void> {
  const rows = [...new Set(tags)].map((tag) => ({ tag, changed_at: at }))
  if (rows.length === 0) return
  // a change to everything makes the per-component rows of the same write redundant
  const any = rows.some((r) => r.tag === ANY_COMPONENT)
  await trx
    .insertInto('kb_changes')
    .values(any ? [{ tag: ANY_COMPONENT, changed_at: at }] : rows)
    .execute()
}

/** Drops rows older than the retention, always keeping the newest (so a reader's position stays meaningful). */
export async function pruneChanges(db: Kysely<Database>, now = Date.now()): Promise<void> {
  const cutoff = new Date(now - CHANGE_RETENTION_MS).toISOString()
  await db
    .deleteFrom('kb_changes')
    .where('changed_at', '<', cutoff)
    .where('id', '<', sql<number>`(select max(id) from kb_changes)`)
    .execute()
}

export class SqlChangeFeed implements ChangeFeed {
  /** latest() runs before every catalog lookup: its query, which has no parameters, is built and compiled once. */
  private readonly latestQuery: CompiledQuery<{ id: number | string | null }>

  constructor(private readonly storage: Storage) {
    this.latestQuery = storage.read
      .selectFrom('kb_changes')
      .select((eb) => eb.fn.max('id').as('id'))
      .compile()
  }

  // Reads where the answers are read (the replica when there is one): a change is seen no sooner than its data.
  async since(after: number, limit: number): Promise<ChangeRow[]> {
    const rows = await this.storage.read
      .selectFrom('kb_changes')
      .select(['id', 'tag'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(limit)
      .execute()
    return rows.map((r) => ({ id: Number(r.id), tag: r.tag }))
  }

  async byIds(ids: readonly number[]): Promise<ChangeRow[]> {
    if (ids.length === 0) return []
    const rows = await this.storage.read.selectFrom('kb_changes').select(['id', 'tag']).where('id', 'in', ids).execute()
    return rows.map((r) => ({ id: Number(r.id), tag: r.tag }))
  }

  async latest(): Promise<number> {
    const { rows } = await this.storage.read.executeQuery(this.latestQuery)
    return Number(rows[0]?.id ?? 0)
  }
}
