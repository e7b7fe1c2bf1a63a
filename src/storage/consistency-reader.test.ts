// The consistency reader on SQLite (always) and PostgreSQL (TEST_DATABASE_URL): a KB as ingestion writes it is
// clean; planted rows (FIXTURE) are each reported under their rule, read a chunk at a time; rows pointing at nothing
// (planted with SQLite's foreign keys off: PostgreSQL's cannot be turned off by a test) are counted per reference.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { sql } from 'kysely'
import { backends } from '../../test/helpers/backends.ts'
import { plantBadRows, writeCleanPackage } from '../../test/helpers/planted-rows.ts'
import { checkKb } from '../domain/kb/consistency.ts'
import { SqlConsistencyReader } from './consistency-reader.ts'
import { migrate } from './migrate.ts'

const AS_OF = '2026-01-02T03:04:05.000Z'

for (const backend of backends())
  describe(`consistency reader on ${backend.name}`, () => {
    test('a KB as ingestion writes it is clean; planted rows are reported under their rules', async () => {
      const { storage, cleanup } = await backend.open()
      try {
        await migrate(storage)
        await writeCleanPackage(storage)
        const reader = new SqlConsistencyReader(storage.db)
        const clean = await checkKb(reader, { chunk: 2 })
        assert.deepEqual([clean.components, clean.versions, clean.findings], [1, 1, []])
        await plantBadRows(storage)
        const report = await checkKb(reader, { chunk: 2, examples: 50 })
        assert.deepEqual([report.components, report.versions], [5, 4])
        assert.deepEqual(report.counts, {
          'purl-unparsable': 1,
          'purl-not-canonical': 1,
          'identity-mismatch': 2,
          'name-rejected': 2,
          'version-rejected': 4,
          orphan: 0,
        })
        const rows = report.findings.map((f) => `${f.rule} ${f.row}`)
        assert.ok(rows.includes('identity-mismatch pkg:npm/ci-rename'), rows.join('\n'))
        assert.ok(rows.includes('name-rejected pkg:npm/%3Cimg%20src%3Dx%3E'), rows.join('\n'))
      } finally {
        await cleanup()
      }
    })

    test('rows pointing at nothing are counted per reference, with the first values', async (t) => {
      const { storage, cleanup } = await backend.open()
      try {
        await migrate(storage)
        if (storage.dialect !== 'sqlite') return t.skip('foreign keys cannot be turned off here')
        await writeCleanPackage(storage)
        await sql`pragma foreign_keys = OFF`.execute(storage.db)
        const orphan = (version_id: number) => ({
          version_id,
          analyzer: 'files',
          analyzer_version: '1',
          output: '{}',
          as_of: AS_OF,
        })
        await storage.db
          .insertInto('analyses')
          .values([orphan(900), orphan(901), orphan(902)])
          .execute()
        await storage.db
          .insertInto('version_dependencies')
          .values({ version_id: 903, scope: 'runtime', name: 'react', requirement: '*' })
          .execute()
        const report = await checkKb(new SqlConsistencyReader(storage.db), { examples: 2 })
        assert.equal(report.counts.orphan, 4)
        assert.deepEqual(
          report.findings.map((f) => `${f.table} ${f.row}: ${f.detail}`),
          [
            'version_dependencies version_id = 903: version_id names no versions row',
            'analyses version_id = 900: version_id names no versions row',
          ],
        )
      } finally {
        await cleanup()
      }
    })
  })
