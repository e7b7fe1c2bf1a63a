// The seed's sharded layout (src/storage/seed-layout.ts): an export is deterministic, a one-package change rewrites
// only the shards that hold that package, and a load checks every shard first: a missing or damaged shard is refused
// by name with nothing loaded, and a load that fails half-way leaves the KB empty.
import assert from 'node:assert/strict'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { gzipSync } from 'node:zlib'
import { DEFAULT_ANALYZERS } from '../src/ingest/analyzers/index.ts'
import { RegistryClient } from '../src/sources/npm/registry-client.ts'
import { runIngest } from '../src/sources/npm/run-ingest.ts'
import { openStorage, type Storage } from '../src/storage/database.ts'
import { SqlKbWriter } from '../src/storage/kb-writer.ts'
import { migrate } from '../src/storage/migrate.ts'
import { exportSeed } from '../src/storage/seed-export.ts'
import { loadSeed } from '../src/storage/seed-import.ts'
import { sha256 } from '../src/storage/seed-layout.ts'
import { type IngestedFixtures, ingestedFixtures } from './helpers/ingested-fixtures.ts'
import { seedFiles, seedManifest, seedRows } from './helpers/seed-files.ts'

const meta = { release: 'test-seed', created_at: '2026-01-02T03:04:05.000Z' }
let fx: IngestedFixtures
let dir: string

before(async () => {
  fx = await ingestedFixtures(['fixture-alpha', 'fixture-beta', '@fixture/scoped'])
  dir = mkdtempSync(path.join(tmpdir(), 'compintel-seed-'))
  await exportSeed(fx.storage, dir, meta)
})
after(() => fx.close())

/** A new SQLite KB file, migrated; the test loads into it. */
async function emptyKb(): Promise<{ storage: Storage; file: string }> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'compintel-kb-')), 'kb.sqlite')
  const storage = openStorage({ kind: 'sqlite', path: file })
  await migrate(storage)
  return { storage, file }
}

const count = async (storage: Storage, table: 'components' | 'versions' | 'version_files') =>
  Number(
    (
      await storage.db
        .selectFrom(table)
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

/** Loading `seed` into an empty KB fails with `error`, and leaves the KB empty. */
async function refused(seed: string, error: RegExp): Promise<void> {
  const { storage } = await emptyKb()
  try {
    await assert.rejects(loadSeed(storage, seed), error)
    assert.equal(await count(storage, 'components'), 0)
  } finally {
    await storage.close()
  }
}

/** A copy of the seed, changed by `edit`. */
function copy(edit: (d: string) => void): string {
  const d = mkdtempSync(path.join(tmpdir(), 'compintel-seed-'))
  cpSync(dir, d, { recursive: true })
  edit(d)
  return d
}

test('the seed round-trips: loaded, every table holds the rows of its shards; exported twice, the same bytes', async () => {
  const again = mkdtempSync(path.join(tmpdir(), 'compintel-seed-'))
  await exportSeed(fx.storage, again, meta)
  assert.deepEqual(seedFiles(again), seedFiles(dir))
  const { storage } = await emptyKb()
  try {
    assert.equal((await loadSeed(storage, dir)).loaded, true)
    const manifest = seedManifest(dir)
    for (const t of ['components', 'versions', 'version_files'] as const) {
      assert.equal(await count(storage, t), manifest.tables[t]?.rows, t)
      assert.equal(seedRows(dir, t).length, manifest.tables[t]?.rows, t)
    }
    // each shard's digest and row count are the manifest's
    for (const { shards } of Object.values(manifest.tables))
      for (const s of shards) assert.equal(sha256(readFileSync(path.join(dir, s.file))), s.sha256, s.file)
  } finally {
    await storage.close()
  }
})

test('a damaged shard (one byte changed) is refused by name, and the KB stays empty', async () => {
  const shard = seedManifest(dir).tables.versions?.shards[0]?.file as string
  const damaged = copy((d) => {
    const bytes = readFileSync(path.join(d, shard))
    bytes[bytes.length - 5] = (bytes[bytes.length - 5] as number) ^ 1
    writeFileSync(path.join(d, shard), bytes)
  })
  await refused(damaged, new RegExp(`seed shard ${shard} is damaged`))
})

test('a missing shard is refused by name', async () => {
  const shard = seedManifest(dir).tables.version_files?.shards[0]?.file as string
  const missing = copy((d) => rmSync(path.join(d, shard)))
  await refused(missing, new RegExp(`seed shard ${shard} is missing`))
})

test('a load that fails half-way is undone: the KB is empty and its settings are back', async () => {
  // the last table's shard holds a row that does not fit (its digest matches: the failure comes while inserting)
  const broken = copy((d) => {
    const manifest = seedManifest(d)
    const shard = manifest.tables.version_files?.shards.at(-1)
    assert.ok(shard)
    const bytes = gzipSync(`["version_id","path","size","md5"]\n[1,"a",1,"x"]\n[1,"a",1,"x"]\n`)
    writeFileSync(path.join(d, shard.file), bytes)
    shard.sha256 = sha256(bytes)
    writeFileSync(path.join(d, 'manifest.json'), JSON.stringify(manifest))
  })
  const { storage } = await emptyKb()
  try {
    await assert.rejects(loadSeed(storage, broken), /UNIQUE constraint failed: version_files/)
    assert.equal(await count(storage, 'components'), 0)
    assert.equal(await count(storage, 'versions'), 0)
    assert.equal(storage.sqlite?.pragma('journal_mode', { simple: true }), 'wal')
    assert.equal(storage.sqlite?.pragma('foreign_keys', { simple: true }), 1)
    const indexes = storage.sqlite?.prepare(`select name from sqlite_master where name = 'version_files_md5_idx'`).all()
    assert.equal(indexes?.length, 1, 'the dropped indexes are back')
  } finally {
    await storage.close()
  }
})

test('a one-package change rewrites only the shards that hold it; stale shards are removed', async () => {
  const out = copy(() => {})
  const before = seedFiles(out)
  const registry = new RegistryClient({ registry: fx.reg.url, cache: mkdtempSync(path.join(tmpdir(), 'ci-cache-')) })
  const run = await runIngest(['fixture-hfh'], registry, new SqlKbWriter(fx.storage), {
    versions: 'all',
    analyze: 'all',
    analyzers: DEFAULT_ANALYZERS,
    dryRun: false,
    concurrency: 1,
    now: () => '2026-11-24T00:00:00.000Z',
    sink: { isTTY: false, write: () => {} },
  })
  assert.deepEqual(run.failed, [])
  writeFileSync(path.join(out, 'versions', 'stale.ndjson.gz'), 'x')
  await exportSeed(fx.storage, out, meta)
  const now = seedFiles(out)
  const changed = Object.keys(now).filter((f) => now[f] !== before[f])
  const tablesChanged = changed.map((f) => f.split('/')[0])
  // one shard per table at most, and the tables of other packages' data not at all
  assert.equal(new Set(tablesChanged).size, tablesChanged.length, changed.join(' '))
  for (const t of ['versions', 'version_files', 'analyses']) assert.ok(tablesChanged.includes(t), t)
  assert.ok(!('versions/stale.ndjson.gz' in now))
  const kept = Object.keys(before).filter((f) => now[f] === before[f])
  assert.ok(kept.length > changed.length, `${kept.length} shards kept, ${changed.length} changed`)
})
