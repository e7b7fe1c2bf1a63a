// The advisory ingestion port on SQL. Each call is one transaction over one bounded batch, and reads back only
// the rows of that batch's keys (never a whole table), so it scales to all of OSV on PostgreSQL.
// Advisories: compared by record_hash, a changed one replaced with its packages, the same id from another source
// named in other_sources (domain/vulnerabilities/advisory-sources.ts); EPSS and KEV: upserted by CVE, one way
// (upsertByCve), an unchanged score or entry not rewritten; CPE products: replaced per package key when they differ. A batch that wrote anything
// records a change to any component (`*`) last, so every API node drops its cached answers.
import type { Insertable, Kysely, Transaction } from 'kysely'
import { ANY_COMPONENT } from '../domain/kb/changes.ts'
import { planAdvisoryWrite, type StoredAdvisory } from '../domain/vulnerabilities/advisory-sources.ts'
import type {
  Advisory,
  AdvisoryWriter,
  CpePackage,
  DataSource,
  EpssScore,
  KevEntry,
  WriteCounts,
} from '../domain/vulnerabilities/types.ts'
import type { Storage } from './database.ts'
import { recordChanges } from './kb-changes.ts'
import { chunks, digest } from './kb-rows.ts'
import type { AdvisoriesTable, AdvisoryPackagesTable, CpeProductsTable, Database } from './schema.ts'

type Tx = Transaction<Database> | Kysely<Database>
const IN_LIST = 5000

export class SqlAdvisoryWriter implements AdvisoryWriter {
  constructor(private readonly storage: Storage) {}

  writeAdvisories(advisories: readonly Advisory[], asOf: string): Promise<WriteCounts & { older: string[] }> {
    const byId = new Map(advisories.map((a) => [a.id, a]))
    return this.storage.db.transaction().execute(async (trx) => {
      const stored = new Map<string, StoredAdvisory>()
      for (const part of slices([...byId.keys()])) {
        const rows = await trx
          .selectFrom('advisories')
          .select(['id', 'record_hash', 'modified', 'source', 'other_sources'])
          .where('id', 'in', part)
          .execute()
        for (const r of rows)
          stored.set(r.id, {
            hash: r.record_hash,
            modified: r.modified,
            source: r.source,
            otherSources: JSON.parse(r.other_sources),
          })
      }
      const put: { a: Advisory; hash: string; otherSources: string[] }[] = []
      const attribute: { id: string; otherSources: string[] }[] = []
      const older: string[] = []
      let unchanged = 0
      for (const a of byId.values()) {
        const plan = planAdvisoryWrite(a, (source) => digest({ ...a, source }), stored.get(a.id))
        if (plan.kind === 'unchanged') unchanged++
        else if (plan.kind === 'older') older.push(a.id)
        else if (plan.kind === 'attribute') attribute.push({ id: a.id, otherSources: plan.otherSources })
        else put.push({ a, hash: digest(a), otherSources: plan.otherSources })
      }
      const replaced = put.filter((p) => stored.has(p.a.id)).map((p) => p.a.id)
      for (const part of slices(replaced)) {
        await trx.deleteFrom('advisory_packages').where('advisory_id', 'in', part).execute()
        await trx.deleteFrom('advisories').where('id', 'in', part).execute()
      }
      const rows = put.map((p) => advisoryRow(p.a, p.hash, asOf, p.otherSources))
      for (const part of chunks(rows, 15)) await trx.insertInto('advisories').values(part).execute()
      const packages = put.flatMap((p) => packageRows(p.a))
      for (const part of chunks(packages, 6)) await trx.insertInto('advisory_packages').values(part).execute()
      for (const x of attribute)
        await trx
          .updateTable('advisories')
          .set({ other_sources: JSON.stringify(x.otherSources) })
          .where('id', '=', x.id)
          .execute()
      if (put.length + attribute.length > 0) await recordChanges(trx, [ANY_COMPONENT])
      return { written: put.length + attribute.length, unchanged, older }
    })
  }

  writeEpss(scores: readonly EpssScore[], source: string, asOf: string): Promise<WriteCounts> {
    const rows = scores.map((s) => ({
      cve: s.cve,
      probability: s.probability,
      percentile: s.percentile,
      score_date: s.scoreDate,
      model_version: s.modelVersion,
    }))
    return upsertByCve(this.storage, 'epss_scores', rows, source, asOf)
  }

  writeKev(entries: readonly KevEntry[], source: string, asOf: string): Promise<WriteCounts> {
    const rows = entries.map((e) => ({
      cve: e.cve,
      vendor_project: e.vendorProject,
      product: e.product,
      vulnerability_name: e.vulnerabilityName,
      date_added: e.dateAdded,
      short_description: e.shortDescription,
      required_action: e.requiredAction,
      due_date: e.dueDate,
      known_ransomware_campaign_use: e.knownRansomwareCampaignUse,
    }))
    return upsertByCve(this.storage, 'kev_entries', rows, source, asOf)
  }

