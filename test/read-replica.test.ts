// DATABASE_READ_URL (TEST_DATABASE_URL): the API's reads go to the read replica, writes and API keys to the
// primary. Two databases stand for them: the primary is migrated and empty, the "replica" holds the FIXTURE KB.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, before, test } from 'node:test'
import pg from 'pg'
import { type ConfigError, parseConfig } from '../src/config/config.ts'
import { openStorage } from '../src/storage/database.ts'
import { migrate } from '../src/storage/migrate.ts'
import { makeTestApp, type TestApp } from './helpers/app.ts'
import { loadFixtureKb } from './helpers/kb-fixture.ts'

const pgUrl = process.env.TEST_DATABASE_URL
const skip = !pgUrl && 'TEST_DATABASE_URL not set'
const suffix = randomBytes(5).toString('hex')
const names = { primary: `ci_primary_${suffix}`, replica: `ci_replica_${suffix}` }
let t: TestApp | undefined

const urlOf = (db: string) => {
  const u = new URL(pgUrl as string)
  u.pathname = `/${db}`
  return u.toString()
}
async function admin(sqlText: string, db?: string) {
  const c = new pg.Client({ connectionString: db ? urlOf(db) : pgUrl })
  await c.connect()
  try {
    return await c.query(sqlText)
  } finally {
    await c.end()
  }
}

before(async () => {
  if (skip) return
  for (const n of Object.values(names)) await admin(`create database ${n}`)
  const replica = openStorage({ kind: 'postgres', url: urlOf(names.replica) })
  await migrate(replica)
  await loadFixtureKb(replica)
  await replica.close()
  t = await makeTestApp({ env: { DATABASE_URL: urlOf(names.primary), DATABASE_READ_URL: urlOf(names.replica) } })
})
after(async () => {
  await t?.close()
  if (!skip) for (const n of Object.values(names)) await admin(`drop database if exists ${n} with (force)`)
})

test('reads come from the replica; keys are written to and read from the primary', { skip }, async () => {
  const app = t as TestApp
  const res = await app.app.inject({
    method: 'GET',
    url: '/v2/components/versions?purl=pkg:npm/fx-lib',
    headers: { 'x-api-key': app.keys.full },
  })
  assert.equal(res.statusCode, 200, res.body)
  assert.ok(res.json().component.versions.length > 0, 'the replica holds fx-lib')
  const primaryComponents = await admin('select count(*)::int as n from components', names.primary)
  assert.equal(primaryComponents.rows[0].n, 0, 'the primary holds no components')
  const keysPrimary = await admin('select count(*)::int as n from api_keys', names.primary)
  const keysReplica = await admin('select count(*)::int as n from api_keys', names.replica)
  assert.ok(keysPrimary.rows[0].n > 0)
  assert.equal(keysReplica.rows[0].n, 0)
})

test('DATABASE_READ_URL needs a PostgreSQL DATABASE_URL and a valid URL', () => {
  assert.throws(
    () => parseConfig({ DATABASE_READ_URL: 'postgres://x@127.0.0.1/y' }),
    (e: ConfigError) => e.problems.some((p) => p.startsWith('DATABASE_READ_URL: needs a postgres://')),
  )
  assert.throws(
    () => parseConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/y', DATABASE_READ_URL: 'mysql://z' }),
    (e: ConfigError) => e.problems.some((p) => p.startsWith('DATABASE_READ_URL: expected a valid postgres://')),
  )
  const ok = parseConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/y', DATABASE_READ_URL: 'postgres://r@127.0.0.1/y' })
  assert.deepEqual(ok.database, {
    kind: 'postgres',
    url: 'postgres://x@127.0.0.1/y',
    readUrl: 'postgres://r@127.0.0.1/y',
  })
})
