// Creating, listing, revoking and checking API keys; keys are random, shown once, kept only as hashes.
import { hash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import { parseScopes } from './scopes.ts'
import { type ApiKeyRecord, type ApiKeyStore, type Principal, TIERS, type Tier } from './types.ts'

const KEY_PREFIX = 'ci_'

export function hashKey(key: string): string {
  return hash('sha256', key, 'hex')
}

function generateKey(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url')
}

function isTier(t: string): t is Tier {
  return Object.hasOwn(TIERS, t)
}

type CacheEntry = { principal: Principal | undefined; until: number }

export class KeyService {
  private readonly seeded = new Map<string, Principal>()
  private readonly cache = new Map<string, CacheEntry>()

  constructor(
    private readonly store: ApiKeyStore,
    seedKeys: readonly { key: string; scopes: string[] }[] = [],
    private readonly cacheTtlMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {
    // Keys from COMPINTEL_API_KEYS live in memory only, hashed like stored ones.
    for (const [i, seed] of seedKeys.entries()) {
      const hash = hashKey(seed.key)
      // The id names the key's hash, not its position, so rate-limit counters in a shared Redis never mix two keys.
      this.seeded.set(hash, {
        keyId: `env-${hash.slice(0, 16)}`,
        name: `COMPINTEL_API_KEYS #${i + 1}`,
        scopes: parseScopes(seed.scopes),
        tier: 'standard',
      })
    }
  }

  async create(input: {
    name: string
    scopes: string[]
    tier?: string
  }): Promise<{ key: string; record: ApiKeyRecord }> {
    const tier = input.tier ?? 'standard'
    if (!isTier(tier)) throw new Error(`unknown tier ${tier}; expected ${Object.keys(TIERS).join(', ')}`)
    const name = input.name.trim()
    if (name === '' || name.length > 200) throw new Error('a key needs a name of 1 to 200 characters')
    const key = generateKey()
    const record: ApiKeyRecord = {
      id: randomUUID(),
      name,
      hash: hashKey(key),
      prefix: key.slice(0, KEY_PREFIX.length + 6),
      scopes: parseScopes(input.scopes.length > 0 ? input.scopes : ['*']),
      tier,
      createdAt: new Date(this.now()).toISOString(),
      revokedAt: null,
    }
    await this.store.insert(record)
    return { key, record }
  }

  list(): Promise<ApiKeyRecord[]> {
    return this.store.list()
  }

  async revoke(idOrPrefix: string): Promise<number> {
    const n = await this.store.revoke(idOrPrefix, new Date(this.now()).toISOString())
    this.cache.clear()
    return n
  }

  /** True when neither the store nor the environment holds a key (first start of an empty KB). */
  async isEmpty(): Promise<boolean> {
    return this.seeded.size === 0 && (await this.store.count()) === 0
  }

  /**
   * The answer authenticate() would give, when this process has it at hand (a key from the environment, or one
   * checked within the cache's TTL): { principal } (undefined for an unknown or revoked key), else undefined.
   */
  knownAnswer(presented: string): { principal: Principal | undefined } | undefined {
    if (presented.length === 0 || presented.length > 512) return { principal: undefined }
    const h = hashKey(presented)
    const fromEnv = this.seeded.get(h)
    if (fromEnv) return { principal: fromEnv }
    const cached = this.cache.get(h)
    return cached && cached.until > this.now() ? { principal: cached.principal } : undefined
  }

  /** The principal for a presented key, or undefined for unknown and revoked keys. */
  async authenticate(presented: string): Promise<Principal | undefined> {
    const known = this.knownAnswer(presented)
    if (known) return known.principal
    const hash = hashKey(presented)
    const record = await this.store.findByHash(hash)
    // The lookup is by hash; the comparison of the hashes themselves is constant-time.
    const valid = record !== undefined && record.revokedAt === null && sameHash(record.hash, hash)
    const principal = valid
      ? { keyId: record.id, name: record.name, scopes: record.scopes, tier: record.tier }
      : undefined
    if (this.cacheTtlMs > 0) {
      if (this.cache.size > 10_000) this.cache.clear()
      this.cache.set(hash, { principal, until: this.now() + this.cacheTtlMs })
    }
    return principal
  }
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex')
  const y = Buffer.from(b, 'hex')
  return x.length === y.length && timingSafeEqual(x, y)
}
