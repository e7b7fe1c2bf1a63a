// KeyService: keys are random and shown once, stored as hashes, checked against scope, revocation and cache.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { hashKey, KeyService } from './key-service.ts'
import { allows, parseScopes } from './scopes.ts'
import type { ApiKeyRecord, ApiKeyStore } from './types.ts'

class MemoryStore implements ApiKeyStore {
  rows: ApiKeyRecord[] = []
  lookups = 0
  async insert(r: ApiKeyRecord) {
    this.rows.push({ ...r })
  }
  async findByHash(hash: string) {
    this.lookups++
    return this.rows.find((r) => r.hash === hash)
  }
  async list() {
    return this.rows
  }
  async revoke(id: string, at: string) {
    const hits = this.rows.filter((r) => (r.id === id || r.prefix === id) && !r.revokedAt)
    for (const r of hits) r.revokedAt = at
    return hits.length
  }
  async count() {
    return this.rows.length
  }
}

test('a created key is random, stored only as its SHA-256 hash, and authenticates', async () => {
  const store = new MemoryStore()
  const svc = new KeyService(store, [], 0)
  const a = await svc.create({ name: 'a', scopes: ['licenses'] })
  const b = await svc.create({ name: 'b', scopes: ['*'] })
  assert.notEqual(a.key, b.key)
  assert.match(a.key, /^ci_[A-Za-z0-9_-]{43}$/)
  assert.equal(store.rows[0]?.hash, hashKey(a.key))
  assert.ok(!JSON.stringify(store.rows).includes(a.key), 'the key itself is never stored')
  assert.deepEqual((await svc.authenticate(a.key))?.scopes, ['licenses'])
  assert.equal(await svc.authenticate(`${a.key}x`), undefined)
  assert.equal(await svc.authenticate(''), undefined)
})

test('revoked keys stop working; revoke by prefix works', async () => {
  const svc = new KeyService(new MemoryStore(), [], 60_000)
  const { key, record } = await svc.create({ name: 'r', scopes: ['*'] })
  assert.ok(await svc.authenticate(key))
  assert.equal(await svc.revoke(record.prefix), 1)
  assert.equal(await svc.authenticate(key), undefined)
  assert.equal(await svc.revoke(record.prefix), 0)
})

test('lookups are cached for the TTL', async () => {
  let now = 1000
  const store = new MemoryStore()
  const svc = new KeyService(store, [], 500, () => now)
  const { key } = await svc.create({ name: 'c', scopes: ['*'] })
  await svc.authenticate(key)
  await svc.authenticate(key)
  assert.equal(store.lookups, 1)
  now += 501
  await svc.authenticate(key)
  assert.equal(store.lookups, 2)
})

test('COMPINTEL_API_KEYS keys work without the store and count as keys', async () => {
  const store = new MemoryStore()
  const svc = new KeyService(store, [{ key: 'seed-key-0123456789', scopes: ['licenses', 'vulnerabilities'] }])
  assert.deepEqual((await svc.authenticate('seed-key-0123456789'))?.scopes, ['licenses', 'vulnerabilities'])
  assert.equal(store.lookups, 0)
  assert.equal(await svc.isEmpty(), false)
  assert.equal(await new KeyService(store).isEmpty(), true)
})

const scopeCases = [
  { name: 'star allows everything', scopes: ['*'], area: 'semgrep', ok: true },
  { name: 'own area', scopes: ['licenses'], area: 'licenses', ok: true },
  { name: 'other area', scopes: ['licenses'], area: 'components', ok: false },
  { name: 'several areas', scopes: ['licenses', 'components'], area: 'components', ok: true },
] as const
for (const c of scopeCases) {
  test(`scopes: ${c.name}`, () => assert.equal(allows(parseScopes(c.scopes), c.area), c.ok))
}

const invalid = [
  { name: 'unknown scope', input: { name: 'x', scopes: ['everything'] }, says: /unknown scope/ },
  { name: 'unknown tier', input: { name: 'x', scopes: ['*'], tier: 'gold' }, says: /unknown tier/ },
  { name: 'empty name', input: { name: '  ', scopes: ['*'] }, says: /needs a name/ },
]
for (const c of invalid) {
  test(`create refuses ${c.name}`, async () => {
    await assert.rejects(new KeyService(new MemoryStore()).create(c.input), c.says)
  })
}
