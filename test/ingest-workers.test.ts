// Distributed ingestion with real processes: `compintel ingest npm … --enqueue` fills the queue, two `compintel
// worker` processes share it (every package ingested exactly once, both working), and a worker SIGKILLed in the middle
// of a package loses nothing: another worker takes the unit over once its lease (2 s there) has run out. Needs
// TEST_DATABASE_URL (each test on a database of its own); the refusals on SQLite run always.
import assert from 'node:assert/strict'
import { after, test } from 'node:test'
import { sql } from 'kysely'
import { runIngestCommand } from '../src/cli/ingest.ts'
import { runWorker } from '../src/cli/worker.ts'
import { parseConfig } from '../src/config/config.ts'
import { openStorage } from '../src/storage/database.ts'
import { SqlIngestQueue } from '../src/storage/ingest-queue.ts'
import { migrate } from '../src/storage/migrate.ts'
import { type Backend, postgresBackend } from './helpers/backends.ts'
import { startFixtureRegistry } from './helpers/fixture-registry.ts'
import {
  type CliProcess,
  cliEnv,
  freshDatabase,
  ingestedOnce,
  kbContent,
  rowCounts,
  spawnCli,
} from './helpers/processes.ts'

const pgUrl = process.env.TEST_DATABASE_URL
const skip = !pgUrl && 'TEST_DATABASE_URL is needed'
const postgres = postgresBackend() as Backend
const spawned: CliProcess[] = []
after(() => {
  for (const p of spawned) if (p.child.exitCode === null) p.child.kill('SIGKILL')
})

function cli(args: string[], env: NodeJS.ProcessEnv): CliProcess {
  const p = spawnCli(args, env)
  spawned.push(p)
  return p
}

/** The worker's pino lines. */
function logLines(p: CliProcess): Record<string, unknown>[] {
  return p
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
}

const done = (p: CliProcess) => logLines(p).filter((l) => l.msg === 'unit done')

async function withKb<T>(url: string, fn: (s: ReturnType<typeof openStorage>) => Promise<T>): Promise<T> {
  const storage = openStorage({ kind: 'postgres', url }, { poolSize: 2 })
  try {
    return await fn(storage)
  } finally {
    await storage.close()
  }
}

test('two workers on one queue ingest every package exactly once, dependencies included', { skip }, async () => {
  const reg = await startFixtureRegistry()
  const db = await freshDatabase(pgUrl as string, 'ci_workers')
  try {
    // The default lease (60 s): a worker's first unit loads the analyzers, which can hold its event loop (and so its
    // lease renewals) for seconds on a busy machine, and no lease may run out here.
    const env = cliEnv(db.url, reg.url)
    const roots = ['fixture-alpha', 'fixture-crypto', 'fixture-hfh', 'fixture-hfh-other', 'fixture-issues', 'nope-404']
    const enqueue = cli(['ingest', 'npm', ...roots, '--analyze', 'all', '--with-dependencies', '--enqueue'], env)
    assert.equal(await enqueue.exited, 0, enqueue.output())
    assert.match(enqueue.output(), /^queued 6 unit\(s\) in run /m)

    // The first three packument requests are answered together: the worker with two slots cannot make all three,
    // so both workers are mid-package at once.
    const together = reg.gather(3)
    const a = cli(['worker', '--until-empty', '--concurrency', '2'], env)
    const b = cli(['worker', '--until-empty', '--concurrency', '1'], env)
    assert.deepEqual(await Promise.all([a.exited, b.exited]), [0, 0], `${a.output()}\n${b.output()}`)
    await together

    const [byA, byB] = [done(a).map((l) => l.package as string), done(b).map((l) => l.package as string)]
    assert.ok(byA.length > 0 && byB.length > 0, `both worked: ${byA} / ${byB}`)
    assert.ok(![a, b].some((p) => p.output().includes('lease taken over')), 'no unit changed hands')
    assert.deepEqual(
      [...byA, ...byB].sort(),
      // fixture-alpha's latest version brings fixture-beta and @fixture/scoped
      [
        '@fixture/scoped',
        'fixture-alpha',
        'fixture-beta',
        'fixture-crypto',
        'fixture-hfh',
        'fixture-hfh-other',
        'fixture-issues',
      ],
      'each package once, by one worker',
    )
    assert.ok(
      [a, b].some((p) => logLines(p).some((l) => l.msg === 'package not found' && l.package === 'nope-404')),
      'the missing package fails for good, once',
    )
    const expected = await ingestedOnce(postgres, reg.url, roots, true)
    await withKb(db.url, async (s) => {
      const queue = await sql<{ name: string; state: string; attempts: number }>`
        select name, state, attempts from ingest_queue order by name`.execute(s.db)
      assert.deepEqual(queue.rows, [{ name: 'nope-404', state: 'failed', attempts: 1 }], 'done units pruned')
      const content = await kbContent(s.db)
      assert.deepEqual(rowCounts(content), rowCounts(expected))
      assert.deepEqual(content, expected)
    })
  } finally {
    await reg.close()
    await db.drop()
  }
})

