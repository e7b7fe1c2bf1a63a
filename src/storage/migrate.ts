// Applies the numbered migrations (Kysely's Migrator holds a lock, so concurrent nodes migrate once).
import { randomBytes } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
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
    // Named, or the Migrator takes a migration table of any schema in the database for this KB's (and then
    // fails to read its lock row): several KBs in one database, as the test suites make, raced on it.
    ...(storage.dialect === 'postgres' ? { migrationTableSchema: await currentSchema(storage.db) } : {}),
  })
  const { error, results = [] } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  await ensureKbMeta(storage, now().toISOString())
  return {
    applied: results.filter((r) => r.status === 'Success').map((r) => r.migrationName),
    schemaVersion: SCHEMA_VERSION,
  }
}

/** The single metadata row: created with the KB, its schema_version kept current, its instance id set once. */
async function ensureKbMeta(storage: Storage, createdAt: string): Promise<void> {
  const instanceId = randomBytes(16).toString('hex')
  await storage.db
    .insertInto('kb_meta')
    .values({ id: 1, schema_version: SCHEMA_VERSION, created_at: createdAt, db_release: '', instance_id: instanceId })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        schema_version: SCHEMA_VERSION,
        instance_id: sql<string>`coalesce(kb_meta.instance_id, excluded.instance_id)`,
      }),
    )
    .execute()
}

/** The schema unqualified names resolve to on this connection (its search_path's first). */
async function currentSchema(db: Storage['db']): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db)
  return rows[0]?.schema ?? 'public'
}
