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

  async managedOf(versionIds: readonly number[]): Promise<Map<number, ReadonlyMap<string, string>>> {
    const out = new Map<number, ReadonlyMap<string, string>>()
    const ids = [...new Set(versionIds)]
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await this.storage.read
        .selectFrom('versions')
        .where('id', 'in', ids.slice(i, i + CHUNK))
        .where('managed', 'is not', null)
        .select(['id', 'managed'])
        .execute()
      for (const r of rows) {
        const v = parsed(r.managed)
        if (!v || typeof v !== 'object' || Array.isArray(v)) continue
        const table = Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string')
        if (table.length > 0) out.set(r.id, new Map(table))
      }
    }
    return out
  }

  async featuresOf(versionIds: readonly number[]): Promise<Map<number, FeatureTable>> {
    const out = new Map<number, FeatureTable>()
    const ids = [...new Set(versionIds)]
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await this.storage.read
        .selectFrom('versions')
        .where('id', 'in', ids.slice(i, i + CHUNK))
        .where('features', 'is not', null)
        .select(['id', 'features'])
        .execute()
      for (const r of rows) {
        const table = featureTable(parsed(r.features))
        if (table) out.set(r.id, table)
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
