// OnDemandService with a worker in its process (SQLite, as the server runs it) against the fixture registry: a waiting
// request is woken by the worker's report when its unit settles, without looking at the queue in between; and another
// caller's single package is claimed before the first caller's backlog. The queue's turns on both backends:
// test/ingest-queue.test.ts.
import assert from 'node:assert/strict'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { sql } from 'kysely'
import { startFixtureRegistry } from '../../test/helpers/fixture-registry.ts'
import { TEST_WORKER } from '../../test/helpers/worker-options.ts'
import type { UnitEvent } from '../domain/kb/ingest-queue.ts'
import type { LearnRequest } from '../domain/on-demand/types.ts'
import { DEFAULT_ANALYZERS } from '../ingest/analyzers/index.ts'
import { IngestWorker } from '../jobs/worker.ts'
import { ingestInThisThread } from '../sources/npm/ingest-package.ts'
import { npmRunner } from '../sources/npm/npm-units.ts'
import { RegistryClient } from '../sources/npm/registry-client.ts'
import { openStorage } from '../storage/database.ts'
import { SqlIngestQueue } from '../storage/ingest-queue.ts'
import { SqlKbWriter } from '../storage/kb-writer.ts'
import { migrate } from '../storage/migrate.ts'
import { SqlOnDemandQueue } from '../storage/on-demand-queue.ts'
import { OnDemandService } from './service.ts'

const storage = openStorage({ kind: 'sqlite', path: ':memory:' })
const reg = await startFixtureRegistry()
const units = new SqlOnDemandQueue(storage.db, storage.dialect)
let stateQueries = 0
const counted = { lookup: units.lookup.bind(units), add: units.add.bind(units) }
const claimed: string[] = []
const silent = { info: () => {}, warn: () => {}, error: () => {} }
const worker = new IngestWorker(
  {
    queue: new SqlIngestQueue(storage.db, storage.dialect, { owner: 'here', leaseSeconds: 30 }),
    runners: {
      npm: npmRunner(
        ingestInThisThread(
          new RegistryClient({ registry: reg.url, cache: mkdtempSync(path.join(tmpdir(), 'ci-ods-')) }),
          new SqlKbWriter(storage),
          DEFAULT_ANALYZERS,
        ),
      ),
    },
    refresh: async () => {},
    log: silent,
    onUnit: (id: string, event: UnitEvent) => {
      if (event === 'claimed') claimed.push(id)
      service.onUnit(id, event)
    },
  },
  { ...TEST_WORKER, concurrency: 1, untilEmpty: false, minPriority: 1 },
)
// No looking at the queue while waiting (this process's worker is the only one): what the server does on SQLite.
const settings = { mode: 'analyze', waitMs: 60_000, negativeTtlSeconds: 3600, perKeyPerMinute: 100 } as const
const service = new OnDemandService(
  {
    ...counted,
    states: (ids) => {
      stateQueries++
      return units.states(ids)
    },
  },
  { ...settings, pollMs: Number.POSITIVE_INFINITY },
  () => worker.poke(),
)
let running: Promise<unknown>
before(async () => {
  await migrate(storage)
  running = worker.run()
})
after(async () => {
  worker.stop()
  await running
  await reg.close()
  await storage.close()
})

const npm = (name: string): LearnRequest => ({ source: 'npm', name, asked: [''], need: 'metadata' })

test('a waiting request is woken when its unit settles in this process, with no state query meanwhile', async () => {
  const held = reg.hold('/fixture-crypto/-/')
  stateQueries = 0
  const answer = service.learn([npm('fixture-crypto')], 'key:one')
  await held.arrived // the unit is in the worker's hands, the request waiting
  assert.equal(stateQueries, 1, 'one look when the wait starts')
  held.release()
  assert.deepEqual(await answer, new Map([['npm:fixture-crypto', { state: 'done' }]]))
  assert.equal(stateQueries, 1, 'woken by the worker, long before its 60 s were up')
})

test("another caller's package is claimed before the first caller's backlog", async () => {
  const backlog = ['fixture-alpha', 'fixture-beta', 'fixture-files', 'fixture-hfh', 'fixture-issues']
  const held = reg.hold('/fixture-alpha')
  claimed.length = 0
  await service.learn(backlog.map(npm), 'key:first', 0) // queued, not waited for
  await held.arrived // the worker (one unit at a time) is busy with the first caller's first unit
  await service.learn([npm('fixture-scan')], 'key:second', 0) // queued behind the five
  held.release()
  assert.deepEqual(
    await service.learn([npm('fixture-scan')], 'key:second'),
    new Map([['npm:fixture-scan', { state: 'done' }]]),
  )
  const { rows } = await sql<{ id: number; name: string; caller: string }>`
    select id, name, caller from ingest_queue`.execute(storage.db)
  const name = new Map(rows.map((r) => [String(r.id), r.name]))
  assert.deepEqual(
    claimed.slice(0, 2).map((id) => name.get(id)),
    ['fixture-alpha', 'fixture-scan'],
  )
  const callers = new Set(rows.filter((r) => r.name !== 'fixture-crypto').map((r) => r.caller))
  assert.equal(callers.size, 2, 'one tag per caller')
  for (const c of callers) assert.match(c, /^[0-9a-f]{16}$/, 'a hash, not the key id or address')
})
