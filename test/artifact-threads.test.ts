// The server's artifact threads (src/jobs/thread/pool.ts) against the fixture registry on 127.0.0.1: a package whose
// packument and tarballs are read in threads is written exactly as one read in this thread; registry failures cross
// the thread boundary as the errors the worker tells apart; a unit that times out takes its thread down with it and
// writes nothing; a thread that runs out of memory fails its job, not the server; jobs beyond the pool's size wait;
// an aborted command walk, here or in a thread, ends at once and leaves no child behind.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { DEFAULT_ANALYZERS } from '../src/ingest/analyzers/index.ts'
import { walkArchiveHere } from '../src/ingest/archive-walk.ts'
import { TarballError } from '../src/ingest/tar-input.ts'
import { ArtifactThreads } from '../src/jobs/thread/pool.ts'
import { walkCommand } from '../src/sources/debian/deb-file.ts'
import { ingestInThisThread, type UnitIngest } from '../src/sources/npm/ingest-package.ts'
import { PackageNotFound } from '../src/sources/npm/registry.ts'
import { RegistryClient } from '../src/sources/npm/registry-client.ts'
import { openStorage, type Storage } from '../src/storage/database.ts'
import { SqlKbWriter } from '../src/storage/kb-writer.ts'
import { migrate } from '../src/storage/migrate.ts'
import { type FixtureRegistry, startFixtureRegistry } from './helpers/fixture-registry.ts'
import { childProcesses } from './helpers/processes.ts'

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

/** A unit's ingest as the server's worker runs it: here, over a pool's packument and tarball jobs. */
function threads(storage: Storage, opts: { maxHeapMb?: number; size?: number } = {}) {
  const pool = new ArtifactThreads({ npm: overrides(), size: 2, ...opts })
  opened.push(pool)
  return { pool, ingest: ingestInThisThread(pool.npm, new SqlKbWriter(storage), DEFAULT_ANALYZERS) }
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

describe('artifact threads', () => {
  test('a package read in threads is written exactly as one read in this thread', async () => {
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
    await assert.rejects(pool.pool.walker('echo', ['not a tarball'], []), (err) => err instanceof TarballError)
    await assert.rejects(pool.ingest('fixture-no-such-package', ALL), (err) => err instanceof PackageNotFound)
    const retries: { what: string; statusCode: unknown }[] = []
    reg.failNext('/fixture-beta', 1)
    const r = await pool.ingest('fixture-beta', {
      ...ALL,
      onRetry: (what: string, err: unknown) =>
        retries.push({ what, statusCode: (err as { statusCode?: number }).statusCode }),
    })
    assert.ok(r.versions > 0)
    assert.deepEqual(retries, [{ what: 'fixture-beta', statusCode: 503 }])
  })

  test('a unit that times out terminates its thread and writes nothing; the next unit gets a new thread', async () => {
    const storage = await kb()
    const pool = threads(storage, { size: 1 }) // the next unit's thread: the terminated one's place
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
    // usually ERR_WORKER_OUT_OF_MEMORY; a thread that runs out while it is still loading its modules may fail with
    // whatever the loader then throws (seen in CI: a TypeError): the unit fails either way, and this process goes on
    await assert.rejects(pool.ingest('fixture-alpha', ALL), (err) => err instanceof Error)
    assert.deepEqual(await analyses(storage, 'fixture-alpha'), [])
  })
})

/** The running `sleep` children of this process (the commands the walks below wait on), within 30 s (a thread
 * starting on a busy machine loads its modules for seconds before it runs the command). */
async function sleeping(n: number) {
  let found: { pid: number }[] = []
  for (let i = 0; i < 600 && found.length < n; i++) {
    await sleep(50)
    found = childProcesses(process.pid).filter((c) => c.command === 'sleep')
  }
  return found
}

const pool = new ArtifactThreads({ size: 1 })
opened.push(pool)
for (const [where, walk] of [
  ['in this thread', walkCommand],
  ['in an artifact thread', pool.walker],
] as const) {
  test(`an aborted walk ${where}: rejects with the abort, its command killed and reaped`, async () => {
    const ac = new AbortController()
    // a command that writes nothing for a minute: the walk waits on it until aborted
    const walking = walk('sleep', ['60'], [], ac.signal)
    // a second walk in a pool of one thread waits for it; aborted while waiting, it never starts its command
    const queued = new AbortController()
    const waiting = walk === pool.walker ? pool.walker('sleep', ['61'], [], queued.signal) : undefined
    const [started] = await sleeping(1)
    assert.ok(started, 'the command started')
    if (waiting) {
      queued.abort(new Error('no longer wanted'))
      await assert.rejects(waiting, /no longer wanted/)
    }
    const aborted = Date.now()
    ac.abort(new Error('stop'))
    await assert.rejects(walking, /stop/)
    assert.ok(Date.now() - aborted < 10_000, 'ended soon (once its command is reaped)')
    // reaped soon after (within 5 s: on a busy machine the exit is collected a moment after the abort answers)
    let left = childProcesses(process.pid).filter((c) => c.command === 'sleep')
    for (let waited = 0; left.length > 0 && waited < 5000; waited += 100) {
      await sleep(100)
      left = childProcesses(process.pid).filter((c) => c.command === 'sleep')
    }
    assert.deepEqual(left, [], 'no child left, defunct or running')
  })
}

test('a downloaded archive (an sdist, a wheel) walked in an artifact thread is walked as in this thread', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ci-archive-'))
  const sdist = path.join(dir, 'dist.tar.gz')
  // FIXTURE: an npm fixture package's folder, packed as an sdist packs its `<name>-<version>/` folder
  execFileSync('tar', ['-czf', sdist, '-C', new URL('fixtures/npm/fixture-scan', import.meta.url).pathname, '1.0.0'])
  const walk = { file: sdist, format: 'tar.gz', stripComponents: 1 } as const
  const here = await walkArchiveHere(walk, DEFAULT_ANALYZERS)
  const threaded = await pool.archives(walk, DEFAULT_ANALYZERS)
  assert.ok(here.files.length > 0)
  assert.deepEqual(threaded, here)
  await assert.rejects(pool.archives({ ...walk, format: 'zip' }, DEFAULT_ANALYZERS), TarballError, 'not a zip')
})
