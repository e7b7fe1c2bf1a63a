// API keys: what is stored (a SHA-256 hash, never the key) and the store interface.
import type { Scope } from './scopes.ts'

/** Rate-limit tiers: a multiple of RATE_LIMIT_PER_MINUTE (0 = not limited). */
export const TIERS = { standard: 1, high: 10, unlimited: 0 } as const
export type Tier = keyof typeof TIERS

export interface ApiKeyRecord {
  id: string
  name: string
  /** Hex SHA-256 of the key. */
  hash: string
  /** First characters of the key, for recognising it in `keys list`; not enough to use it. */
  prefix: string
  scopes: Scope[]
  tier: Tier
  createdAt: string
  revokedAt: string | null
}

export interface ApiKeyStore {
  insert(record: ApiKeyRecord): Promise<void>
  findByHash(hash: string): Promise<ApiKeyRecord | undefined>
  list(): Promise<ApiKeyRecord[]>
  /** Revokes by id or prefix; returns how many keys it revoked. */
  revoke(idOrPrefix: string, at: string): Promise<number>
  count(): Promise<number>
}

/** Who is calling, once the key is checked. */
export interface Principal {
  keyId: string
  name: string
  scopes: Scope[]
  tier: Tier
}
