// The ingestion queue on SQLite and on PostgreSQL (TEST_DATABASE_URL), in-process: deduplication per run and of open work, claims
// that never overlap, leases taken over once they run out, back-off and bounded retries, permanent failures, release
// and pruning; then the worker loop against the fixture registry (retry, not found, popularity, graceful stop).
// The same with real processes, SIGKILL included: test/ingest-workers.test.ts.
import assert from 'node:assert/strict'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, beforeEach, describe, test } from 'node:test'
import { sql } from 'kysely'
import {
  KNOWN_PRIORITY,
  ON_DEMAND_PRIORITY,
  serializeUnitOptions,
  type UnitOptions,
} from '../src/domain/kb/ingest-queue.ts'
import { DEFAULT_ANALYZERS } from '../src/ingest/analyzers/index.ts'
import { IngestWorker, type WorkerOptions } from '../src/jobs/worker.ts'
import { ingestInThisThread } from '../src/sources/npm/ingest-package.ts'
import { npmRunner } from '../src/sources/npm/npm-units.ts'
import { RegistryClient } from '../src/sources/npm/registry-client.ts'
import type { Storage } from '../src/storage/database.ts'
import { type QueueOptions, SqlIngestQueue } from '../src/storage/ingest-queue.ts'
import { SqlKbWriter } from '../src/storage/kb-writer.ts'
import { migrate } from '../src/storage/migrate.ts'
import { SqlOnDemandQueue } from '../src/storage/on-demand-queue.ts'
import { refreshPopularityExclusive } from '../src/storage/popularity.ts'
import { backends } from './helpers/backends.ts'
import { type FixtureRegistry, startFixtureRegistry } from './helpers/fixture-registry.ts'
import { TEST_WORKER } from './helpers/worker-options.ts'

const OPTS: UnitOptions = { versions: 'all', analyze: 'latest', withDependencies: false }

