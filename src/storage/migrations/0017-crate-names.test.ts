// Migration 17 on SQLite (always) and PostgreSQL (when TEST_DATABASE_URL is set): the crates' keys written before
// it are rewritten with `-` for `_`, other ecosystems' keys are left alone, and a duplicate CPE product goes.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { sql } from 'kysely'
import { backends } from '../../../test/helpers/backends.ts'
import { migrate } from '../migrate.ts'
import { up } from './0017-crate-names.ts'

for (const backend of backends()) {
  describe(`migration 0017 on ${backend.name}`, () => {
    test("crates' purl_name: `_` as `-`", async () => {
      const { storage, cleanup } = await backend.open()
      try {
        await migrate(storage)
        const db = storage.db
        const cpe = (purl_type: string, purl_name: string, cpe: string) => ({
          purl_type,
          purl_name,
          cpe,
          versions: 1,
          source: 'purl2cpe',
          as_of: '2026-01-01',
        })
        await db
          .insertInto('cpe_products')
          .values([
            cpe('cargo', 'serde_yaml', 'cpe:2.3:a:serde_yaml:*'),
            cpe('cargo', 'foo_bar', 'cpe:2.3:a:foo:*'),
            cpe('cargo', 'foo-bar', 'cpe:2.3:a:foo:*'),
            cpe('pypi', 'typing_x', 'cpe:2.3:a:t:*'),
          ])
          .execute()
        await db
          .insertInto('advisories')
          .values({
            ...{ id: 'RUSTSEC-0000-0001', source: 'osv', summary: '', details: '', aliases: '[]', published: null },
            ...{ modified: '2026-01-01', withdrawn: null, severity: '[]', database_severity: null, cwe_ids: '[]' },
            ...{ refs: '[]', record_hash: 'x', as_of: '2026-01-01' },
          })
          .execute()
        await db
          .insertInto('advisory_packages')
          .values({
            ...{ advisory_id: 'RUSTSEC-0000-0001', purl_type: 'cargo', purl_name: 'multi_mut' },
            ...{ ecosystem: 'crates.io', ranges: '[]', versions: '[]' },
          })
          .execute()
        await up(db as unknown as Parameters<typeof up>[0])
        const keys = await sql<{ k: string }>`select purl_type || '/' || purl_name as k from cpe_products
          union all select purl_type || '/' || purl_name from advisory_packages order by 1`.execute(db)
        assert.deepEqual(
          keys.rows.map((r) => r.k),
          ['cargo/foo-bar', 'cargo/multi-mut', 'cargo/serde-yaml', 'pypi/typing_x'],
        )
      } finally {
        await cleanup()
      }
    })
  })
}
