// Which known packages of a type (npm's) `compintel update` re-reads next (never checked or longest unchecked first, the most
// popular first among equals) and when it last did (table registry_checks, migration 10).
import type { Kysely } from 'kysely'
import type { Database } from './schema.ts'

export async function packagesToCheck(
  db: Kysely<Database>,
  purlType: string,
  limit: number,
): Promise<{ id: number; name: string; purl: string }[]> {
  if (limit <= 0) return []
  return db
    .selectFrom('components as c')
    .leftJoin('registry_checks as r', 'r.component_id', 'c.id')
    .select(['c.id as id', 'c.purl_name as name', 'c.purl as purl'])
    .where('c.purl_type', '=', purlType)
    .orderBy((eb) => eb.case().when('r.checked_at', 'is', null).then(0).else(1).end())
    .orderBy('r.checked_at')
    .orderBy((eb) => eb.fn.coalesce('c.popularity', eb.lit(0)), 'desc')
    .orderBy('c.id')
    .limit(limit)
    .execute()
}

export async function recordChecks(db: Kysely<Database>, ids: readonly number[], at: string): Promise<void> {
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = ids.slice(i, i + 1000).map((component_id) => ({ component_id, checked_at: at }))
    await db
      .insertInto('registry_checks')
      .values(rows)
      .onConflict((oc) => oc.column('component_id').doUpdateSet({ checked_at: at }))
      .execute()
  }
}
