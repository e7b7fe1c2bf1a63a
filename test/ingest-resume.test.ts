// A real `compintel ingest npm` process SIGKILLed mid-run, after some packages are written (the fixture registry holds
// the next package's tarball, so the kill lands inside that package), then run again: the rerun completes, fetches
// no tarball it analyzed before, and the KB holds exactly what one clean run writes. SQLite always, PostgreSQL too
// when TEST_DATABASE_URL is set (docs/ingestion-at-scale.md "What happens on a crash").
import assert from 'node:assert/strict'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, test } from 'node:test'
import type { DatabaseConfig } from '../src/config/config.ts'
import { openStorage } from '../src/storage/database.ts'
import { type Backend, postgresBackend, sqliteBackend } from './helpers/backends.ts'
import { startFixtureRegistry } from './helpers/fixture-registry.ts'
import { type CliProcess, cliEnv, freshDatabase, ingestedOnce, kbContent, spawnCli } from './helpers/processes.ts'

const pgUrl = process.env.TEST_DATABASE_URL
const NAMES = ['fixture-alpha', 'fixture-beta', 'fixture-hfh', 'fixture-issues']
const ARGS = ['ingest', 'npm', ...NAMES, '--concurrency', '1', '--analyze', 'all']
const spawned: CliProcess[] = []
after(() => {
  for (const p of spawned) if (p.child.exitCode === null) p.child.kill('SIGKILL')
})

interface Kb {
  url: string
  config: DatabaseConfig
  drop(): Promise<void>
}

const kinds: { name: string; skip: string | false; backend: () => Backend; kb(): Promise<Kb> }[] = [
  {
    name: 'SQLite',
    skip: false,
    backend: () => sqliteBackend,
    kb: async () => {
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'compintel-resume-')), 'kb.sqlite')
      return { url: `sqlite:${file}`, config: { kind: 'sqlite', path: file }, drop: async () => {} }
    },
  },
  {
    name: 'PostgreSQL',
    skip: !pgUrl && 'TEST_DATABASE_URL is needed',
    backend: () => postgresBackend() as Backend,
    kb: async () => {
      const db = await freshDatabase(pgUrl as string, 'ci_resume')
      return { url: db.url, config: { kind: 'postgres', url: db.url }, drop: db.drop }
    },
  },
]

for (const kind of kinds) {
  test(`ingest npm SIGKILLed mid-run resumes on ${kind.name}: the KB of one clean run, no duplicates`, {
    skip: kind.skip,
  }, async () => {
    const reg = await startFixtureRegistry()
    const kb = await kind.kb()
    const components = async () => {
      const storage = openStorage(kb.config)
      try {
        return (await storage.db.selectFrom('components').select('purl_name').orderBy('purl_name').execute()).map(
          (c) => c.purl_name,
        )
      } finally {
        await storage.close()
      }
    }
    try {
      const env = cliEnv(kb.url, reg.url, { LOG_LEVEL: 'silent' })
      const held = reg.hold('/fixture-hfh/-/')
      const first = spawnCli(ARGS, env)
      spawned.push(first)
      await held.arrived
      assert.deepEqual(await components(), ['fixture-alpha', 'fixture-beta'], 'written before the kill')
      first.child.kill('SIGKILL')
      await first.exited
      held.release()
      assert.deepEqual(await components(), ['fixture-alpha', 'fixture-beta'], 'nothing of the package in progress')

      const since = reg.requests.length
      const second = spawnCli(ARGS, env)
      spawned.push(second)
      assert.equal(await second.exited, 0, second.output())
      assert.match(second.output(), /^4 package\(s\)/m)
      const refetched = reg.requests.slice(since).filter((r) => /\/fixture-(alpha|beta)\/-\//.test(r))
      assert.deepEqual(refetched, [], 'the packages written before the kill are not analyzed again')

      const storage = openStorage(kb.config)
      try {
        const content = await kbContent(storage.db)
        assert.deepEqual(content, await ingestedOnce(kind.backend(), reg.url, NAMES, false))
      } finally {
        await storage.close()
      }
    } finally {
      await reg.close()
      await kb.drop()
    }
  })
}
