// The ingestion queue as on-demand requests use it: what is open or just ended for some packages, adding units, and
// their states while a request waits (one statement each, whatever the number of packages).
import { type Kysely, sql } from 'kysely'
import { ON_DEMAND_PRIORITY, type OnDemandQueue, type UnitView } from '../domain/kb/ingest-queue.ts'
import type { Dialect } from './database.ts'
import { insertUnits } from './ingest-queue.ts'
import { type QueueSql, queueSql } from './queue-sql.ts'
import type { Database } from './schema.ts'

export class SqlOnDemandQueue implements OnDemandQueue {
  private readonly q: QueueSql

  constructor(
    private readonly db: Kysely<Database>,
    dialect: Dialect,
  ) {
    this.q = queueSql(dialect)
  }

  async lookup(source: string, names: readonly string[], ttlSeconds: number): Promise<UnitView[]> {
    if (names.length === 0) return []
    const { rows } = await sql<UnitView>`
      select cast(id as text) as id, name, options, state, last_error as "lastError" from ingest_queue
      where source = ${source} and ${this.q.textIn('name', names)}
        and (state in ('pending', 'active') or (priority >= ${ON_DEMAND_PRIORITY}
          and updated_at >= ${this.q.inSeconds(-ttlSeconds)}))
      order by id desc`.execute(this.db)
    return rows
  }

  async add(
    runId: string,
    source: string,
    units: readonly (readonly [string, string])[],
    caller: string,
    priority = ON_DEMAND_PRIORITY,
  ): Promise<UnitView[]> {
    const options = new Map(units)
    const added = await insertUnits(this.db, this.q, runId, source, units, { priority, caller })
    return added.map((u) => ({ ...u, options: options.get(u.name) ?? '', state: 'pending', lastError: null }))
  }

  async states(ids: readonly string[]): Promise<Map<string, Pick<UnitView, 'state' | 'lastError'>>> {
    if (ids.length === 0) return new Map()
    const { rows } = await sql<Pick<UnitView, 'id' | 'state' | 'lastError'>>`
      select cast(id as text) as id, state, last_error as "lastError" from ingest_queue
      where ${this.q.idIn('id', ids.map(Number))}`.execute(this.db)
    return new Map(rows.map(({ id, ...unit }) => [id, unit]))
  }
}
