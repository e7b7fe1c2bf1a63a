// CPE products (purl2cpe) per package key, one transaction per batch, reading back only that batch's keys: a
// package's products replaced when they or their source differ. A batch that wrote anything records a change to any
// component (`*`).
import { ANY_COMPONENT } from '../domain/kb/changes.ts'
import type { CpePackage, WriteCounts } from '../domain/vulnerabilities/types.ts'
import type { Storage } from './database.ts'
import type { Tx } from './index-writer.ts'
import { recordChanges } from './kb-changes.ts'
import { chunks, slices } from './kb-rows.ts'
import type { CpeProductsTable } from './schema.ts'

export function writeCpeProducts(
  storage: Storage,
  packages: readonly CpePackage[],
  source: string,
  asOf: string,
): Promise<WriteCounts> {
  const byKey = new Map(
    packages.map((p) => [
      `${p.purlType}\u0000${p.purlName}`,
      { ...p, products: [...new Map(p.products.map((x) => [x.cpe, x])).values()] },
    ]),
  )
  return storage.db.transaction().execute(async (trx) => {
    const stored = await storedProducts(trx, [...byKey.values()])
    const changed = [...byKey].filter(([key, p]) => stored.get(key) !== productsText(p.products, source))
    for (const [type, names] of byType(changed.map(([, p]) => p)))
      for (const part of slices(names))
        await trx.deleteFrom('cpe_products').where('purl_type', '=', type).where('purl_name', 'in', part).execute()
    const rows: CpeProductsTable[] = changed.flatMap(([, p]) =>
      p.products.map((x) => ({
        purl_type: p.purlType,
        purl_name: p.purlName,
        cpe: x.cpe,
        versions: x.versions,
        source,
        as_of: asOf,
      })),
    )
    for (const part of chunks(rows, 6)) await trx.insertInto('cpe_products').values(part).execute()
    if (changed.length > 0) await recordChanges(trx, [ANY_COMPONENT])
    return { written: changed.length, unchanged: byKey.size - changed.length }
  })
}

/** The stored products of these packages, per key, in the form productsText gives. */
async function storedProducts(trx: Tx, packages: CpePackage[]): Promise<Map<string, string>> {
  const found = new Map<string, { cpe: string; versions: number }[]>()
  const sources = new Map<string, string>()
  for (const [type, names] of byType(packages)) {
    for (const part of slices(names)) {
      const rows = await trx
        .selectFrom('cpe_products')
        .select(['purl_name', 'cpe', 'versions', 'source'])
        .where('purl_type', '=', type)
        .where('purl_name', 'in', part)
        .execute()
      for (const r of rows) {
        const key = `${type}\u0000${r.purl_name}`
        const list = found.get(key) ?? []
        found.set(key, list)
        list.push({ cpe: r.cpe, versions: Number(r.versions) })
        if ((sources.get(key) ?? r.source) !== r.source) sources.set(key, '\u0000mixed')
        else sources.set(key, r.source)
      }
    }
  }
  return new Map([...found].map(([key, products]) => [key, productsText(products, sources.get(key) ?? '')]))
}

function productsText(products: readonly { cpe: string; versions: number }[], source: string): string {
  const sorted = [...products].sort((a, b) => (a.cpe < b.cpe ? -1 : a.cpe > b.cpe ? 1 : 0))
  return JSON.stringify([source, sorted.map((p) => [p.cpe, p.versions])])
}

function byType(packages: readonly CpePackage[]): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const p of packages) {
    const names = out.get(p.purlType) ?? []
    out.set(p.purlType, names)
    names.push(p.purlName)
  }
  return out
}