  writeCpeProducts(packages: readonly CpePackage[], source: string, asOf: string): Promise<WriteCounts> {
    const byKey = new Map(
      packages.map((p) => [
        `${p.purlType}\u0000${p.purlName}`,
        { ...p, products: [...new Map(p.products.map((x) => [x.cpe, x])).values()] },
      ]),
    )
    return this.storage.db.transaction().execute(async (trx) => {
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

  async recordSource(s: Omit<DataSource, 'records'> & { records?: number }): Promise<void> {
    // answers list their data sources' dates (statusWithDb): a new import date is a change to every answer
    await this.storage.db.transaction().execute(async (trx) => {
      const counted = async () =>
        Number(
          (
            await trx
              .selectFrom('advisories')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('source', '=', s.name)
              .executeTakeFirstOrThrow()
          ).n,
        )
      const row = {
        name: s.name,
        kind: s.kind,
        source_date: s.sourceDate,
        imported_at: s.importedAt,
        records: s.records ?? (await counted()),
      }
      await trx
        .insertInto('data_sources')
        .values(row)
        .onConflict((oc) => oc.column('name').doUpdateSet(row))
        .execute()
      await recordChanges(trx, [ANY_COMPONENT])
    })
  }
}

/**
 * A source's rows of a table keyed by CVE upserted in one transaction (a CVE named twice: its last row): a row is
 * inserted, or rewritten only when one of its columns (source included) differs from the stored one, as_of then with it.
 */
function upsertByCve<T extends 'epss_scores' | 'kev_entries'>(
  storage: Storage,
  table: T,
  rows: readonly Omit<Database[T], 'source' | 'as_of'>[],
  source: string,
  asOf: string,
): Promise<WriteCounts> {
  const unique = [...new Map(rows.map((r) => [r.cve, { ...r, source, as_of: asOf }])).values()]
  const columns = Object.keys(unique[0] ?? {})
  const compared = columns.filter((c) => c !== 'cve' && c !== 'as_of')
  return storage.db.transaction().execute(async (trx) => {
    // typed by name, not by the generic table: its columns are those of its rows (checked by the callers' types)
    const db = trx as unknown as Kysely<Record<string, Record<string, unknown>>>
    const name: string = table
    let written = 0
    for (const part of chunks(unique as unknown as Record<string, unknown>[], columns.length)) {
      const r = await db
        .insertInto(name)
        .values(part)
        .onConflict((oc) =>
          oc
            .column('cve')
            .doUpdateSet((eb) =>
              Object.fromEntries(columns.filter((c) => c !== 'cve').map((c) => [c, eb.ref(`excluded.${c}`)])),
            )
            .where((eb) =>
              eb.or(compared.map((c) => eb(eb.ref(`${name}.${c}`), 'is distinct from', eb.ref(`excluded.${c}`)))),
            ),
        )
        .executeTakeFirst()
      written += Number(r.numInsertedOrUpdatedRows ?? 0)
    }
    if (written > 0) await recordChanges(trx, [ANY_COMPONENT])
    return { written, unchanged: unique.length - written }
  })
}

function advisoryRow(
  a: Advisory,
  hash: string,
  asOf: string,
  otherSources: readonly string[],
): Insertable<AdvisoriesTable> {
  return {
    id: a.id,
    source: a.source,
    aliases: JSON.stringify(a.aliases),
    summary: a.summary,
    details: a.details,
    published: a.published,
    modified: a.modified,
    withdrawn: a.withdrawn,
    severity: JSON.stringify(a.severity),
    database_severity: a.databaseSeverity,
    cwe_ids: JSON.stringify(a.cweIds),
    refs: JSON.stringify(a.references),
    record_hash: hash,
    as_of: asOf,
    other_sources: JSON.stringify(otherSources),
  }
}

/** One row per affected entry; entries identical in every column are kept once. */
function packageRows(a: Advisory): AdvisoryPackagesTable[] {
  const rows = a.affected.map((p) => ({
    advisory_id: a.id,
    purl_type: p.purlType,
    purl_name: p.purlName,
    ecosystem: p.ecosystem,
    ranges: JSON.stringify(p.ranges ?? []),
    versions: JSON.stringify(p.versions ?? []),
  }))
  return [...new Map(rows.map((r) => [JSON.stringify(r), r])).values()]
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

function slices<T>(items: readonly T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += IN_LIST) out.push(items.slice(i, i + IN_LIST))
  return out
}
