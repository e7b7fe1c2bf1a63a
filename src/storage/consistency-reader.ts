// The KB read for `compintel check` (domain/kb/consistency.ts): components and versions a chunk a query, by id, and
// for every reference between tables one query counting the rows that point at nothing, with the first few values.
import { type Kysely, sql } from 'kysely'
import type { ComponentRow, ConsistencyReader, OrphanCount, VersionRow } from '../domain/kb/consistency.ts'
import type { Database } from './schema.ts'

/** Every reference between the KB's tables: [table, column, target table, target column] (schema.ts). */
const REFERENCES: readonly [string, string, string, string][] = [
  ['versions', 'component_id', 'components', 'id'],
  ['registry_checks', 'component_id', 'components', 'id'],
  ['version_licenses', 'version_id', 'versions', 'id'],
  ['version_dependencies', 'version_id', 'versions', 'id'],
  ['version_files', 'version_id', 'versions', 'id'],
  ['analyses', 'version_id', 'versions', 'id'],
  ['folder_nodes', 'version_id', 'versions', 'id'],
  ['version_notices', 'version_id', 'versions', 'id'],
  ['version_notices', 'md5', 'notice_texts', 'md5'],
  ['folder_node_bands', 'node_id', 'folder_nodes', 'id'],
  ['snippet_hashes', 'content_id', 'snippet_contents', 'id'],
  ['advisory_packages', 'advisory_id', 'advisories', 'id'],
  ['origin_repo_purls', 'repo_purl', 'origin_repos', 'repo_purl'],
  ['origin_author_offsets', 'repo_purl', 'origin_repos', 'repo_purl'],
  ['geo_repo_accounts', 'account', 'geo_accounts', 'account'],
]

export class SqlConsistencyReader implements ConsistencyReader {
  constructor(private readonly db: Kysely<Database>) {}

  async components(afterId: number | null, limit: number): Promise<ComponentRow[]> {
    let q = this.db
      .selectFrom('components')
      .select(['id', 'purl', 'purl_type', 'namespace', 'name', 'purl_name', 'latest_version'])
      .orderBy('id')
      .limit(limit)
    if (afterId !== null) q = q.where('id', '>', afterId)
    return (await q.execute()).map((r) => ({
      id: r.id,
      purl: r.purl,
      purlType: r.purl_type,
      namespace: r.namespace,
      name: r.name,
      purlName: r.purl_name,
      latestVersion: r.latest_version,
    }))
  }

  async versions(afterId: number | null, limit: number): Promise<VersionRow[]> {
    let q = this.db
      .selectFrom('versions as v')
      .innerJoin('components as c', 'c.id', 'v.component_id')
      .select(['v.id as id', 'v.component_id as componentId', 'c.purl_type as purlType', 'v.version as version'])
      .orderBy('v.id')
      .limit(limit)
    if (afterId !== null) q = q.where('v.id', '>', afterId)
    return q.execute()
  }

  async orphans(examples: number): Promise<OrphanCount[]> {
    const out: OrphanCount[] = []
    for (const [table, column, target, targetColumn] of REFERENCES) {
      // the window counts every orphan before the limit keeps the first few
      const { rows } = await sql<{ value: unknown; total: number | string }>`
        select ${sql.ref(`c.${column}`)} as value, count(*) over () as total
        from ${sql.table(table)} as c
        where not exists (
          select 1 from ${sql.table(target)} as t where ${sql.ref(`t.${targetColumn}`)} = ${sql.ref(`c.${column}`)})
        order by ${sql.ref(`c.${column}`)}
        limit ${Math.max(1, examples)}`.execute(this.db)
      out.push({
        table,
        column,
        target,
        count: Number(rows[0]?.total ?? 0),
        examples: rows.slice(0, examples).map((r) => String(r.value)),
      })
    }
    return out
  }
}
