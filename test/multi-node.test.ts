// Two real `compintel serve` processes on one PostgreSQL KB and one Redis (TEST_DATABASE_URL, TEST_REDIS_URL):
// started together on an empty database they migrate and load the (FIXTURE) seed exactly once, answer the same
// request identically, share one rate-limit budget per key and one answer cache, which a change written by
// another process ends on both.
import assert from 'node:assert/strict'
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { Redis } from 'ioredis'
import pg from 'pg'
import { createRuntime } from '../src/app/runtime.ts'
import { parseConfig } from '../src/config/config.ts'
import { openStorage } from '../src/storage/database.ts'
import { migrate } from '../src/storage/migrate.ts'
import { exportSeed } from '../src/storage/seed-export.ts'
import { freePort } from './helpers/free-port.ts'
import { loadFixtureKb, publishFixtureVersion } from './helpers/kb-fixture.ts'

const pgUrl = process.env.TEST_DATABASE_URL
const redisUrl = process.env.TEST_REDIS_URL
const skip = !(pgUrl && redisUrl) && 'TEST_DATABASE_URL and TEST_REDIS_URL are needed'
const dbName = `ci_nodes_${randomBytes(5).toString('hex')}`
const key = `multi-node-key-${randomBytes(8).toString('hex')}`
const work = mkdtempSync(path.join(tmpdir(), 'compintel-nodes-'))
const nodes: { child: ChildProcess; url: string; out: string[] }[] = []
let seedComponents = 0

async function admin<T>(fn: (c: pg.Client) => Promise<T>, url = pgUrl): Promise<T> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return await fn(c)
  } finally {
    await c.end()
  }
}

function dbUrl(): string {
  const u = new URL(pgUrl as string)
  u.pathname = `/${dbName}`
  return u.toString()
}

async function startNode(seedDir: string): Promise<(typeof nodes)[number]> {
  const port = await freePort()
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: dbUrl(),
    REDIS_URL: redisUrl,
    SEED_DIR: seedDir,
    COMPINTEL_API_KEYS: key,
    RATE_LIMIT_PER_MINUTE: '6',
    LOG_LEVEL: 'warn',
    MAX_EVENT_LOOP_DELAY_MS: '0', // the seed load blocks the loop; load shedding is tested elsewhere
    KB_CHANGE_POLL_MS: '100',
  }
  const child = spawn(process.execPath, ['bin/compintel.js', 'serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  const out: string[] = []
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`node did not start:\n${out.join('')}`)), 60_000)
    child.stdout?.on('data', (d) => {
      out.push(String(d))
      if (out.join('').includes('compintel listening on')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.stderr?.on('data', (d) => out.push(String(d)))
    child.on('exit', (code) => reject(new Error(`node exited with ${code}:\n${out.join('')}`)))
  })
  const node = { child, url: `http://127.0.0.1:${port}`, out }
  nodes.push(node)
  await ready
  return node
}

before(async () => {
  if (skip) return
  const source = openStorage({ kind: 'sqlite', path: ':memory:' })
  await migrate(source)
  await loadFixtureKb(source)
  const manifest = await exportSeed(source, path.join(work, 'seed'), {
    release: 'fixture-seed',
    created_at: '2026-01-01T00:00:00.000Z',
  })
  seedComponents = manifest.tables.components?.rows ?? 0
  await source.close()
  await admin((c) => c.query(`create database ${dbName}`))
})

after(async () => {
  for (const n of nodes) n.child.kill('SIGTERM')
  await Promise.all(
    nodes.map(
      (n) => new Promise((resolve) => (n.child.exitCode !== null ? resolve(null) : n.child.on('exit', resolve))),
    ),
  )
  if (!skip) await admin((c) => c.query(`drop database if exists ${dbName}`))
  rmSync(work, { recursive: true, force: true })
})

