// Advisories and their packages, on SQLite and PostgreSQL: written with one row per distinct affected entry, an
// unchanged record not written again, a changed one replaced with its packages, an older one not written (named in
// `older`), the same record from another source named in other_sources.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { backends } from '../../test/helpers/backends.ts'
import { advisoryFromOsv } from '../domain/vulnerabilities/osv-record.ts'
import { packageRows, writeAdvisories } from './advisory-records.ts'
import type { Storage } from './database.ts'
import { migrate } from './migrate.ts'

// FIXTURE OSV records, mapped by the real mapping
const affected = (name: string, fixed: string) => ({
  package: { ecosystem: 'npm', name },
  ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed }] }],
})
const record = (modified: string, summary: string, names: string[], source = 'osv:fixture') =>
  advisoryFromOsv({ id: 'x_FX-REC-1', modified, summary, affected: names.map((n) => affected(n, '1.0.0')) }, source)
const stored = async (s: Storage) => ({
  advisory: await s.db
    .selectFrom('advisories')
    .select(['id', 'summary', 'source', 'other_sources', 'as_of'])
    .executeTakeFirst(),
  packages: (await s.db.selectFrom('advisory_packages').select('purl_name').orderBy('purl_name').execute()).map(
    (r) => r.purl_name,
  ),
})

test('packageRows keeps an affected entry named twice once', () => {
  assert.equal(packageRows(record('2024-01-01T00:00:00Z', 's', ['fx-a', 'fx-a', 'fx-b'])).length, 2)
})

for (const backend of backends()) {
  describe(`advisory records on ${backend.name}`, () => {
    test('written, unchanged kept, changed replaced with its packages, older not written, other sources named', async () => {
      const { storage, cleanup } = await backend.open()
      try {
        await migrate(storage)
        const v1 = record('2024-01-01T00:00:00Z', 'first', ['fx-a', 'fx-a', 'fx-b'])
        assert.deepEqual(await writeAdvisories(storage, [v1], 'T1'), { written: 1, unchanged: 0, older: [] })
        assert.deepEqual((await stored(storage)).packages, ['fx-a', 'fx-b'])
        assert.deepEqual(await writeAdvisories(storage, [v1], 'T2'), { written: 0, unchanged: 1, older: [] })
        const v2 = record('2024-02-01T00:00:00Z', 'second', ['fx-c'])
        assert.deepEqual(await writeAdvisories(storage, [v2], 'T3'), { written: 1, unchanged: 0, older: [] })
        assert.deepEqual(await stored(storage), {
          advisory: { id: 'x_FX-REC-1', summary: 'second', source: 'osv:fixture', other_sources: '[]', as_of: 'T3' },
          packages: ['fx-c'],
        })
        assert.deepEqual(await writeAdvisories(storage, [v1], 'T4'), {
          written: 0,
          unchanged: 0,
          older: ['x_FX-REC-1'],
        })
        const elsewhere = record('2024-02-01T00:00:00Z', 'second', ['fx-c'], 'osv:other')
        assert.deepEqual(await writeAdvisories(storage, [elsewhere], 'T5'), { written: 1, unchanged: 0, older: [] })
        const after = await stored(storage)
        assert.equal(after.advisory?.source, 'osv:fixture')
        assert.deepEqual(JSON.parse(after.advisory?.other_sources ?? ''), ['osv:other'])
      } finally {
        await cleanup()
      }
    })
  })
}
