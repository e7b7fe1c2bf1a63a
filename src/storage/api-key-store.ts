// Stores API key records (hash, prefix, scopes, tier); the key itself never reaches the database.
import type { Scope } from '../domain/keys/scopes.ts'
import type { ApiKeyRecord, ApiKeyStore, Tier } from '../domain/keys/types.ts'
import type { Storage } from './database.ts'
import type { ApiKeysTable } from './schema.ts'

export class SqlApiKeyStore implements ApiKeyStore {
  constructor(private readonly storage: Storage) {}

  async insert(r: ApiKeyRecord): Promise<void> {
    await this.storage.db
      .insertInto('api_keys')
      .values({
        id: r.id,
        name: r.name,
        key_hash: r.hash,
        prefix: r.prefix,
        scopes: r.scopes.join(','),
        tier: r.tier,
        created_at: r.createdAt,
        revoked_at: r.revokedAt,
      })
      .execute()
  }

  async findByHash(hash: string): Promise<ApiKeyRecord | undefined> {
    const row = await this.storage.db.selectFrom('api_keys').selectAll().where('key_hash', '=', hash).executeTakeFirst()
    return row && toRecord(row)
  }

  async list(): Promise<ApiKeyRecord[]> {
    const rows = await this.storage.db.selectFrom('api_keys').selectAll().orderBy('created_at').orderBy('id').execute()
    return rows.map(toRecord)
  }

  async revoke(idOrPrefix: string, at: string): Promise<number> {
    const res = await this.storage.db
      .updateTable('api_keys')
      .set({ revoked_at: at })
      .where((eb) => eb.or([eb('id', '=', idOrPrefix), eb('prefix', '=', idOrPrefix)]))
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
    return Number(res.numUpdatedRows)
  }

  async count(): Promise<number> {
    const row = await this.storage.db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }
}

function toRecord(row: ApiKeysTable): ApiKeyRecord {
  return {
    id: row.id,
    name: row.name,
    hash: row.key_hash,
    prefix: row.prefix,
    scopes: row.scopes.split(',') as Scope[],
    tier: row.tier as Tier,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  }
}
