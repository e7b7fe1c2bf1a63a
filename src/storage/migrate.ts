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

/** How long a migration is tried again while other KBs' schemas vanish under its look-up. */
const RETRY_MS = 30_000

export async function migrate(storage: Storage, now: () => Date = () => new Date()): Promise<MigrationReport> {
  const migrations: Record<string, Migration> = {}
  for (const m of MIGRATIONS) {
    migrations[m.name] = { up: (db: Kysely<unknown>) => m.up(db, storage.dialect) }
  }
  const schema = storage.dialect === 'postgres' ? await currentSchema(storage.db) : undefined
  const migrator = new Migrator({
    db: storage.db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'compintel_migrations',
    migrationLockTableName: 'compintel_migrations_lock',
    // Named, or the Migrator takes a migration table of any schema in the database for this KB's (and then
    // fails to read its lock row): several KBs in one database, as the test suites make, raced on it.
    ...(schema ? { migrationTableSchema: schema } : {}),
  })
  let outcome = await migrator.migrateToLatest()
  // The Migrator looks for its tables among every schema of the database, naming each schema as it goes: a schema
  // another KB drops at that moment fails the look-up ("schema … does not exist"). That is the other KB's business,
  // so the run is tried again after a short pause, for up to RETRY_MS (nothing of this KB was changed: the look-up
  // comes before the lock).
  const until = Date.now() + RETRY_MS
  for (let pause = 25; outcome.error && otherSchemaVanished(outcome.error, schema) && Date.now() < until; ) {
    await new Promise((resolve) => setTimeout(resolve, pause * (0.5 + Math.random())))
    pause = Math.min(pause * 2, 500)
    outcome = await migrator.migrateToLatest()
  }
  const { error, results = [] } = outcome
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

/** PostgreSQL's invalid_schema_name for a schema that is not this KB's own. */
export function otherSchemaVanished(error: unknown, own: string | undefined): boolean {
  if (own === undefined || (error as { code?: unknown })?.code !== '3F000') return false
  const named = /schema "([^"]+)" does not exist/.exec(String((error as Error).message))?.[1]
  return named !== undefined && named !== own
}

/** The schema unqualified names resolve to on this connection (its search_path's first). */
async function currentSchema(db: Storage['db']): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db)
  return rows[0]?.schema ?? 'public'
}
