// Component popularity as the KB itself can tell it: how many npm components' latest versions depend on it (runtime
// or optional; a Debian package's dependency on `tar` is not one on npm's tar). Search ranks ties by it. Recomputed
// in one statement after a seed load and after an ingest run.
import { type Kysely, sql } from 'kysely'
import type { Dialect } from './database.ts'
import type { Database } from './schema.ts'

const POPULARITY_SOURCE = 'computed:dependents'

export async function refreshPopularity(db: Kysely<Database>): Promise<void> {
  await sql`
    with counts as (
      select d.name as name, count(distinct c.id) as n
      from components c
      join versions v on v.component_id = c.id and v.version = c.latest_version and c.purl_type = 'npm'
      join version_dependencies d on d.version_id = v.id and d.scope in ('runtime', 'optional')
      group by d.name
    )
    update components
    set popularity = coalesce((select n from counts where counts.name = components.purl_name), 0),
        popularity_source = ${POPULARITY_SOURCE}
    where components.purl_type = 'npm'
      and (popularity is null
        or popularity <> coalesce((select n from counts where counts.name = components.purl_name), 0)
        or popularity_source is null or popularity_source <> ${POPULARITY_SOURCE})
  `.execute(db)
}

/**
 * The same, one process at a time: on PostgreSQL under an advisory lock (workers that run out of work together would
 * otherwise contend); SQLite has one writer anyway.
 */
export async function refreshPopularityExclusive(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') return refreshPopularity(db)
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('compintel:popularity'))`.execute(trx)
    await refreshPopularity(trx)
  })
}
