// `compintel ingest epss` and `ingest purl2cpe` on both backends: FIRST's header (with `unknown` stored as null),
// invalid rows skipped, scores replaced per CVE and a re-import writing nothing; purl2cpe reduced to products per
// package key (version/update as `*`, `\:` escapes kept, duplicates merged, purls that do not parse skipped).
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { SILENT } from '../src/ingest/data-report.ts'
import { ingestEpss, parseEpssHeader, parseEpssMeta } from '../src/sources/epss/epss.ts'
import { ingestPurl2Cpe } from '../src/sources/purl2cpe/purl2cpe.ts'
import { SqlAdvisoryReader } from '../src/storage/advisory-reader.ts'
import { SqlAdvisoryWriter } from '../src/storage/advisory-writer.ts'
import { migrate } from '../src/storage/migrate.ts'
import { backends } from './helpers/backends.ts'

const fixture = (p: string) => fileURLToPath(new URL(`./fixtures/${p}`, import.meta.url))
const at = (now: string) => ({ now: () => now, sink: SILENT, batchSize: 2 })

test('the EPSS metadata line: values, `unknown` as null, and files without it', () => {
  assert.deepEqual(parseEpssMeta('#model_version:v2025.03.14,score_date:2025-03-20T12:55:00+0000'), {
    modelVersion: 'v2025.03.14',
    scoreDate: '2025-03-20T12:55:00+0000',
  })
  assert.deepEqual(parseEpssMeta('#model_version:unknown,score_date:unknown'), { modelVersion: null, scoreDate: null })
  assert.deepEqual(parseEpssMeta('#score_date:2025-01-01'), { modelVersion: null, scoreDate: '2025-01-01' })
  assert.equal(parseEpssMeta('cve,epss,percentile'), undefined)
  assert.deepEqual(parseEpssHeader('cve,epss,percentile'), { cve: 0, epss: 1, percentile: 2 })
  assert.deepEqual(parseEpssHeader('percentile,cve,epss'), { cve: 1, epss: 2, percentile: 0 })
  assert.throws(() => parseEpssHeader('cve,score'), /no epss column/)
})

