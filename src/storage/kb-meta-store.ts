// Reads the KB metadata record and the loaded data sources.
import type { DataSourceKind, KbMeta, KbMetaStore, LoadedSource } from '../domain/meta/types.ts'
import type { Storage } from './database.ts'

export class SqlKbMetaStore implements KbMetaStore {
  constructor(private readonly storage: Storage) {}

  async get(): Promise<KbMeta | undefined> {
    const row = await this.storage.read
      .selectFrom('kb_meta')
      .select(['schema_version', 'created_at', 'db_release', 'instance_id'])
      .where('id', '=', 1)
      .executeTakeFirst()
    return (
      row && {
        schemaVersion: row.schema_version,
        createdAt: row.created_at,
        release: row.db_release,
        instanceId: row.instance_id ?? '',
      }
    )
  }

  async sources(kinds: readonly DataSourceKind[]): Promise<LoadedSource[]> {
    if (kinds.length === 0) return []
    const rows = await this.storage.read
      .selectFrom('data_sources as d')
      .leftJoin('feeds as f', 'f.name', 'd.name')
      .selectAll('d')
      .select('f.checked_at')
      .where('d.kind', 'in', kinds)
      .orderBy('d.name')
      .execute()
    return rows.map((r) => ({
      name: r.name,
      kind: r.kind,
      asOf: r.source_date,
      importedAt: r.imported_at,
      checkedAt: r.checked_at,
      records: Number(r.records),
    }))
  }
}
