import assert from 'node:assert/strict'
import { test } from 'node:test'
import { sql } from 'kysely'
import { parseConfig } from '../config/config.ts'
import { openStorage } from '../storage/database.ts'
import { createRuntime } from './runtime.ts'

const config = (env: Record<string, string>) => parseConfig({ DATABASE_URL: 'sqlite::memory:', ...env })

test('a runtime starts only what it is asked to: services over a migrated KB, no worker, no schedule', async () => {
  const runtime = await createRuntime(config({}))
  assert.equal(runtime.onDemand, undefined)
  assert.equal(runtime.schedule, undefined)
  assert.equal(runtime.services.onDemand, undefined)
  assert.equal(await runtime.services.keys.isEmpty(), true) // the api_keys table exists: migrated
  await runtime.close()
  await runtime.close() // once is enough; again is harmless
  await assert.rejects(runtime.storage.ping(), 'the storage it opened is closed')
})

test('the on-demand port is in the services as built; the schedule runs when asked; overrides replace services', async () => {
  const storage = openStorage({ kind: 'sqlite', path: ':memory:' })
  const pingDatabase = async () => {
    throw new Error('down')
  }
  const runtime = await createRuntime(config({ ON_DEMAND: 'metadata', ON_DEMAND_CONCURRENCY: '0' }), {
    storage,
    onDemand: true,
    schedule: true,
    services: { pingDatabase },
  })
  assert.ok(runtime.onDemand)
  assert.equal(runtime.services.onDemand, runtime.onDemand.service)
  assert.ok(runtime.schedule, 'UPDATE_INTERVAL defaults to 24h')
  assert.equal(runtime.services.pingDatabase, pingDatabase)
  await runtime.close()
  await storage.ping() // a storage handed in stays open
  await storage.close()
})

test('ON_DEMAND=off: no port even when the caller starts on-demand; a failed migration closes what it opened', async () => {
  const runtime = await createRuntime(config({ ON_DEMAND: 'off', UPDATE_INTERVAL: 'off' }), {
    onDemand: true,
    schedule: true,
  })
  assert.equal(runtime.services.onDemand, undefined)
  assert.equal(runtime.schedule, undefined)
  await runtime.close()
  let opened: { ping(): Promise<void> } | undefined
  await assert.rejects(
    createRuntime(config({}), {
      prepare: async (s) => {
        opened = s
        await sql`select 1`.execute(s.db) // the connection is open
        throw new Error('no migration')
      },
    }),
    /no migration/,
  )
  await assert.rejects((opened as { ping(): Promise<void> }).ping())
})