for (const backend of backends())
  describe(`ingestion queue on ${backend.name}`, () => {
    let storage: Storage
    let cleanup: () => Promise<void>
    const queue = (owner: string, extra: Partial<QueueOptions> = {}) =>
      new SqlIngestQueue(storage.db, storage.dialect, { owner, leaseSeconds: 30, ...extra })
    const ago = (seconds: number) => queue('clock').q.inSeconds(-seconds)
    const row = async (name: string) =>
      (
        await sql<{ state: string; attempts: number; lease_owner: string | null; last_error: string | null }>`
        select state, attempts, lease_owner, last_error from ingest_queue where name = ${name} order by id`.execute(
          storage.db,
        )
      ).rows

    before(async () => {
      const opened = await backend.open()
      storage = opened.storage
      cleanup = opened.cleanup
      await migrate(storage)
    })
    after(async () => cleanup?.())
    beforeEach(async () => {
      await sql`delete from ingest_queue`.execute(storage.db)
    })

    test('a package is queued once per run, and identical work is never open twice', async () => {
      const q = queue('w1')
      assert.equal(await q.enqueue('r1', 'npm', ['a', 'b', 'a'], OPTS), 2)
      assert.equal(await q.enqueue('r2', 'npm', ['a', 'c'], OPTS), 1, 'a is pending with the same options')
      assert.equal(await q.enqueue('r3', 'npm', ['a'], { ...OPTS, analyze: 'all' }), 1, 'other options: other work')
      const [a] = await q.claim(1)
      assert.equal(a?.name, 'a')
      assert.equal(await q.enqueue('r4', 'npm', ['a'], OPTS), 0, 'a is being ingested with the same options')
      await q.complete(a as NonNullable<typeof a>, [])
      assert.equal(await q.enqueue('r4', 'npm', ['a'], OPTS), 1, 'done: a new run queues it again')
    })

    test('concurrent claims never share a unit; an expired lease passes to the next claimer', async () => {
      const [w1, w2] = [queue('w1'), queue('w2')]
      await w1.enqueue('r1', 'npm', ['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'], OPTS)
      const claims = await Promise.all([w1.claim(3), w2.claim(3), w1.claim(3), w2.claim(3)])
      const ids = claims.flat().map((u) => u.id)
      assert.equal(ids.length, 8)
      assert.equal(new Set(ids).size, 8, 'no unit claimed twice')

      // which of w1's two claims got units depends on how the concurrent claims interleave; together they got some
      const unit = [...(claims[0] ?? []), ...(claims[2] ?? [])][0] as NonNullable<(typeof claims)[0][0]>
      assert.deepEqual(await w1.renew([unit.id]), [unit.id])
      await sql`update ingest_queue set lease_until = ${ago(1)} where id = ${Number(unit.id)}`.execute(storage.db)
      const [taken] = await w2.claim(1)
      assert.equal(taken?.id, unit.id, 'the expired lease comes first')
      assert.equal(taken?.attempts, 2)
      assert.deepEqual(await w1.renew([unit.id]), [], 'the old owner no longer holds it')
      assert.deepEqual(await w1.complete(unit, []), { held: false, queued: 0 })
      assert.deepEqual(await w2.complete(taken as NonNullable<typeof taken>, []), { held: true, queued: 0 })
      assert.equal((await row(unit.name))[0]?.state, 'done')
    })

    test('failures: back-off, then retried; failed for good after the last attempt, or at once when permanent', async () => {
      const q = queue('w1', { maxAttempts: 2, retryBaseSeconds: 60 })
      await q.enqueue('r1', 'npm', ['flaky', 'gone'], OPTS)
      const [flaky, gone] = await q.claim(2)
      assert.deepEqual(await q.fail(flaky as NonNullable<typeof flaky>, 'ECONNRESET', false), {
        state: 'retry',
        retryInSeconds: 60,
      })
      assert.deepEqual(await q.fail(gone as NonNullable<typeof gone>, 'not found', true), { state: 'failed' })
      assert.deepEqual(await q.claim(5), [], 'the retry waits for its back-off')
      assert.equal(await q.outstanding(), 1)
      await sql`update ingest_queue set run_after = ${ago(0)} where name = 'flaky'`.execute(storage.db)
      const [again] = await q.claim(5)
      assert.equal(again?.attempts, 2)
      assert.deepEqual(await q.fail(again as NonNullable<typeof again>, 'ECONNRESET', false), { state: 'failed' })
      assert.deepEqual(await row('flaky'), [
        { state: 'failed', attempts: 2, lease_owner: null, last_error: 'ECONNRESET' },
      ])
      assert.deepEqual(await row('gone'), [
        { state: 'failed', attempts: 1, lease_owner: null, last_error: 'not found' },
      ])
      // newest failure first: 'gone' failed before 'flaky' (made older than the clock's resolution could tell)
      await sql`update ingest_queue set updated_at = ${ago(10)} where name = 'gone'`.execute(storage.db)
      const status = await q.status()
      assert.deepEqual(status.counts, { pending: 0, active: 0, done: 0, failed: 2 })
      assert.deepEqual(
        status.failed.map((f) => f.name),
        ['flaky', 'gone'],
      )
    })

    test('a unit whose workers keep dying fails for good after the last attempt', async () => {
      const q = queue('w1', { maxAttempts: 2 })
      await q.enqueue('r1', 'npm', ['crashes'], OPTS)
      for (let i = 0; i < 2; i++) {
        assert.equal((await q.claim(1)).length, 1)
        await sql`update ingest_queue set lease_until = ${ago(1)}`.execute(storage.db)
      }
      assert.deepEqual(await q.claim(1), [])
      assert.equal((await row('crashes'))[0]?.state, 'failed')
      assert.match((await row('crashes'))[0]?.last_error ?? '', /stopped renewing the lease 2 time/)
    })

    test('release gives units back uncounted; prune deletes the done units of runs that have ended', async () => {
      const q = queue('w1')
      await q.enqueue('r1', 'npm', ['x', 'y'], OPTS)
      await q.enqueue('r2', 'npm', ['z'], OPTS)
      const [x, y, z] = await q.claim(3)
      await q.release([y as NonNullable<typeof y>])
      assert.deepEqual(await row('y'), [{ state: 'pending', attempts: 0, lease_owner: null, last_error: null }])
      await q.complete(x as NonNullable<typeof x>, [])
      await q.complete(z as NonNullable<typeof z>, [])
      assert.equal(await q.prune(), 1, 'z: its run has ended; x: y of its run is still pending')
      assert.deepEqual(
        (await row('x')).map((r) => r.state),
        ['done'],
      )
    })

    test('dependencies join the run once, even around a cycle', async () => {
      const q = queue('w1')
      await q.enqueue('r1', 'npm', ['a'], { ...OPTS, withDependencies: true })
      const [a] = await q.claim(1)
      assert.deepEqual(await q.complete(a as NonNullable<typeof a>, ['b', 'c', 'b']), { held: true, queued: 2 })
      const [b] = await q.claim(1)
      assert.equal(b?.options, a?.options, 'a dependency inherits the options')
      assert.deepEqual(await q.complete(b as NonNullable<typeof b>, ['a', 'c']), { held: true, queued: 0 })
    })

    test("fair: within a priority the callers' units are claimed in turns, one active unit per package", async () => {
      const q = queue('w1')
      const od = new SqlOnDemandQueue(storage.db, storage.dialect)
      const [o, all] = [serializeUnitOptions(OPTS), serializeUnitOptions({ ...OPTS, analyze: 'all' })]
      await q.enqueue('bulk', 'npm', ['bulk-1'], OPTS)
      await od.add(
        'ra',
        'npm',
        ['a1', 'a2', 'a3', 'a4', 'shared'].map((n) => [n, o] as const),
        'caller-a',
      )
      await od.add(
        'rb',
        'npm',
        [
          ['b1', o],
          ['shared', all],
        ],
        'caller-b',
      )
      const next = async () => (await q.claim(1)).map((u) => `${u.name}${u.caller === 'caller-b' ? ' (b)' : ''}`)
      const order: string[] = []
      for (let i = 0; i < 8; i++) order.push(...(await next()))
      // b's units take turns with a's, though queued after all of them; a's `shared` waits while b's runs; bulk last
      assert.deepEqual(order, ['a1', 'b1 (b)', 'a2', 'shared (b)', 'a3', 'a4', 'bulk-1'])
      const [sharedB] = await sql<{ id: string }>`select cast(id as text) as id from ingest_queue
        where name = 'shared' and state = 'active'`
        .execute(storage.db)
        .then((r) => r.rows)
      const unit = { id: sharedB?.id ?? '', runId: 'rb', source: 'npm', name: 'shared', options: all, attempts: 1 }
      await q.complete({ ...unit, priority: 1, caller: 'caller-b' }, ['dep'])
      const rest = await q.claim(5)
      assert.deepEqual(
        rest.map((u) => [u.name, u.caller, u.priority]),
        [
          ['shared', 'caller-a', 1],
          ['dep', 'caller-b', 1],
        ],
        "a dependency is its unit's caller's, at its priority",
      )
    })

    test("an on-demand package's known unit is claimed before its analysis, never with it, and fails it", async () => {
      const q = queue('w1')
      const od = new SqlOnDemandQueue(storage.db, storage.dialect)
      const [known, analysis] = ['none', 'all'].map((a) => serializeUnitOptions({ ...OPTS, analyze: a }))
      await od.add('od:known', 'npm', [['p', known as string]], 'caller-a', KNOWN_PRIORITY)
      await od.add('od:analysis', 'npm', [['p', analysis as string]], 'caller-a', ON_DEMAND_PRIORITY)
      const claimed = await q.claim(2)
      assert.deepEqual(
        claimed.map((u) => [u.name, u.priority]),
        [['p', KNOWN_PRIORITY]],
      )
      assert.deepEqual(await q.fail(claimed[0] as NonNullable<(typeof claimed)[0]>, 'not found', true), {
        state: 'failed',
      })
      assert.deepEqual(
        (await row('p')).map((r) => [r.state, r.attempts, r.last_error]),
        [
          ['failed', 1, 'not found'],
          ['failed', 0, 'not found'],
        ],
        'its analysis fails with it, never fetched',
      )
      // what a waiting request reads of its units: their states with their last errors, in one query
      const id = claimed[0]?.id ?? ''
      assert.deepEqual(await od.states([id]), new Map([[id, { state: 'failed', lastError: 'not found' }]]))
      assert.deepEqual(await q.claim(2), [])
    })

    describe('the worker loop', () => {
      let reg: FixtureRegistry
      before(async () => {
        reg = await startFixtureRegistry()
      })
      after(async () => reg?.close())

      const logs: { level: string; msg: string; obj: Record<string, unknown> }[] = []
      const log = {
        info: (obj: object, msg: string) => void logs.push({ level: 'info', msg, obj: obj as Record<string, unknown> }),
        warn: (obj: object, msg: string) => void logs.push({ level: 'warn', msg, obj: obj as Record<string, unknown> }),
        error: (obj: object, msg: string) =>
          void logs.push({ level: 'error', msg, obj: obj as Record<string, unknown> }),
      }
      const worker = (q: SqlIngestQueue, opts: Partial<WorkerOptions> = {}) =>
        new IngestWorker(
          {
            queue: q,
            runners: {
              npm: npmRunner(
                ingestInThisThread(
                  new RegistryClient({ registry: reg.url, cache: mkdtempSync(path.join(tmpdir(), 'compintel-q-')) }),
                  new SqlKbWriter(storage),
                  DEFAULT_ANALYZERS,
                  () => '2026-11-23T00:00:00.000Z',
                ),
              ),
            },
            refresh: () => refreshPopularityExclusive(storage.db, storage.dialect),
            log,
          },
          { ...TEST_WORKER, ...opts },
        )

      test('retries a transient failure after its back-off, fails a missing package once, refreshes popularity', async () => {
        const q = queue('w1', { retryBaseSeconds: 0.05 })
        reg.failNext('/fixture-beta', 4) // all of ingestPackage's own tries: the unit fails once
        await q.enqueue('r1', 'npm', ['fixture-beta', 'no-such-package', 'fixture-alpha'], OPTS)
        const summary = await worker(q).run()
        assert.deepEqual(summary, { done: 2, failed: 1, retried: 1, lost: 0, released: 0 })
        assert.deepEqual(await row('no-such-package'), [
          { state: 'failed', attempts: 1, lease_owner: null, last_error: 'not found' },
        ])
        assert.equal(await q.outstanding(), 0)
        assert.ok(logs.some((l) => l.msg === 'unit failed; will retry' && l.obj.package === 'fixture-beta'))
        const beta = await storage.db
          .selectFrom('components')
          .select(['popularity', 'popularity_source'])
          .where('purl', '=', 'pkg:npm/fixture-beta')
          .executeTakeFirstOrThrow()
        assert.deepEqual(beta, { popularity: 1, popularity_source: 'computed:dependents' }, 'fixture-alpha needs it')
      })

      test('stop(): the units in hand are aborted and given back, uncounted, and write nothing', async () => {
        const q = queue('w1')
        const held = reg.hold('/fixture-hfh/-/')
        await q.enqueue('r1', 'npm', ['fixture-hfh'], OPTS)
        const w = worker(q, { untilEmpty: false })
        const running = w.run()
        await held.arrived
        const stopped = Date.now()
        w.stop()
        assert.equal((await running).released, 1)
        assert.ok(Date.now() - stopped < 4000, 'the unit was aborted, not waited for (shutdownTimeoutMs is 5 s)')
        assert.deepEqual(await row('fixture-hfh'), [
          { state: 'pending', attempts: 0, lease_owner: null, last_error: null },
        ])
        held.release()
        await new Promise((resolve) => setTimeout(resolve, 200))
        assert.ok(!logs.some((l) => l.obj.package === 'fixture-hfh' && l.msg.startsWith('unit')), 'no outcome logged')
        const written = await storage.db
          .selectFrom('components')
          .select('purl')
          .where('purl', '=', 'pkg:npm/fixture-hfh')
          .execute()
        assert.deepEqual(written, [], 'the aborted unit wrote nothing')
      })
    })
  })
