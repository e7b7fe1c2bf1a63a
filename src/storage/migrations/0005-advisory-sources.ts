// Migration 5: an advisory id several sources publish (the same PYSEC record in PyPA's database and in OSV's
// PyPI export) is one row naming every source: `source` is the source whose record the row holds (the newest by
// `modified`), `other_sources` the other sources that published the id (JSON array; '[]' for rows loaded before).
import type { Kysely } from 'kysely'
import type { Dialect } from '../database.ts'

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('advisories')
    .addColumn('other_sources', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute()
}
