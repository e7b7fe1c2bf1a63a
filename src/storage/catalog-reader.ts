// The catalog port on SQL: components and their versions for a batch of keys in one query (versions aggregated as
// a JSON array per component, so a component's columns are not repeated for each of its versions).

import { sql } from 'kysely'
import {
  type CatalogReader,
  type ComponentKey,
  type ExactKey,
  type IntegrityReader,
  type KnownComponent,
  type KnownVersion,
  keyOf,
} from '../domain/catalog/types.ts'
import type { LifecycleStatus } from '../domain/kb/types.ts'
import { toggleV } from '../domain/shared/requirement.ts'
import type { Storage } from './database.ts'

/**
 * Components (with every version) and exact versions per query. A large batch is read in several queries, so that
 * on SQLite, whose driver holds the event loop for the whole of a query, other requests are served between them
 * (domain/shared/breathe.ts); the cost per component stays the same.
 */
const COMPONENTS_PER_READ = 50
const EXACT_PER_READ = 500

type VersionTuple = [number, string, string | null, string, string | null, string]
type VersionRow = {
  id: number
  version: string
  released_at: string | null
  status: string
  status_raw: string | null
  indexed_at: string
}

export class SqlCatalogReader implements CatalogReader, IntegrityReader {
  constructor(private readonly storage: Storage) {}

  async integrityOf(versionIds: readonly number[]): Promise<Map<number, string>> {
    const out = new Map<number, string>()
    for (let i = 0; i < versionIds.length; i += EXACT_PER_READ) {
      const rows = await this.storage.read
        .selectFrom('versions')
        .select(['id', 'integrity'])
        .where('id', 'in', versionIds.slice(i, i + EXACT_PER_READ))
        .where('integrity', 'is not', null)
        .execute()
      for (const r of rows) out.set(r.id, r.integrity as string)
    }
    return out
  }

  async components(keys: readonly ComponentKey[]): Promise<Map<string, KnownComponent>> {
    const out = new Map<string, KnownComponent>()
    const wanted = new Set(keys.map(keyOf))
    const types = [...new Set(keys.map((k) => k.type))]
    const names = [...new Set(keys.map((k) => k.purlName))]
    for (let i = 0; i < names.length; i += COMPONENTS_PER_READ) {
      for (const row of await this.query(types, names.slice(i, i + COMPONENTS_PER_READ))) {
        const key = keyOf({ type: row.purl_type, purlName: row.purl_name })
        if (wanted.has(key)) out.set(key, toComponent(row))
      }
    }
    return out
  }

  async exact(keys: readonly ExactKey[]): Promise<Map<string, KnownComponent>> {
    const out = new Map<string, KnownComponent>()
    const seen = new Set<number>() // version ids already added (a batch may name a version twice)
    const pairs = keys.map((k) => [k.type, k.purlName, k.version, toggleV(k.version)])
    for (let i = 0; i < pairs.length; i += EXACT_PER_READ) {
      const { rows } = await this.exactQuery(JSON.stringify(pairs.slice(i, i + EXACT_PER_READ))).execute(
        this.storage.read,
      )
      for (const r of rows) {
        const key = keyOf({ type: r.purl_type, purlName: r.purl_name })
        const c = out.get(key) ?? withVersions(r, [], true)
        out.set(key, c)
        if (r.v_id !== null && !seen.has(r.v_id)) {
          seen.add(r.v_id)
          c.versions.push(
            toVersion({
              id: r.v_id,
              version: r.version,
              released_at: r.released_at,
              status: r.v_status ?? 'active',
              status_raw: r.v_status_raw,
              indexed_at: r.indexed_at ?? '',
            }),
          )
        }
      }
    }
    return out
  }

