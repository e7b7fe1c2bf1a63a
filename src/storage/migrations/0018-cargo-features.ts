// Migration 18: Cargo's features (docs/dependencies.md "crates.io"), for the transitive walk's feature resolution. A
// crate version's `[features]` table (versions.features, JSON: each feature and what it enables) and how a dependent
// asks for each dependency where it is not the usual (version_dependencies.features, JSON: the features asked, the
// key its features name it by when renamed, optional). Null: nothing recorded (every other ecosystem, the usual
// dependency, rows written before): the walk then takes the crate's default features.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('versions').addColumn('features', 'text').execute()
  await db.schema.alterTable('version_dependencies').addColumn('features', 'text').execute()
}
