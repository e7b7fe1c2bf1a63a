// The advisory port on SQL: advisories naming a batch of packages (one query), EPSS scores, KEV entries and CPE
// products.

import type { Selectable } from 'kysely'
import { type ComponentKey, keyOf } from '../domain/catalog/types.ts'
import type { Advisory, AdvisoryReader, EpssScore, KevEntry, PackageAdvisory } from '../domain/vulnerabilities/types.ts'
import type { Storage } from './database.ts'
import type { AdvisoriesTable } from './schema.ts'

const CHUNK = 5000

export class SqlAdvisoryReader implements AdvisoryReader {
  constructor(private readonly storage: Storage) {}

  async forPackages(keys: readonly ComponentKey[]): Promise<Map<string, PackageAdvisory[]>> {
    const out = new Map<string, PackageAdvisory[]>()
    const wanted = new Set(keys.map(keyOf))
    const types = [...new Set(keys.map((k) => k.type))]
    const names = [...new Set(keys.map((k) => k.purlName))]
    for (let i = 0; i < names.length; i += CHUNK) {
      const rows = await this.storage.read
        .selectFrom('advisory_packages as p')
        .innerJoin('advisories as a', 'a.id', 'p.advisory_id')
        .where('p.purl_type', 'in', types)
        .where('p.purl_name', 'in', names.slice(i, i + CHUNK))
        .where('a.withdrawn', 'is', null)
        .selectAll('a')
        .select(['p.purl_type', 'p.purl_name', 'p.ecosystem', 'p.ranges', 'p.versions'])
        .orderBy('a.id')
        .execute()
      for (const r of rows) {
        const key = keyOf({ type: r.purl_type, purlName: r.purl_name })
        if (!wanted.has(key)) continue
        const list = out.get(key) ?? []
        out.set(key, list)
        list.push({
          advisory: advisoryOfRow(r),
          affected: {
            ecosystem: r.ecosystem,
            purlType: r.purl_type,
            purlName: r.purl_name,
            ranges: JSON.parse(r.ranges),
            versions: JSON.parse(r.versions),
          },
        })
      }
    }
    return out
  }

  async byId(id: string, limit: number): Promise<(Advisory & { otherSources: string[] })[]> {
    // aliases are a JSON array of strings: a quoted id inside it is one of them (ids hold no quote or backslash)
    if (!/^[A-Za-z0-9._:-]{1,100}$/.test(id)) return []
    const rows = await this.storage.read
      .selectFrom('advisories')
      .selectAll()
      .where((eb) => eb.or([eb('id', '=', id), eb('aliases', 'like', `%"${id}"%`)]))
      .orderBy('id')
      .limit(limit)
      .execute()
    if (rows.length === 0) return []
    const packages = await this.storage.read
      .selectFrom('advisory_packages')
      .selectAll()
      .where(
        'advisory_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('advisory_id')
      .orderBy('purl_type')
      .orderBy('purl_name')
      .execute()
    return rows.map((r) => ({
      ...advisoryOfRow(r),
      affected: packages
        .filter((p) => p.advisory_id === r.id)
        .map((p) => ({
          ecosystem: p.ecosystem,
          purlType: p.purl_type,
          purlName: p.purl_name,
          ranges: JSON.parse(p.ranges),
          versions: JSON.parse(p.versions),
        })),
    }))
  }

  async epss(cves: readonly string[]): Promise<Map<string, EpssScore>> {
    const out = new Map<string, EpssScore>()
    const rows = await inChunks(cves, (ids) =>
      this.storage.read.selectFrom('epss_scores').selectAll().where('cve', 'in', ids).execute(),
    )
    for (const r of rows)
      out.set(r.cve, {
        cve: r.cve,
        probability: r.probability,
        percentile: r.percentile,
        scoreDate: r.score_date,
        modelVersion: r.model_version,
      })
    return out
  }

  async kev(cves: readonly string[]): Promise<Map<string, KevEntry>> {
    const out = new Map<string, KevEntry>()
    const rows = await inChunks(cves, (ids) =>
      this.storage.read.selectFrom('kev_entries').selectAll().where('cve', 'in', ids).execute(),
    )
    for (const r of rows)
      out.set(r.cve, {
        cve: r.cve,
        vendorProject: r.vendor_project,
        product: r.product,
        vulnerabilityName: r.vulnerability_name,
        dateAdded: r.date_added,
        shortDescription: r.short_description,
        requiredAction: r.required_action,
        dueDate: r.due_date,
        knownRansomwareCampaignUse: r.known_ransomware_campaign_use,
      })
    return out
  }

  /** Whether any KEV entry is loaded (the shipped catalogue is loaded into a KB without one: app/prepare.ts). */
  async hasKev(): Promise<boolean> {
    return !!(await this.storage.db.selectFrom('kev_entries').select('cve').limit(1).executeTakeFirst())
  }

  async cpeProducts(keys: readonly ComponentKey[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>()
    const wanted = new Set(keys.map(keyOf))
    const types = [...new Set(keys.map((k) => k.type))]
    const names = [...new Set(keys.map((k) => k.purlName))]
    for (let i = 0; i < names.length; i += CHUNK) {
      const rows = await this.storage.read
        .selectFrom('cpe_products')
        .select(['purl_type', 'purl_name', 'cpe'])
        .where('purl_type', 'in', types)
        .where('purl_name', 'in', names.slice(i, i + CHUNK))
        .orderBy('cpe')
        .execute()
      for (const r of rows) {
        const key = keyOf({ type: r.purl_type, purlName: r.purl_name })
        if (!wanted.has(key)) continue
        out.set(key, [...(out.get(key) ?? []), r.cpe])
      }
    }
    return out
  }
}

/** An advisories row as the domain reads it (its JSON columns parsed). */
function advisoryOfRow(r: Selectable<AdvisoriesTable>): Omit<Advisory, 'affected'> & { otherSources: string[] } {
  return {
    id: r.id,
    source: r.source,
    otherSources: JSON.parse(r.other_sources),
    aliases: JSON.parse(r.aliases),
    summary: r.summary,
    details: r.details,
    published: r.published,
    modified: r.modified,
    withdrawn: r.withdrawn,
    severity: JSON.parse(r.severity),
    databaseSeverity: r.database_severity,
    cweIds: JSON.parse(r.cwe_ids),
    references: JSON.parse(r.refs),
  }
}

/** The rows a query reads for these ids (each once), CHUNK ids per query. */
async function inChunks<R>(ids: readonly string[], read: (chunk: string[]) => Promise<R[]>): Promise<R[]> {
  const unique = [...new Set(ids)]
  const rows: R[] = []
  for (let i = 0; i < unique.length; i += CHUNK) rows.push(...(await read(unique.slice(i, i + CHUNK))))
  return rows
}
