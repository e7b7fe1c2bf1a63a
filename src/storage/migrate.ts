// Applies the numbered migrations (Kysely's Migrator holds a lock, so concurrent nodes migrate once).
import type { Kysely } from 'kysely'
import { type Migration, Migrator } from 'kysely/migration'
import type { Storage } from './database.ts'
import { MIGRATIONS, SCHEMA_VERSION } from './migrations/index.ts'

export interface MigrationReport {
  applied: string[]
  schemaVersion: string
}

export async function migrate(storage: Storage, now: () => Date = () => new Date()): Promise<MigrationReport> {
  const migrations: Record<string, Migration> = {}
  for (const m of MIGRATIONS) {
    migrations[m.name] = { up: (db: Kysely<unknown>) => m.up(db, storage.dialect) }
  }
  const migrator = new Migrator({
    db: storage.db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'compintel_migrations',
    migrationLockTableName: 'compintel_migrations_lock',
  })
  const { error, results = [] } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  await ensureKbMeta(storage, now().toISOString())
  return {
    applied: results.filter((r) => r.status === 'Success').map((r) => r.migrationName),
    schemaVersion: SCHEMA_VERSION,
  }
}

/** The single metadata row: created with the KB, its schema_version kept current. */
async function ensureKbMeta(storage: Storage, createdAt: string): Promise<void> {
  await storage.db
    .insertInto('kb_meta')
    .values({ id: 1, schema_version: SCHEMA_VERSION, created_at: createdAt, db_release: '' })
    .onConflict((oc) => oc.column('id').doUpdateSet({ schema_version: SCHEMA_VERSION }))
    .execute()
}