test('a worker SIGKILLed mid-package: nothing half-written, another worker completes the unit', { skip }, async () => {
  const reg = await startFixtureRegistry()
  const db = await freshDatabase(pgUrl as string, 'ci_workers')
  try {
    // A 2 s lease: worker B takes the unit over soon after the kill (B has no competitor whose lease could run out
    // while the analyzers load).
    const env = cliEnv(db.url, reg.url, { WORKER_LEASE_SECONDS: '2' })
    const names = ['fixture-alpha', 'fixture-beta', 'fixture-hfh', 'fixture-issues']
    await withKb(db.url, async (s) => {
      // as `ingest npm … --analyze all --enqueue` does (the test above runs the command itself)
      await migrate(s)
      const options = { versions: 'all', analyze: 'all', withDependencies: false }
      await new SqlIngestQueue(s.db, s.dialect, { owner: 'test', leaseSeconds: 2 }).enqueue(
        'run-1',
        'npm',
        names,
        options,
      )
    })
    const held = reg.hold('/fixture-hfh/-/') // fixture-hfh's first tarball: its worker is then mid-package
    const a = cli(['worker', '--concurrency', '1'], env)
    await held.arrived
    await withKb(db.url, async (s) => {
      const { rows } = await sql<{ state: string; lease_owner: string }>`
        select state, lease_owner from ingest_queue where name = 'fixture-hfh'`.execute(s.db)
      assert.equal(rows[0]?.state, 'active')
      assert.ok(rows[0]?.lease_owner.includes(`:${a.child.pid}:`), 'the unit is in the hands of worker A')
    })
    a.child.kill('SIGKILL')
    await a.exited
    held.release() // answers a closed connection

    const components = () =>
      withKb(db.url, async (s) =>
        (await s.db.selectFrom('components').select('purl_name').orderBy('purl_name').execute()).map(
          (c) => c.purl_name,
        ),
      )
    assert.deepEqual(await components(), ['fixture-alpha', 'fixture-beta'], 'the packages before it, not it')

    const b = cli(['worker', '--until-empty', '--concurrency', '1'], env)
    assert.equal(await b.exited, 0, b.output())
    const taken = done(b).find((l) => l.package === 'fixture-hfh')
    assert.equal(taken?.attempt, 2, 'worker B completed the unit worker A held')
    assert.deepEqual(await components(), ['fixture-alpha', 'fixture-beta', 'fixture-hfh', 'fixture-issues'])
    const expected = await ingestedOnce(postgres, reg.url, names, false)
    await withKb(db.url, async (s) => {
      assert.equal((await sql<{ n: number }>`select count(*)::int as n from ingest_queue`.execute(s.db)).rows[0]?.n, 0)
      assert.deepEqual(await kbContent(s.db), expected, 'the same rows as one clean ingest: no duplicates')
    })
  } finally {
    await reg.close()
    await db.drop()
  }
})

test('--enqueue and worker on SQLite: a clear refusal, exit code 2', async (t) => {
  // In this process (the commands' return value is the exit code): a process would spend seconds loading modules.
  const errors = t.mock.method(console, 'error', () => {})
  const config = parseConfig({ DATABASE_URL: 'sqlite::memory:' })
  assert.equal(await runIngestCommand(config, ['npm', 'left-pad', '--enqueue']), 2)
  assert.equal(await runWorker(config, ['--until-empty']), 2)
  const said = errors.mock.calls.map((c) => String(c.arguments[0]))
  assert.equal(said.length, 2)
  for (const line of said)
    assert.match(line, /the ingestion queue lives in a PostgreSQL KB: set DATABASE_URL=postgres:\/\//)
})

test('ingest debian --enqueue queues one Debian unit per name with its options, as npm does', { skip }, async (t) => {
  t.mock.method(console, 'log', () => {})
  const db = await freshDatabase(pgUrl as string, 'ci_workers')
  try {
    const config = parseConfig({ DATABASE_URL: db.url })
    const args = ['debian', 'zlib1g', 'bc', '--analyze', 'latest', '--with-dependencies', '--enqueue']
    assert.equal(await runIngestCommand(config, args), 0)
    await withKb(db.url, async (s) => {
      const queue = await sql<{ source: string; name: string; options: string; state: string }>`
        select source, name, options, state from ingest_queue order by name`.execute(s.db)
      assert.deepEqual(
        queue.rows.map((r) => [r.source, r.name, JSON.parse(r.options), r.state]),
        ['bc', 'zlib1g'].map((n) => [
          'debian',
          n,
          { versions: 'all', analyze: 'latest', withDependencies: true },
          'pending',
        ]),
      )
    })
  } finally {
    await db.drop()
  }
})
