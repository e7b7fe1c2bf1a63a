// A registry that lies about identity cannot rewrite the KB (issue 33): a fixture registry on 127.0.0.1 answers the
// packuments below (FIXTURE data, made up), and npm is pointed at it through the npm configuration as ingestion
// always is. Asked for `ci-rename`, it answers react's name with a fake react@99.0.0; other answers carry a
// manifest naming another package, a version key that is not its manifest's version, and names and versions no npm
// rule allows. Each unit fails once, permanently, with the reason as its last_error, and nothing is written: react's
// rows are the same before and after.
import assert from 'node:assert/strict'
import { mkdtempSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { sql } from 'kysely'
import type { UnitOptions } from '../src/domain/kb/ingest-queue.ts'
import { DEFAULT_ANALYZERS } from '../src/ingest/analyzers/index.ts'
import { isPermanent } from '../src/ingest/failure.ts'
import { IngestWorker } from '../src/jobs/worker.ts'
import { ingestInThisThread, ingestPackage } from '../src/sources/npm/ingest-package.ts'
import { npmRunner } from '../src/sources/npm/npm-units.ts'
import type { Packument } from '../src/sources/npm/registry.ts'
import { RegistryClient } from '../src/sources/npm/registry-client.ts'
import type { Storage } from '../src/storage/database.ts'
import { SqlIngestQueue } from '../src/storage/ingest-queue.ts'
import { SqlKbWriter } from '../src/storage/kb-writer.ts'
import { migrate } from '../src/storage/migrate.ts'
import { backends } from './helpers/backends.ts'
import { TEST_WORKER } from './helpers/worker-options.ts'

const NOW = '2026-11-23T00:00:00.000Z'
const OPTS: UnitOptions = { versions: 'all', analyze: 'none', withDependencies: false }

/** FIXTURE: a packument of `name` whose versions are [key, manifest name, manifest version]. */
function packument(name: string, versions: [string, string, string][]): Packument {
  return {
    name,
    'dist-tags': { latest: versions.at(-1)?.[0] as string },
    versions: Object.fromEntries(
      versions.map(([key, n, v]) => [
        key,
        { name: n, version: v, license: 'MIT', dependencies: { 'loose-envify': '^1.1.0' } },
      ]),
    ),
    time: Object.fromEntries(versions.map(([key], i) => [key, `2026-0${i + 1}-01T00:00:00.000Z`])),
  }
}

/** FIXTURE: what the lying registry answers, by the path asked. */
const ANSWERS: Record<string, Packument> = {
  react: packument('react', [
    ['18.3.1', 'react', '18.3.1'],
    ['19.0.0', 'react', '19.0.0'],
  ]),
  'ci-rename': packument('react', [['99.0.0', 'react', '99.0.0']]),
  'ci-other-manifest': packument('ci-other-manifest', [
    ['1.0.0', 'ci-other-manifest', '1.0.0'],
    ['99.0.0', 'react', '99.0.0'],
  ]),
  'ci-moved-version': packument('ci-moved-version', [['99.0.0', 'ci-moved-version', '1.0.0']]),
  'ci-img-name': packument('<img src=x>', [['1.0.0', '<img src=x>', '1.0.0']]),
  'ci-query-name': packument('x?a=b#c', [['1.0.0', 'x?a=b#c', '1.0.0']]),
  'ci-empty-name': packument('', [['1.0.0', '', '1.0.0']]),
  'ci-img-version': packument('ci-img-version', [['<img src=x>', 'ci-img-version', '<img src=x>']]),
  'ci-query-version': packument('ci-query-version', [['1.0.0?a=b#c', 'ci-query-version', '1.0.0?a=b#c']]),
  'ci-empty-version': packument('ci-empty-version', [['', 'ci-empty-version', '']]),
}

/** The reason each refused unit must carry. */
const REASONS: Record<string, RegExp> = {
  'ci-rename': /packument for "ci-rename" refused: it names "react"/,
  'ci-other-manifest': /version "99.0.0"'s manifest names "react"/,
  'ci-moved-version': /version "99.0.0"'s manifest is version "1.0.0"/,
  'ci-img-name': /it names "<img src=x>"/,
  'ci-query-name': /it names "x\?a=b#c"/,
  'ci-empty-name': /it names ""/,
  'ci-img-version': /version "<img src=x>": not an npm version/,
  'ci-query-version': /version "1.0.0\?a=b#c": not an npm version/,
  'ci-empty-version': /version "": not an npm version/,
}

async function startLyingRegistry(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const body = ANSWERS[decodeURIComponent((req.url ?? '/').slice(1))]
    if (!body) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}')
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** react's rows: its component, its versions and their dependencies. */
async function reactRows(storage: Storage) {
  const db = storage.db
  const component = await db.selectFrom('components').selectAll().where('purl_name', '=', 'react').execute()
  const versions = await db
    .selectFrom('versions')
    .selectAll()
    .where(
      'component_id',
      'in',
      component.map((c) => c.id),
    )
    .orderBy('id')
    .execute()
  const deps = await db
    .selectFrom('version_dependencies')
    .selectAll()
    .where(
      'version_id',
      'in',
      versions.map((v) => v.id),
    )
    .orderBy(['version_id', 'name'])
    .execute()
  return { component, versions, deps }
}

for (const backend of backends())
  describe(`a registry that lies about identity, on ${backend.name}`, () => {
    let storage: Storage
    let cleanup: () => Promise<void>
    let reg: { url: string; close(): Promise<void> }
    const registry = () =>
      new RegistryClient({ registry: reg.url, cache: mkdtempSync(path.join(tmpdir(), 'compintel-identity-')) })

    before(async () => {
      reg = await startLyingRegistry()
      ;({ storage, cleanup } = await backend.open())
      await migrate(storage)
    })
    after(async () => {
      await cleanup?.()
      await reg?.close()
    })

    test('each lying answer fails its unit once, permanently, with the reason; react is unchanged', async () => {
      const q = new SqlIngestQueue(storage.db, storage.dialect, { owner: 'w1', leaseSeconds: 30 })
      const worker = (names: string[]) =>
        q.enqueue(`run-${names[0]}`, 'npm', names, OPTS).then(() =>
          new IngestWorker(
            {
              queue: q,
              runners: {
                npm: npmRunner(ingestInThisThread(registry(), new SqlKbWriter(storage), DEFAULT_ANALYZERS, () => NOW)),
              },
              refresh: async () => {},
              log: { info: () => {}, warn: () => {}, error: () => {} },
            },
            TEST_WORKER,
          ).run(),
        )
      assert.deepEqual(await worker(['react']), { done: 1, failed: 0, retried: 0, lost: 0, released: 0 })
      const before = await reactRows(storage)
      assert.deepEqual(
        before.versions.map((v) => v.version),
        ['18.3.1', '19.0.0'],
      )
      const components = await storage.db.selectFrom('components').select('purl').execute()

      const lies = Object.keys(REASONS)
      const summary = await worker(lies)
      assert.deepEqual(summary, { done: 0, failed: lies.length, retried: 0, lost: 0, released: 0 })
      const units = (
        await sql<{ name: string; state: string; attempts: number; last_error: string | null }>`
          select name, state, attempts, last_error from ingest_queue where name <> 'react' order by name`.execute(
          storage.db,
        )
      ).rows
      assert.equal(units.length, lies.length)
      for (const u of units) {
        assert.equal(u.state, 'failed', u.name)
        assert.equal(u.attempts, 1, `${u.name}: not retried`)
        assert.match(u.last_error ?? '', REASONS[u.name] as RegExp, u.name)
      }
      assert.deepEqual(await reactRows(storage), before, "react's rows are unchanged")
      assert.deepEqual(await storage.db.selectFrom('components').select('purl').execute(), components, 'nothing new')
    })

    test('a name no npm rule allows is refused before anything is asked of the registry', async () => {
      const writer = new SqlKbWriter(storage)
      for (const name of ['<img src=x>', 'x?a=b#c', '']) {
        const echo = {
          packument: async () => assert.fail('no packument is asked for'),
          withTarball: async () => assert.fail('no tarball is fetched'),
        }
        const opts = { versions: 'all', analyze: 'none', analyzers: [], dryRun: false, now: () => NOW } as const
        await assert.rejects(ingestPackage(name, echo, writer, opts), (err: unknown) => {
          assert.ok(isPermanent(err), String(err))
          assert.match(String(err), /not an npm package name/)
          return true
        })
      }
      assert.equal((await storage.db.selectFrom('components').select('purl').execute()).length, 1, 'react only')
    })
  })
