// The dependency port on SQL: the declared dependencies of many versions in one query (served by the
// version_dependencies primary key, whose first column is version_id).
import { type FeatureTable, featureTable } from '../domain/dependencies/cargo-features.ts'
import type { DeclaredDependency, DependencyReader } from '../domain/dependencies/types.ts'
import type { DependencyFeatures, DependencyScope } from '../domain/kb/types.ts'
import type { Storage } from './database.ts'

/** Version ids per query: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 10_000

export class SqlDependencyReader implements DependencyReader {
  constructor(private readonly storage: Storage) {}

  async ofVersions(
    versionIds: readonly number[],
    scopes: readonly DependencyScope[],
  ): Promise<Map<number, DeclaredDependency[]>> {
    const out = new Map<number, DeclaredDependency[]>()
    const ids = [...new Set(versionIds)]
    if (scopes.length === 0) return out
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await this.storage.read
        .selectFrom('version_dependencies')
        .where('version_id', 'in', ids.slice(i, i + CHUNK))
        .where('scope', 'in', [...scopes])
        .select(['version_id', 'scope', 'name', 'requirement', 'features', 'position'])
        .execute()
      for (const r of rows) {
        let list = out.get(r.version_id)
        if (!list) {
          list = []
          out.set(r.version_id, list)
        }
        const features = r.features === null ? undefined : dependencyFeatures(r.features)
        list.push({
          name: r.name,
          scope: r.scope,
          requirement: r.requirement,
          ...(features ? { features } : {}),
          ...(r.position !== null ? { position: r.position } : {}),
        })
      }
    }
    // declaration order where recorded (Maven), else name order (then scope) in code-unit order, the same on both
    // backends whatever their collation
    const at = (d: DeclaredDependency) => d.position ?? Number.MAX_SAFE_INTEGER
    for (const list of out.values()) list.sort((a, b) => at(a) - at(b) || cmp(a.name, b.name) || cmp(a.scope, b.scope))
    return out
  }

  managedOf(versionIds: readonly number[]): Promise<Map<number, ReadonlyMap<string, string>>> {
    return this.versionsJson(versionIds, 'managed', (v) => {
      if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined
      const table = Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string')
      return table.length > 0 ? new Map(table) : undefined
    })
  }

  featuresOf(versionIds: readonly number[]): Promise<Map<number, FeatureTable>> {
    return this.versionsJson(versionIds, 'features', featureTable)
  }

  /** A JSON column of these versions, read as `read` makes it: absent where null, or where `read` makes nothing. */
  private async versionsJson<T>(
    versionIds: readonly number[],
    column: 'managed' | 'features',
    read: (json: unknown) => T | undefined,
  ): Promise<Map<number, T>> {
    const out = new Map<number, T>()
    const ids = [...new Set(versionIds)]
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await this.storage.read
        .selectFrom('versions')
        .where('id', 'in', ids.slice(i, i + CHUNK))
        .where(column, 'is not', null)
        .select(['id', `${column} as json`])
        .execute()
      for (const r of rows) {
        const v = read(parsed(r.json))
        if (v !== undefined) out.set(r.id, v)
      }
    }
    return out
  }
}

function parsed(json: string | null): unknown {
  try {
    return json === null ? undefined : JSON.parse(json)
  } catch {
    return undefined
  }
}

/** A row's features as the writer stored them; anything else (a damaged row): the usual. */
function dependencyFeatures(json: string): DependencyFeatures | undefined {
  const v = parsed(json) as Partial<DependencyFeatures> | undefined
  if (!v || !Array.isArray(v.asks)) return undefined
  return {
    asks: v.asks.filter((a) => typeof a === 'string'),
    ...(typeof v.key === 'string' ? { key: v.key } : {}),
    ...(v.optional === true ? { optional: true } : {}),
  }
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
