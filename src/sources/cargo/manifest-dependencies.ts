// TO BE REPLACED AT MERGE by `cargoDependencies` (domain/dependencies/cargo-manifest.ts, issue 37's dependency
// rules): a minimal reading of a manifest's dependency tables, so that the crate source's tests see dependencies.
// [dependencies] are runtime ones (`optional = true`: optional), [dev-dependencies] dev ones, [build-dependencies]
// runtime ones, each also under [target.<cfg>]; a renamed dependency (`package = "…"`) is the crate it names; the
// requirement is Cargo's as written (a bare version means `^version`).
import type { Dependency } from '../../domain/kb/types.ts'
import { isTable } from './crate-manifest.ts'

const TABLES: [string, Dependency['scope']][] = [
  ['dependencies', 'runtime'],
  ['build-dependencies', 'runtime'],
  ['dev-dependencies', 'dev'],
]

export function manifestDependencies(manifest: Record<string, unknown>): Dependency[] {
  const holders = [manifest, ...Object.values(isTable(manifest.target) ? manifest.target : {})]
  const out = new Map<string, Dependency>()
  for (const holder of holders.filter(isTable))
    for (const [table, scope] of TABLES) {
      const deps = holder[table]
      if (!isTable(deps)) continue
      for (const [key, spec] of Object.entries(deps)) {
        const s = isTable(spec) ? spec : { version: spec }
        const name = typeof s.package === 'string' ? s.package : key
        const requirement = typeof s.version === 'string' ? s.version : '*'
        const d: Dependency = {
          scope: scope === 'runtime' && s.optional === true ? 'optional' : scope,
          name,
          requirement,
        }
        out.set(`${d.scope}\u0000${name}`, d)
      }
    }
  return [...out.values()]
}
