// The KB of the commands that only read (`compintel status`, `check`, `export`): an existing SQLite KB whose schema is
// current is opened read-only (WAL, busy timeout), so they run while a server or worker writes to it; otherwise (a
// new or older SQLite KB, PostgreSQL) it is opened as usual and migrated first, as every command does.
import { existsSync } from 'node:fs'
import type { DatabaseConfig } from '../config/config.ts'
import { openSqliteReadOnly, openStorage, type Storage } from './database.ts'
import { migrate } from './migrate.ts'
import { SCHEMA_VERSION } from './migrations/index.ts'

export async function openForReading(config: DatabaseConfig): Promise<Storage> {
  if (config.kind === 'sqlite' && config.path !== ':memory:' && existsSync(config.path)) {
    const reader = openSqliteReadOnly(config.path)
    if ((await schemaVersion(reader)) === SCHEMA_VERSION) return reader
    await reader.close()
  }
  const storage = openStorage(config)
  await migrate(storage)
  return storage
}

async function schemaVersion(storage: Storage): Promise<string | undefined> {
  try {
    const row = await storage.db.selectFrom('kb_meta').select('schema_version').executeTakeFirst()
    return row?.schema_version
  } catch {
    return undefined // no kb_meta yet: not a KB this version made
  }
}