for (const backend of backends()) {
  test(`${backend.name}: EPSS scores load, re-import writes nothing, a newer file replaces them`, async () => {
    const { storage, cleanup } = await backend.open()
    try {
      await migrate(storage)
      const writer = new SqlAdvisoryWriter(storage)
      const gz = path.join(mkdtempSync(path.join(tmpdir(), 'compintel-epss-')), 'epss.csv.gz')
      writeFileSync(gz, gzipSync(readFileSync(fixture('epss/epss-known.csv'))))
      const first = await ingestEpss(gz, writer, at('2026-11-22T00:00:00.000Z'))
      assert.deepEqual([first.read, first.written, first.unchanged], [4, 2, 0])
      assert.equal(first.skipped['invalid row']?.count, 2)
      const reader = new SqlAdvisoryReader(storage)
      const scores = await reader.epss(['CVE-2099-1001', 'CVE-2099-1002', 'CVE-BAD'])
      assert.deepEqual(scores.get('CVE-2099-1001'), {
        cve: 'CVE-2099-1001',
        probability: 0.00413,
        percentile: 0.71234,
        scoreDate: '2099-01-02T12:55:00+0000',
        modelVersion: 'v2099.01.01',
      })
      assert.equal(scores.size, 2)
      const again = await ingestEpss(gz, writer, at('2026-11-23T00:00:00.000Z'))
      assert.deepEqual([again.written, again.unchanged], [0, 2])

      const next = await ingestEpss(fixture('epss/epss-unknown.csv'), writer, at('2026-11-24T00:00:00.000Z'))
      assert.deepEqual([next.written, next.unchanged], [2, 0], 'the score date changed for both')
      const now = await reader.epss(['CVE-2099-1001'])
      assert.deepEqual(now.get('CVE-2099-1001'), {
        cve: 'CVE-2099-1001',
        probability: 0.5,
        percentile: 0.9,
        scoreDate: null,
        modelVersion: null,
      })
      const rows = await storage.db.selectFrom('data_sources').selectAll().execute()
      assert.deepEqual(rows, [
        { name: 'epss', kind: 'epss', source_date: null, imported_at: '2026-11-24T00:00:00.000Z', records: 2 },
      ])
    } finally {
      await cleanup()
    }
  })

  test(`${backend.name}: purl2cpe products per package key, skips counted, re-import writes nothing`, async () => {
    const { storage, cleanup } = await backend.open()
    try {
      await migrate(storage)
      const writer = new SqlAdvisoryWriter(storage)
      const file = fixture('purl2cpe/purl2cpe.ndjson')
      const r = await ingestPurl2Cpe(file, writer, { ...at('2026-11-22T00:00:00.000Z'), sourceDate: '2026-08-22' })
      assert.deepEqual([r.read, r.written, r.unchanged], [8, 4, 0])
      assert.deepEqual(r.skipped['purls that do not parse']?.examples, ['pkg:github/fxo/vault/', 'not-a-purl'])
      assert.deepEqual(r.skipped['purls without a valid CPE']?.examples, ['npm/fxo-badcpe'])
      assert.equal(r.notes['package keys named by several purl lines (their CPEs merged)']?.count, 1)
      const rows = await storage.db
        .selectFrom('cpe_products')
        .select(['purl_type', 'purl_name', 'cpe', 'versions', 'source'])
        .execute()
      assert.deepEqual(rows.map((x) => [`${x.purl_type}/${x.purl_name}`, x.cpe, Number(x.versions)]).sort(), [
        ['npm/fxo-escaped', 'cpe:2.3:a:fxo:esc\\:aped:*:*:*:*:*:*:*:*', 2],
        ['npm/fxo-lib', 'cpe:2.3:a:fxo:fxo-lib:*:*:*:*:*:node.js:*:*', 3],
        ['npm/fxo-lib', 'cpe:2.3:a:fxo:fxo_lib:*:*:*:*:*:*:*:*', 1],
        ['pypi/fxo-py', 'cpe:2.3:a:fxo:fxo_py:*:*:*:*:*:python:*:*', 2],
        // `pkg:/sourceforge/…` parses: the purl spec ignores slashes after `pkg:`.
        ['sourceforge/fxo-forge', 'cpe:2.3:a:fxo:forge:*:*:*:*:*:*:*:*', 1],
      ])
      assert.ok(rows.every((x) => x.source === 'purl2cpe'))
      const products = await new SqlAdvisoryReader(storage).cpeProducts([{ type: 'npm', purlName: 'fxo-lib' }])
      assert.equal(products.get('npm\u0000fxo-lib')?.length, 2)
      const source = await storage.db.selectFrom('data_sources').selectAll().executeTakeFirstOrThrow()
      assert.deepEqual(source, {
        name: 'purl2cpe',
        kind: 'cpe',
        source_date: '2026-08-22',
        imported_at: '2026-11-22T00:00:00.000Z',
        records: 4,
      })

      const again = await ingestPurl2Cpe(file, writer, at('2026-11-23T00:00:00.000Z'))
      assert.deepEqual([again.written, again.unchanged], [0, 4])

      const changed = path.join(mkdtempSync(path.join(tmpdir(), 'compintel-p2c-')), 'p.ndjson')
      writeFileSync(changed, '{"purl":"pkg:npm/fxo-lib","cpes":["cpe:2.3:a:fxo:fxo-lib:9.0:*:*:*:*:*:*:*"]}\n')
      const third = await ingestPurl2Cpe(changed, writer, at('2026-11-24T00:00:00.000Z'))
      assert.deepEqual([third.written, third.unchanged], [1, 0])
      const now = await new SqlAdvisoryReader(storage).cpeProducts([{ type: 'npm', purlName: 'fxo-lib' }])
      assert.deepEqual(now.get('npm\u0000fxo-lib'), ['cpe:2.3:a:fxo:fxo-lib:*:*:*:*:*:*:*:*'], 'replaced per key')
    } finally {
      await cleanup()
    }
  })
}
