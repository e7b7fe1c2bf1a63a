// The server's analysis threads (src/jobs/thread/pool.ts) against the fixture registry on 127.0.0.1: a package
// ingested in a thread is written exactly as one ingested in this thread; registry failures cross the thread
// boundary as the errors the worker tells apart; a unit that times out takes its thread down with it and writes
// nothing; a thread that runs out of memory fails its unit, not the server.
import assert from 'node:assert/strict'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { DEFAULT_ANALYZERS } from '../src/ingest/analyzers/index.ts'
import { AnalysisThreads } from '../src/jobs/thread/pool.ts'
import { ingestInThisThread, type UnitIngest } from '../src/sources/npm/ingest-package.ts'
import { PackageNotFound } from '../src/sources/npm/registry.ts'
import { RegistryClient } from '../src/sources/npm/registry-client.ts'
import { openStorage, type Storage } from '../src/storage/database.ts'
import { SqlKbWriter } from '../src/storage/kb-writer.ts'
import { migrate } from '../src/storage/migrate.ts'
import { type FixtureRegistry, startFixtureRegistry } from './helpers/fixture-registry.ts'

let reg: FixtureRegistry
const opened: { close(): Promise<void> }[] = []
before(async () => {
  reg = await startFixtureRegistry()
})
after(async () => {
  for (const o of opened) await o.close()
  await reg?.close()
})

const overrides = () => ({ registry: reg.url, cache: mkdtempSync(path.join(tmpdir(), 'ci-threads-')) })
const ALL: UnitIngest = { versions: 'all', analyze: 'all', retryBaseMs: 1 }

async function kb(): Promise<Storage> {
  const storage = openStorage({ kind: 'sqlite', path: ':memory:' })
  await migrate(storage)
  opened.push(storage)
  return storage
}

function threads(storage: Storage, opts: { maxHeapMb?: number } = {}): AnalysisThreads {
  const pool = new AnalysisThreads(new SqlKbWriter(storage), { registryOverrides: overrides(), ...opts })
  opened.push(pool)
  return pool
}

/** What an ingest wrote, without the times it was written at. */
async function analyses(storage: Storage, name: string) {
  const rows = await storage.db
    .selectFrom('analyses as a')
    .innerJoin('versions as v', 'v.id', 'a.version_id')
    .innerJoin('components as c', 'c.id', 'v.component_id')
    .select(['v.version', 'a.analyzer', 'a.analyzer_version', 'a.output'])
    .where('c.name', '=', name)
    .orderBy('v.version')
    .orderBy('a.analyzer')
    .execute()
  return rows.map((r) => ({ ...r, output: typeof r.output === 'string' ? JSON.parse(r.output) : r.output }))
}

describe('analysis threads', () => {
  test('a package ingested in a thread is written exactly as one ingested in this thread', async () => {
    const [here, there] = [await kb(), await kb()]
    const registry = new RegistryClient(overrides())
    const inHere = await ingestInThisThread(registry, new SqlKbWriter(here), DEFAULT_ANALYZERS)('fixture-alpha', ALL)
    const inThread = await threads(there).ingest('fixture-alpha', ALL)
    assert.deepEqual(inThread, inHere)
    assert.ok(inThread.analyzed > 0, 'versions were analyzed')
    const written = await analyses(there, 'fixture-alpha')
    assert.ok(written.some((r) => r.analyzer === 'semgrep') && written.some((r) => r.analyzer === 'crypto'))
    assert.deepEqual(written, await analyses(here, 'fixture-alpha'))
  })

  test('the errors the worker tells apart cross the thread boundary', async () => {
    const storage = await kb()
    const pool = threads(storage)
    await assert.rejects(pool.ingest('fixture-no-such-package', ALL), (err) => err instanceof PackageNotFound)
    const retries: { what: string; statusCode: unknown }[] = []
    reg.failNext('/fixture-beta', 1)
    const r = await pool.ingest('fixture-beta', {
      ...ALL,
      onRetry: (what, err) => retries.push({ what, statusCode: (err as { statusCode?: number }).statusCode }),
    })
    assert.ok(r.versions > 0)
    assert.deepEqual(retries, [{ what: 'fixture-beta', statusCode: 503 }])
  })

  test('a unit that times out terminates its thread and writes nothing; the next unit gets a new thread', async () => {
    const storage = await kb()
    const pool = threads(storage)
    const held = reg.hold('/fixture-hfh/-/')
    const ac = new AbortController()
    const unit = pool.ingest('fixture-hfh', { ...ALL, signal: ac.signal })
    await held.arrived
    ac.abort(new DOMException('the unit took too long', 'TimeoutError'))
    await assert.rejects(unit, { name: 'TimeoutError' })
    held.release()
    assert.deepEqual(await analyses(storage, 'fixture-hfh'), [])
    const next = await pool.ingest('fixture-alpha', ALL)
    assert.ok(next.analyzed > 0)
  })

  test('a thread that runs out of memory fails its unit, not the server', async () => {
    const storage = await kb()
    const pool = threads(storage, { maxHeapMb: 16 })
    await assert.rejects(pool.ingest('fixture-alpha', ALL), { code: 'ERR_WORKER_OUT_OF_MEMORY' })
    assert.deepEqual(await analyses(storage, 'fixture-alpha'), [])
  })
})
