// The seed with vulnerability data: advisories, their packages, EPSS scores (full precision), CPE products and
// data sources export sorted, load into an empty SQLite or PostgreSQL KB and export back byte for byte; the
// loaded records keep their hashes, so ingesting the same files again writes nothing.
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { SILENT } from '../src/ingest/data-report.ts'
import { ingestEpss } from '../src/sources/epss/epss.ts'
import { ingestOsv } from '../src/sources/osv/ingest-osv.ts'
import { ingestPurl2Cpe } from '../src/sources/purl2cpe/purl2cpe.ts'
import { SqlAdvisoryWriter } from '../src/storage/advisory-writer.ts'
import type { Storage } from '../src/storage/database.ts'
import { migrate } from '../src/storage/migrate.ts'
import { exportSeed, keysetPages } from '../src/storage/seed-export.ts'
import { loadSeed } from '../src/storage/seed-import.ts'
import { SEED_TABLES, type SeedTable } from '../src/storage/seed-tables.ts'
import { backends, sqliteBackend } from './helpers/backends.ts'
import { seedLines } from './helpers/seed-files.ts'

const fixture = (p: string) => fileURLToPath(new URL(`./fixtures/${p}`, import.meta.url))
const TABLES = ['advisories', 'advisory_packages', 'epss_scores', 'cpe_products', 'data_sources']
const meta = { release: 'test-seed', created_at: '2026-01-02T03:04:05.000Z' }
const opts = { now: () => '2026-11-22T00:00:00.000Z', sink: SILENT }

let source: { storage: Storage; cleanup(): Promise<void> }
let dir: string

async function ingestFixtures(storage: Storage) {
  const writer = new SqlAdvisoryWriter(storage)
  const osv = await ingestOsv([fixture('osv/fixture.osv.ndjson')], writer, opts)
  const epss = await ingestEpss(fixture('epss/epss-known.csv'), writer, opts)
  const cpe = await ingestPurl2Cpe(fixture('purl2cpe/purl2cpe.ndjson'), writer, opts)
  return [osv, epss, cpe]
}

const lines = seedLines

before(async () => {
  source = await sqliteBackend.open()
  await migrate(source.storage)
  await ingestFixtures(source.storage)
  dir = mkdtempSync(path.join(tmpdir(), 'compintel-seed-'))
  await exportSeed(source.storage, dir, meta)
})
after(async () => {
  await source.cleanup()
})

test('the export holds the new tables, each shard sorted, with EPSS at full precision and every source named', () => {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'))
  assert.deepEqual(
    TABLES.map((t) => manifest.tables[t].rows),
    [5, 6, 2, 5, 3],
  )
  assert.deepEqual(
    manifest.sources.map((s: { name: string }) => s.name),
    ['epss', 'osv:fixture', 'purl2cpe'],
  )
  const ids = lines(dir, 'advisories')
    .slice(1)
    .map((l) => JSON.parse(l)[0] as string)
  assert.deepEqual(ids.toSorted(), ['MAL-2099-1', 'x_FXO-1', 'x_FXO-2', 'x_FXO-3', 'x_FXO-6'])
  const epss = lines(dir, 'epss_scores').map((l) => JSON.parse(l) as unknown[])
  assert.deepEqual(epss.find((r) => r[0] === 'CVE-2099-1001')?.slice(0, 3), ['CVE-2099-1001', 0.00413, 0.71234])
  assert.deepEqual(JSON.parse(lines(dir, 'cpe_products')[0] as string), [
    'purl_type',
    'purl_name',
    'cpe',
    'versions',
    'source',
    'as_of',
  ])
})

for (const backend of backends()) {
  test(`the vulnerability tables load into an empty ${backend.name} KB and export back byte for byte`, async () => {
    const { storage, cleanup } = await backend.open()
    try {
      await migrate(storage)
      const report = await loadSeed(storage, dir)
      assert.equal(report.loaded, true)
      const again = mkdtempSync(path.join(tmpdir(), 'compintel-seed-'))
      await exportSeed(storage, again, meta)
      for (const t of TABLES) assert.deepEqual(lines(again, t), lines(dir, t), t)
      for (const r of await ingestFixtures(storage)) assert.equal(r.written, 0, 'the loaded records are current')
    } finally {
      await cleanup()
    }
  })
}

for (const backend of backends()) {
  test(`${backend.name}: keyset pages follow byte order and never split or lose rows equal in every key column`, async () => {
    const { storage, cleanup } = await backend.open()
    try {
      await migrate(storage)
      const ids = ['b', 'B', 'a_1', 'a-1', 'a', 'Z', 'é', 'z']
      for (const id of ids)
        await storage.db
          .insertInto('data_sources')
          .values({ name: id, kind: 'cpe', source_date: null, imported_at: 'x', records: 0 })
          .execute()
      const table = SEED_TABLES.find((t) => t.name === 'data_sources') as SeedTable
      const pages: string[][] = []
      for await (const page of keysetPages(storage, table, 3)) pages.push(page.map((r) => r.name as string))
      const bytes = [...ids].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)))
      assert.deepEqual(pages.flat(), bytes)
      assert.deepEqual(
        pages.map((p) => p.length),
        [3, 3, 2],
      )

      await ingestOsv([fixture('osv/fixture.osv.ndjson')], new SqlAdvisoryWriter(storage), opts)
      const row = { advisory_id: 'x_FXO-1', purl_type: 'npm', purl_name: 'dup', ecosystem: 'npm', ranges: '[]' }
      await storage.db
        .insertInto('advisory_packages')
        .values([1, 2, 3].map(() => ({ ...row, versions: '[]' })))
        .execute()
      const packages = SEED_TABLES.find((t) => t.name === 'advisory_packages') as SeedTable
      const all: string[] = []
      for await (const page of keysetPages(storage, packages, 2)) all.push(...page.map((r) => r.purl_name as string))
      assert.equal(all.length, 9)
      assert.equal(all.filter((n) => n === 'dup').length, 3)
    } finally {
      await cleanup()
    }
  })
}

test("a seed built before migration 17 gets its crates' keys as that migration writes them ('_' as '-')", async () => {
  const old = await sqliteBackend.open()
  const { storage, cleanup } = await sqliteBackend.open()
  try {
    await migrate(old.storage)
    await ingestFixtures(old.storage)
    // the key an earlier schema wrote for a crate named fxo_crate
    await old.storage.db
      .updateTable('advisory_packages')
      .set({ purl_name: 'fxo_crate' })
      .where('purl_type', '=', 'cargo')
      .execute()
    const oldDir = mkdtempSync(path.join(tmpdir(), 'compintel-seed-'))
    await exportSeed(old.storage, oldDir, meta)
    const manifestPath = path.join(oldDir, 'manifest.json')
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
    writeFileSync(manifestPath, JSON.stringify({ ...manifest, schema_version: '16' }))
    await migrate(storage)
    assert.equal((await loadSeed(storage, oldDir)).loaded, true)
    const keys = await storage.db
      .selectFrom('advisory_packages')
      .select('purl_name')
      .where('purl_type', '=', 'cargo')
      .execute()
    assert.deepEqual([...new Set(keys.map((k) => k.purl_name))], ['fxo-crate'])
  } finally {
    await old.cleanup()
    await cleanup()
  }
})