  /**
   * The (type, name, version, toggled version) tuples arrive as one JSON parameter; each is one index probe on
   * components and one on versions (component_id, version). SQLite needs the join order spelled out (CROSS JOIN),
   * or its planner scans. On PostgreSQL each of the two versions is its own equality probe (a lateral union):
   * `in (j->>2, j->>3)` became a filter over every version of the component (a 1,000-purl batch of the seed read
   * 800,000 version rows: 470 ms → 18 ms), and whether `= any(…)` is probed depends on the planner's statistics.
   */
  private exactQuery(pairs: string) {
    const cols =
      sql.raw(`c.id, c.purl, c.purl_type, c.purl_name, c.name, c.project_url, c.source_purl, c.latest_version,
      c.status, c.status_raw, c.status_change_date, c.first_indexed_at, c.last_indexed_at,
      v.id as v_id, v.version, v.released_at, v.status as v_status, v.status_raw as v_status_raw, v.indexed_at`)
    if (this.storage.dialect === 'postgres')
      return sql<ExactRow>`select ${cols} from jsonb_array_elements(${pairs}::jsonb) j
        join components c on c.purl_type = j->>0 and c.purl_name = j->>1
        left join lateral (
          select * from versions x where x.component_id = c.id and x.version = j->>2
          union all
          select * from versions x where x.component_id = c.id and x.version = j->>3
        ) v on true`
    return sql<ExactRow>`select ${cols} from json_each(${pairs}) j
      cross join components c on c.purl_type = j.value->>0 and c.purl_name = j.value->>1
      left join versions v on v.component_id = c.id and v.version in (j.value->>2, j.value->>3)`
  }

  private query(types: string[], names: string[]) {
    // each version as a JSON array (not an object): a third of the cost to build and to parse
    const versions =
      this.storage.dialect === 'postgres'
        ? sql<string>`(select coalesce(json_agg(json_build_array(v.id, v.version, v.released_at, v.status, v.status_raw, v.indexed_at)), '[]') from versions v where v.component_id = c.id)`
        : sql<string>`(select json_group_array(json_array(v.id, v.version, v.released_at, v.status, v.status_raw, v.indexed_at)) from versions v where v.component_id = c.id)`
    return this.storage.read
      .selectFrom('components as c')
      .where('c.purl_type', 'in', types)
      .where('c.purl_name', 'in', names)
      .select([
        'c.id',
        'c.purl',
        'c.purl_type',
        'c.purl_name',
        'c.name',
        'c.project_url',
        'c.source_purl',
        'c.latest_version',
        'c.status',
        'c.status_raw',
        'c.status_change_date',
        'c.first_indexed_at',
        'c.last_indexed_at',
      ])
      .select(versions.as('versions'))
      .execute()
  }
}

type ComponentRow = Awaited<ReturnType<SqlCatalogReader['query']>>[number]
type ExactRow = Omit<ComponentRow, 'versions'> & {
  v_id: number | null
  version: string
  released_at: string | null
  v_status: string | null
  v_status_raw: string | null
  indexed_at: string | null
}

function toComponent(row: ComponentRow): KnownComponent {
  const raw = row.versions as unknown
  const tuples = (typeof raw === 'string' ? JSON.parse(raw) : raw) as VersionTuple[]
  const versions = tuples.map(
    ([id, version, releasedAt, status, statusRaw, indexedAt]): KnownVersion => ({
      id,
      version,
      releasedAt,
      status: status as LifecycleStatus,
      statusRaw,
      indexedAt,
    }),
  )
  return withVersions(row, versions, false)
}

function withVersions(row: Omit<ComponentRow, 'versions'>, versions: KnownVersion[], partial: boolean): KnownComponent {
  return {
    id: row.id,
    purl: row.purl,
    type: row.purl_type,
    purlName: row.purl_name,
    name: row.name,
    projectUrl: row.project_url,
    sourcePurl: row.source_purl,
    latestVersion: row.latest_version,
    status: row.status as LifecycleStatus,
    statusRaw: row.status_raw,
    statusChangeDate: row.status_change_date,
    firstIndexedAt: row.first_indexed_at,
    lastIndexedAt: row.last_indexed_at,
    versions,
    ...(partial ? { partial } : {}),
  }
}

function toVersion(v: VersionRow): KnownVersion {
  return {
    id: v.id,
    version: v.version,
    releasedAt: v.released_at,
    status: v.status as LifecycleStatus,
    statusRaw: v.status_raw,
    indexedAt: v.indexed_at,
  }
}
