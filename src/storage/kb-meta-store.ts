// Reads the KB metadata record.
import type { KbMeta, KbMetaStore } from '../domain/meta/types.ts'
import type { Storage } from './database.ts'

export class SqlKbMetaStore implements KbMetaStore {
  constructor(private readonly storage: Storage) {}

  async get(): Promise<KbMeta | undefined> {
    const row = await this.storage.db
      .selectFrom('kb_meta')
      .select(['schema_version', 'created_at', 'db_release'])
      .where('id', '=', 1)
      .executeTakeFirst()
    return row && { schemaVersion: row.schema_version, createdAt: row.created_at, release: row.db_release }
  }
}
