// CPE products per package key, on SQLite and PostgreSQL: written, an unchanged package not rewritten, a package
// whose products or source differ replaced whole (a product it no longer names removed), others left as they are.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { backends } from '../../test/helpers/backends.ts'
import type { CpePackage } from '../domain/vulnerabilities/types.ts'
import { writeCpeProducts } from './cpe-products.ts'
import type { Storage } from './database.ts'
import { migrate } from './migrate.ts'

// FIXTURE packages and CPEs: made up
const cpe = (product: string) => `cpe:2.3:a:fixture:${product}:*:*:*:*:*:*:*:*`
const pkg = (purlName: string, products: [string, number][]): CpePackage => ({
  purlType: 'npm',
  purlName,
  products: products.map(([p, versions]) => ({ cpe: cpe(p), versions })),
})
const stored = (s: Storage) =>
  s.db
    .selectFrom('cpe_products')
    .select(['purl_name', 'cpe', 'versions', 'source', 'as_of'])
    .orderBy('purl_name')
    .orderBy('cpe')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, versions: Number(r.versions) })))

for (const backend of backends()) {
  describe(`CPE products on ${backend.name}`, () => {
    test('written per package key; unchanged kept, changed products or source replaced whole', async () => {
      const { storage, cleanup } = await backend.open()
      try {
        await migrate(storage)
        const first = [
          pkg('fx-a', [
            ['a', 1],
            ['a2', 2],
          ]),
          pkg('fx-b', [['b', 3]]),
        ]
        assert.deepEqual(await writeCpeProducts(storage, first, 'purl2cpe', 'T1'), { written: 2, unchanged: 0 })
        // the same products in another order are the same
        const reordered = [
          pkg('fx-a', [
            ['a2', 2],
            ['a', 1],
          ]),
          pkg('fx-b', [['b', 3]]),
        ]
        assert.deepEqual(await writeCpeProducts(storage, reordered, 'purl2cpe', 'T2'), { written: 0, unchanged: 2 })
        assert.deepEqual(await writeCpeProducts(storage, [pkg('fx-a', [['a', 1]])], 'purl2cpe', 'T3'), {
          written: 1,
          unchanged: 0,
        })
        assert.deepEqual(await writeCpeProducts(storage, [pkg('fx-b', [['b', 3]])], 'other', 'T4'), {
          written: 1,
          unchanged: 0,
        })
        assert.deepEqual(await stored(storage), [
          { purl_name: 'fx-a', cpe: cpe('a'), versions: 1, source: 'purl2cpe', as_of: 'T3' },
          { purl_name: 'fx-b', cpe: cpe('b'), versions: 3, source: 'other', as_of: 'T4' },
        ])
      } finally {
        await cleanup()
      }
    })
  })
}
