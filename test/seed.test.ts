// The seed: export is sorted and reproducible, loads into an empty SQLite or PostgreSQL KB unchanged, loads only
// into an empty KB, and the first start of the server loads it.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { promisify } from 'node:util'
import { serve } from '../src/app/main.ts'
import { parseConfig } from '../src/config/config.ts'
import { cryptoAnalyzer } from '../src/ingest/analyzers/crypto.ts'
import { DEFAULT_ANALYZERS } from '../src/ingest/analyzers/index.ts'
import { semgrepAnalyzer } from '../src/ingest/analyzers/semgrep.ts'
import { RegistryClient } from '../src/sources/npm/registry-client.ts'
import { runIngest } from '../src/sources/npm/run-ingest.ts'
import type { Storage } from '../src/storage/database.ts'
import { countFolderNodes } from '../src/storage/folder-index.ts'
import { SqlKbWriter } from '../src/storage/kb-writer.ts'
import { migrate } from '../src/storage/migrate.ts'
import { exportSeed } from '../src/storage/seed-export.ts'
import { loadSeed } from '../src/storage/seed-import.ts'
import { backends, sqliteBackend } from './helpers/backends.ts'
import { type FixtureRegistry, startFixtureRegistry } from './helpers/fixture-registry.ts'
import { seedFiles } from './helpers/seed-files.ts'

const run = promisify(execFile)
let reg: FixtureRegistry
let source: { storage: Storage; cleanup(): Promise<void> }
let dir: string
const meta = { release: 'test-seed', created_at: '2026-01-02T03:04:05.000Z' }

before(async () => {
  reg = await startFixtureRegistry()
  source = await sqliteBackend.open()
  await migrate(source.storage)
  const registry = new RegistryClient({
    registry: reg.url,
    cache: mkdtempSync(path.join(tmpdir(), 'compintel-cache-')),
  })
  await runIngest(
    ['fixture-alpha', 'fixture-beta', '@fixture/scoped', 'fixture-hfh'],
    registry,
    new SqlKbWriter(source.storage),
    {
      versions: 'all',
      analyze: 'all',
      analyzers: DEFAULT_ANALYZERS,
      dryRun: false,
      concurrency: 1,
      now: () => '2026-11-22T00:00:00.000Z',
      sink: { isTTY: false, write: () => {} },
    },
  )
  dir = mkdtempSync(path.join(tmpdir(), 'compintel-seed-'))
  await exportSeed(source.storage, dir, meta)
})
after(async () => {
  await source.cleanup()
  await reg.close()
})

const bands = async (storage: Storage) =>
  (
    await storage.db
      .selectFrom('folder_node_bands')
      .select(['band', 'node_id'])
      .orderBy('band')
      .orderBy('node_id')
      .execute()
  ).map((b) => `${b.band}:${b.node_id}`)

for (const backend of backends()) {
  test(`seed loads into an empty ${backend.name} KB and exports back byte for byte`, async () => {
    const { storage, cleanup } = await backend.open()
    try {
      await migrate(storage)
      const report = await loadSeed(storage, dir)
      assert.equal(report.loaded, true)
      const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'))
      assert.equal(
        report.rows,
        Object.values(manifest.tables as Record<string, { rows: number }>).reduce((n, t) => n + t.rows, 0),
      )
      const kb = await storage.db.selectFrom('kb_meta').selectAll().executeTakeFirstOrThrow()
      assert.equal(kb.created_at, meta.created_at)
      assert.equal(kb.db_release, 'test-seed')
      // the folder-hash index ships its folders; their band keys are rebuilt on load, the same as the source's
      assert.ok(manifest.tables.folder_nodes.rows >= 3)
      assert.equal(await countFolderNodes(storage.db), await countFolderNodes(source.storage.db))
      assert.deepEqual(await bands(storage), await bands(source.storage))
      assert.ok((await countFolderNodes(storage.db)) >= 3, 'fixture-hfh has a hashed folder per version')
      const again = mkdtempSync(path.join(tmpdir(), 'compintel-seed-'))
      await exportSeed(storage, again, meta)
      assert.deepEqual(seedFiles(again), seedFiles(dir))
      const second = await loadSeed(storage, dir)
      assert.equal(second.loaded, false, 'a KB that holds data is never loaded over')
      // Ids continue after the seed's on PostgreSQL too: a new component can be inserted.
      await storage.db
        .insertInto('components')
        .values({
          purl: 'pkg:npm/new',
          purl_type: 'npm',
          namespace: '',
          name: 'new',
          purl_name: 'new',
          project_url: '',
          status: 'active',
          facts_hash: 'x',
          first_indexed_at: 'now',
          last_indexed_at: 'now',
          source: 'test',
          as_of: 'now',
        })
        .execute()
    } finally {
      await cleanup()
    }
  })
}

test('the export is sorted and names its sources', () => {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'))
  assert.equal(manifest.format, 'compintel-seed/2')
  assert.equal(manifest.tables.components.rows, 4)
  // notice texts travel with the seed, once each, beside the files that point at them
  assert.ok(manifest.tables.notice_texts.rows >= 1 && manifest.tables.version_notices.rows >= 1)
  // so does the snippet index: contents once each, their fingerprints by content and line
  assert.ok(manifest.tables.snippet_contents.rows >= 1 && manifest.tables.snippet_hashes.rows >= 1)
  assert.deepEqual(
    manifest.sources.map((s: { name: string }) => s.name),
    [
      'computed:code-stats@1',
      `computed:crypto@${cryptoAnalyzer.version}`,
      'computed:files@1',
      'computed:folder-hash@1',
      'computed:license-files@1',
      'computed:notices@1',
      `computed:semgrep@${semgrepAnalyzer.version}`,
      'computed:snippets@1',
      'npm-registry',
    ],
  )
})

test('the first start of the server loads the seed; the next start reuses the KB', async () => {
  const kb = path.join(mkdtempSync(path.join(tmpdir(), 'compintel-')), 'kb.sqlite')
  const config = parseConfig({
    DATABASE_URL: `sqlite:${kb}`,
    PORT: '0',
    LOG_LEVEL: 'silent',
    SEED_DIR: dir,
    MAX_EVENT_LOOP_DELAY_MS: '0',
  })
  const lines: string[] = []
  const first = await serve(config, (l) => lines.push(l))
  await first.shutdown('test')
  assert.ok(
    lines.some((l) => /Seed loaded: \d+ rows/.test(l)),
    lines.join('\n'),
  )
  const again: string[] = []
  const second = await serve(config, (l) => again.push(l))
  await second.shutdown('test')
  assert.ok(!again.some((l) => /Loading the seed/.test(l)))
})

test('compintel migrate readies an empty KB the same way: migrated, then seeded once', async () => {
  const kb = path.join(mkdtempSync(path.join(tmpdir(), 'compintel-')), 'kb.sqlite')
  const env = { ...process.env, DATABASE_URL: `sqlite:${kb}`, SEED_DIR: dir, LOG_LEVEL: 'silent' }
  const bin = path.join(import.meta.dirname, '..', 'bin', 'compintel.js')
  const first = await run(process.execPath, [bin, 'migrate'], { env })
  assert.match(first.stdout, /Seed loaded: \d+ rows/)
  const again = await run(process.execPath, [bin, 'migrate'], { env })
  assert.match(again.stdout, /schema is current/)
  assert.doesNotMatch(again.stdout, /Loading the seed/)
})
