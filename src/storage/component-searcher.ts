// Component search on SQL (docs/components.md): candidates come from index ranges on the lower-cased names (exact
// and prefix) and from trigrams (substring: FTS5 on SQLite, pg_trgm on PostgreSQL), never from a table scan.
import { type RawBuilder, sql } from 'kysely'
import type { ComponentSearcher, SearchHit, SearchQuery } from '../domain/components/types.ts'
import type { Storage } from './database.ts'

/** Substring search needs at least one trigram. */
const MIN_SUBSTRING = 3

type Row = {
  purl: string
  purl_type: string
  namespace: string
  name: string
  purl_name: string
  project_url: string
}

export class SqlComponentSearcher implements ComponentSearcher {
  constructor(private readonly storage: Storage) {}

  async search(q: SearchQuery): Promise<SearchHit[]> {
    // No name holds a NUL, and neither FTS5 (an unterminated phrase) nor PostgreSQL text accepts one: no hits
    // rather than a failed query (found by security-injection.test.ts).
    if ([q.term, q.vendor, q.type].some((s) => s?.includes('\u0000'))) return []
    // every spelling of the term (docs/components.md: `crypto js` finds `crypto-js`) is one more set of branches
    const spellings = q.term === undefined ? [] : (q.spellings ?? [q.term])
    const candidates =
      spellings.length > 0
        ? sql.join(
            spellings.map((t) => this.byName(t)),
            sql` union all `,
          )
        : this.byVendor(q.vendor ?? '')
    const filters: RawBuilder<unknown>[] = []
    if (q.type) filters.push(sql`c.purl_type = ${q.type}`)
    if (q.term !== undefined && q.vendor) filters.push(this.vendorMatch(q.vendor))
    const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``
    const { rows } = await sql<Row>`
      select c.purl, c.purl_type, c.namespace, c.name, c.purl_name, c.project_url
      from (select id, min(rank) as rank from (${candidates}) m group by id) r
      join components c on c.id = r.id
      ${where}
      order by r.rank, coalesce(c.popularity, 0) desc, c.purl_name
      limit ${q.limit} offset ${q.offset}
    `.execute(this.storage.read)
    return rows.map((r) => ({
      purl: r.purl,
      type: r.purl_type,
      namespace: r.namespace,
      name: r.name,
      purlName: r.purl_name,
      projectUrl: r.project_url,
    }))
  }

  /**
   * rank 0: exact full name (`lodash`, `@babel/core`); 1: exact bare name of a namespaced one (`core` for
   * `@babel/core`, so `@scope/lodash` comes after `lodash`); 2: prefix of either; 3: substring of the full name.
   */
  private byName(t: string): RawBuilder<unknown> {
    const purlName = this.lower('purl_name')
    const name = this.lower('name')
    const rank = sql`case when ${purlName} = ${t} then 0 when ${name} = ${t} then 1 else 2 end`
    // one index range per branch: an OR of the two ranges lets a planner with statistics prefer a table scan
    const exactOrPrefix = sql`
      select id, ${rank} as rank from components where ${purlName} >= ${t} and ${purlName} < ${upper(t)}
      union all
      select id, ${rank} as rank from components where ${name} >= ${t} and ${name} < ${upper(t)}`
    if (t.length < MIN_SUBSTRING) return exactOrPrefix
    const substring =
      this.storage.dialect === 'postgres'
        ? sql`select id, 3 as rank from components where lower(purl_name) like ${`%${escapeLike(t)}%`} escape '\\'`
        : sql`select rowid as id, 3 as rank from components_fts where components_fts match ${`"${t.replaceAll('"', '""')}"`}`
    return sql`${exactOrPrefix} union all ${substring}`
  }

  /** Namespace exact (rank 0) or prefix (rank 1), with or without npm's `@`. */
  private byVendor(v: string): RawBuilder<unknown> {
    const ns = this.lower('namespace')
    const at = v.startsWith('@') ? v : `@${v}`
    const rank = sql`case when ${ns} = ${v} or ${ns} = ${at} then 0 else 1 end`
    const range = (p: string) =>
      sql`select id, ${rank} as rank from components where ${ns} >= ${p} and ${ns} < ${upper(p)}`
    // one index range per branch (see byName); `@babel` needs one, `babel` also matches a GitHub owner `babel…`
    return v === at ? range(v) : sql`${range(v)} union all ${range(at)}`
  }

  private vendorMatch(v: string): RawBuilder<unknown> {
    const ns = sql`lower(c.namespace)`
    const at = v.startsWith('@') ? v : `@${v}`
    return sql`(${ns} like ${`${escapeLike(v)}%`} escape '\\' or ${ns} like ${`${escapeLike(at)}%`} escape '\\')`
  }

  /** The indexed expression: lower(column), in byte order on PostgreSQL (migration 0003). */
  private lower(column: string): RawBuilder<unknown> {
    const ref = sql.ref(column)
    return this.storage.dialect === 'postgres' ? sql`(lower(${ref}) collate "C")` : sql`lower(${ref})`
  }
}

/** The smallest string above every string that starts with `s` (an index range for a prefix). */
function upper(s: string): string {
  const last = s.codePointAt(s.length - 1) ?? 0
  return s.slice(0, s.length - (last > 0xffff ? 2 : 1)) + String.fromCodePoint(last + 1)
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`)
}
