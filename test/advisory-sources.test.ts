// The same advisory id from two sources: one row naming both (never the second overwriting the first's name), the
// answer's `source` and `sources` naming both, re-imports writing nothing, and a newer record from the second source
// replacing the content while the first stays named. On SQLite, and PostgreSQL when TEST_DATABASE_URL is set.
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { SILENT } from '../src/ingest/data-report.ts'
import { ingestOsv } from '../src/sources/osv/ingest-osv.ts'
import { SqlAdvisoryWriter } from '../src/storage/advisory-writer.ts'
import { makeTestApp } from './helpers/app.ts'
import { backends } from './helpers/backends.ts'

const FIXTURE = fileURLToPath(new URL('./fixtures/osv/fixture.osv.ndjson', import.meta.url))
const RECORD = JSON.parse(readFileSync(FIXTURE, 'utf8').split('\n')[0] as string) // x_FXO-1, npm fxo-lib < 1.2.0

function source(name: string, record: object): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'compintel-src-')), `${name}.osv.ndjson`)
  writeFileSync(file, `${JSON.stringify(record)}\n`)
  return file
}

for (const backend of backends()) {
  test(`${backend.name}: one advisory id from two sources names both`, async () => {
    const { storage, cleanup } = await backend.open()
    const t = await makeTestApp({ storage })
    try {
      const writer = new SqlAdvisoryWriter(storage)
      const ingest = (file: string) => ingestOsv([file], writer, { now: () => '2026-11-22T00:00:00Z', sink: SILENT })
      const row = () =>
        storage.db
          .selectFrom('advisories')
          .select(['source', 'other_sources', 'summary'])
          .where('id', '=', 'x_FXO-1')
          .executeTakeFirstOrThrow()
      const answer = async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/v2/vulnerabilities/components',
          headers: { 'x-api-key': t.keys.full },
          payload: { components: [{ purl: 'pkg:npm/fxo-lib@1.0.0' }] },
        })
        const [v] = res.json().components[0].vulnerabilities
        return { source: v.source, sources: v.sources, advisory_ids: v.advisory_ids, summary: v.summary }
      }

      const first = source('one', RECORD)
      const second = source('two', RECORD)
      assert.equal((await ingest(first)).written, 1)
      assert.equal((await ingest(second)).written, 1, 'the second source is recorded')
      assert.deepEqual(await row(), { source: 'osv:one', other_sources: '["osv:two"]', summary: RECORD.summary })
      assert.deepEqual(await answer(), {
        source: 'osv:one, osv:two',
        sources: ['osv:one', 'osv:two'],
        advisory_ids: ['x_FXO-1'],
        summary: RECORD.summary,
      })
      for (const file of [first, second]) {
        const again = await ingest(file)
        assert.deepEqual([again.written, again.unchanged], [0, 1], 'a re-import writes nothing')
      }

      const newer = source('two', { ...RECORD, modified: '2025-01-01T00:00:00Z', summary: 'Updated by source two' })
      assert.equal((await ingest(newer)).written, 1)
      assert.deepEqual(await row(), {
        source: 'osv:two',
        other_sources: '["osv:one"]',
        summary: 'Updated by source two',
      })
      assert.deepEqual((await answer()).sources, ['osv:two', 'osv:one'])
      const stale = await ingest(first)
      assert.deepEqual([stale.written, Object.keys(stale.skipped)], [0, ['older than the record already stored']])
      assert.deepEqual((await row()).other_sources, '["osv:one"]')
    } finally {
      await t.close()
      await cleanup()
    }
  })
}
