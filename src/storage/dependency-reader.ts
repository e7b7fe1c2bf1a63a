// The dependency port on SQL: the declared dependencies of many versions in one query (served by the
// version_dependencies primary key, whose first column is version_id).
import type { DeclaredDependency, DependencyReader } from '../domain/dependencies/types.ts'
import type { DependencyScope } from '../domain/kb/types.ts'
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
        .select(['version_id', 'scope', 'name', 'requirement'])
        .execute()
      for (const r of rows) {
        let list = out.get(r.version_id)
        if (!list) {
          list = []
          out.set(r.version_id, list)
        }
        list.push({ name: r.name, scope: r.scope, requirement: r.requirement })
      }
    }
    // name order (then scope) in code-unit order, the same on both backends whatever their collation
    for (const list of out.values()) list.sort((a, b) => cmp(a.name, b.name) || cmp(a.scope, b.scope))
    return out
  }
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
