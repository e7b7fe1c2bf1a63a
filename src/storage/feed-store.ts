// What `compintel update` remembers (table feeds, migration 10): each feed's validators for conditional requests,
// when it was last checked, last changed and last failed; and the schedule's own row (`update`), whose claim makes
// one node of many run a due update.
import type { Kysely } from 'kysely'
import type { Validators } from '../domain/kb/types.ts'
import type { Database, FeedsTable } from './schema.ts'

export type FeedRow = FeedsTable

export class SqlFeedStore {
  constructor(private readonly db: Kysely<Database>) {}

  async get(name: string): Promise<FeedRow | undefined> {
    return this.db.selectFrom('feeds').selectAll().where('name', '=', name).executeTakeFirst()
  }

  async list(): Promise<FeedRow[]> {
    return this.db.selectFrom('feeds').selectAll().orderBy('name').execute()
  }

  /** A successful check: new validators and size when it changed (was downloaded and ingested). */
  async checked(name: string, url: string, at: string, changed?: { validators: Validators; bytes: number }) {
    const set = {
      url,
      checked_at: at,
      failed_at: null,
      last_error: null,
      ...(changed
        ? {
            etag: changed.validators.etag,
            last_modified: changed.validators.lastModified,
            bytes: changed.bytes,
            changed_at: at,
          }
        : {}),
    }
    await this.db
      .insertInto('feeds')
      .values({ name, ...set })
      .onConflict((oc) => oc.column('name').doUpdateSet(set))
      .execute()
  }

  async failed(name: string, url: string, at: string, error: string): Promise<void> {
    const set = { url, failed_at: at, last_error: error.slice(0, 2000) }
    await this.db
      .insertInto('feeds')
      .values({ name, ...set })
      .onConflict((oc) => oc.column('name').doUpdateSet(set))
      .execute()
  }

  /**
   * True when a run named `name` is due (its last claim is `intervalMs` old) and this caller now holds it; the first
   * call only starts the clock. One statement: of nodes calling at once, one gets true.
   */
  async claimRun(name: string, intervalMs: number, now = new Date()): Promise<boolean> {
    const at = now.toISOString()
    const due = new Date(now.getTime() - intervalMs).toISOString()
    const first = await this.db
      .insertInto('feeds')
      .values({ name, url: '', checked_at: at })
      .onConflict((oc) => oc.column('name').doNothing())
      .executeTakeFirst()
    if (Number(first.numInsertedOrUpdatedRows ?? 0) > 0) return false
    const r = await this.db
      .updateTable('feeds')
      .set({ checked_at: at })
      .where('name', '=', name)
      .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<=', due)]))
      .executeTakeFirst()
    return Number(r.numUpdatedRows) > 0
  }
}
