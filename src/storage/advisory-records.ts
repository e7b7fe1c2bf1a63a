// Advisories and their packages, one transaction per batch, reading back only that batch's ids: compared by
// record_hash, a changed one replaced with its packages, the same id from another source named in other_sources
// (domain/vulnerabilities/advisory-sources.ts). A batch that wrote anything records a change to any component (`*`).
import type { Insertable } from 'kysely'
import { ANY_COMPONENT } from '../domain/kb/changes.ts'
import { planAdvisoryWrite, type StoredAdvisory } from '../domain/vulnerabilities/advisory-sources.ts'
import type { Advisory, WriteCounts } from '../domain/vulnerabilities/types.ts'
import type { Storage } from './database.ts'
import { recordChanges } from './kb-changes.ts'
import { chunks, digest, slices } from './kb-rows.ts'
import type { AdvisoriesTable, AdvisoryPackagesTable } from './schema.ts'

export function writeAdvisories(
  storage: Storage,
  advisories: readonly Advisory[],
  asOf: string,
): Promise<WriteCounts & { older: string[] }> {
  const byId = new Map(advisories.map((a) => [a.id, a]))
  return storage.db.transaction().execute(async (trx) => {
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

export function advisoryRow(
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
export function packageRows(a: Advisory): AdvisoryPackagesTable[] {
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