test('two nodes started together on an empty PostgreSQL KB load the seed once, answer alike and share the budget', {
  skip,
}, async () => {
  const seedDir = path.join(work, 'seed')
  const [a, b] = await Promise.all([startNode(seedDir), startNode(seedDir)])
  assert.ok(a && b)
  const loaded = [a, b].filter((n) => n.out.join('').includes('Seed loaded:'))
  assert.equal(loaded.length, 1, 'exactly one node loads the seed')
  const components = await admin(
    async (c) => (await c.query('select count(*)::int as n from components')).rows[0].n,
    dbUrl(),
  )
  assert.ok(seedComponents > 0)
  assert.equal(components, seedComponents, 'the seed is in the KB once, not twice')

  // a node whose health check failed on a busy machine (the KB's ping slow right after the seed load) answers 503
  // with Retry-After, as it should: asked again, as a client would
  const ask = async (n: { url: string }, url: string) => {
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(`${n.url}${url}`, { headers: { 'x-api-key': key } })
      if (res.status === 503 && attempt < 20) {
        await res.arrayBuffer()
        await new Promise((resolve) => setTimeout(resolve, 500))
        continue
      }
      return { status: res.status, body: (await res.json()) as { component: { versions: unknown[] } } }
    }
  }
  const q = '/v2/components/versions?purl=pkg:npm/fx-lib'
  const [ra, rb] = [await ask(a, q), await ask(b, q)]
  assert.equal(ra.status, 200)
  assert.ok(ra.body.component.versions.length > 0, 'the seed is served')
  assert.deepEqual(ra.body, rb.body, 'both nodes answer the same')

  // 2 requests used above; 4 more alternate between the nodes, then both refuse.
  const codes: number[] = []
  for (let i = 0; i < 6; i++) codes.push((await ask(i % 2 === 0 ? a : b, q)).status)
  assert.deepEqual(codes, [200, 200, 200, 200, 429, 429])
})

test('the answer cache is shared through Redis, and an ingest by another process ends it on both nodes', {
  skip,
}, async () => {
  const [a, b] = nodes
  assert.ok(a && b, 'the nodes of the first test')
  const { storage, services, close } = await createRuntime(
    parseConfig({ DATABASE_URL: dbUrl(), KEY_CACHE_TTL_MS: '0' }),
  )
  try {
    const unlimited = (await services.keys.create({ name: 'cache test', scopes: ['*'], tier: 'unlimited' })).key
    const ask = async (n: { url: string }) => {
      const res = await fetch(`${n.url}/v2/components/versions?purl=pkg:npm/fx-util`, {
        headers: { 'x-api-key': unlimited },
      })
      const body = (await res.json()) as { component: { versions: { version: string }[] } }
      return { cache: res.headers.get('x-cache'), versions: body.component.versions.map((v) => v.version) }
    }
    // another run's nodes (an earlier CI pass on another Node line) may have cached this URL in the same Redis: the
    // cache's namespace names the server and schema version, not the KB
    const redis = new Redis(redisUrl as string)
    const stale = await redis.keys('compintel:answer:*')
    if (stale.length > 0) await redis.del(...stale)
    redis.disconnect()
    const computed = await ask(a)
    assert.equal(computed.cache, 'miss')
    let shared = await ask(b)
    for (let i = 0; i < 20 && shared.cache !== 'hit'; i++) shared = await ask(b) // a's write to Redis is not awaited
    assert.equal(shared.cache, 'hit', 'node b answers from what node a cached')
    assert.deepEqual(shared.versions, computed.versions)

    await publishFixtureVersion(storage, 'fx-util', '2.3.0')
    const deadline = Date.now() + 10_000
    const seen = new Set<string>()
    while (seen.size < 2 && Date.now() < deadline) {
      for (const [name, n] of [
        ['a', a],
        ['b', b],
      ] as const)
        if ((await ask(n)).versions.includes('2.3.0')) seen.add(name)
      await new Promise((r) => setTimeout(r, 50))
    }
    assert.deepEqual([...seen].sort(), ['a', 'b'], 'both nodes answer the new version')
  } finally {
    await close()
  }
})
