// Debian relationship fields (Depends, Pre-Depends, Recommends, …; Debian Policy §7.1) as the KB's dependencies:
// `libc6 (>= 2.34), libssl3 (>= 3.0.0) | libssl1.1, debconf (>= 0.5) | debconf-2.0`. Each comma-separated item is
// one need; its first alternative is a runtime dependency and the others are optional ones (any one of them
// satisfies the need). Relations become the requirement grammar's comparators (docs/requirements.md): `>=` `<=` `=`
// as they are, `<<` as `<`, `>>` as `>`, and the obsolete `<` and `>` as `<=` and `>=` (Policy §7.1). An
// architecture qualifier (`:any`, `:native`) and architecture or build-profile restrictions (`[…]`, `<…>`) are dropped.
import type { Dependency } from '../kb/types.ts'

export interface DebianRelation {
  name: string
  /** A comparator requirement (`>= 2.34`), or '' for any version. */
  requirement: string
}

const OPS: Record<string, string> = { '>=': '>=', '<=': '<=', '=': '=', '<<': '<', '>>': '>', '<': '<=', '>': '>=' }
const ALTERNATIVE = /^([a-z0-9][a-z0-9+.-]+)(?::[a-z0-9-]+)?\s*(?:\(\s*(<<|<=|>=|>>|=|<|>)\s*([^)\s]+)\s*\))?/i

/** The needs of a relationship field, each a list of alternatives (unparseable alternatives are skipped). */
export function parseDebianRelations(field: string): DebianRelation[][] {
  return field
    .split(',')
    .map((item) =>
      item.split('|').flatMap((alt) => {
        const m = ALTERNATIVE.exec(alt.trim())
        if (!m) return []
        const op = m[2] ? OPS[m[2]] : undefined
        return [{ name: (m[1] as string).toLowerCase(), requirement: op ? `${op} ${m[3]}` : '' }]
      }),
    )
    .filter((alts) => alts.length > 0)
}

/**
 * Depends and Pre-Depends as the KB's dependencies: first alternatives runtime, the others optional; a package named
 * twice in one scope (`python3 (>= 3.11~), python3 (<< 3.12)`) is one dependency whose requirements all hold (AND).
 */
export function debianDependencies(fields: { depends?: string; preDepends?: string }): Dependency[] {
  const out = new Map<string, Dependency>()
  for (const field of [fields.preDepends ?? '', fields.depends ?? ''])
    for (const alts of parseDebianRelations(field))
      alts.forEach((a, i) => {
        const scope = i === 0 ? 'runtime' : 'optional'
        const key = `${scope}\u0000${a.name}`
        const known = out.get(key)
        if (!known) out.set(key, { scope, name: a.name, requirement: a.requirement })
        else if (a.requirement && !known.requirement.includes(a.requirement))
          known.requirement = known.requirement ? `${known.requirement} ${a.requirement}` : a.requirement
      })
  return [...out.values()]
}
