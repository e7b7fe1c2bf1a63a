// Which binary packages a Debian run reads (docs/debian.md "Ingestion"): the names asked for, the packages of some
// priorities, and what they depend on in the same suites, a virtual package (Provides) standing for its first
// provider, both in the closure and in the dependencies the KB records.
import { parseDebianRelations } from '../../domain/dependencies/debian-relations.ts'
import type { Dependency, VersionFacts } from '../../domain/kb/types.ts'
import type { BinaryRecord } from './indexes.ts'
import { newestRecord } from './map-debian.ts'

/** The packages whose newest version has one of these priorities. */
export function withPriority(packages: Map<string, BinaryRecord[]>, priorities: readonly string[]): string[] {
  if (priorities.length === 0) return []
  return [...packages].flatMap(([name, records]) => (priorities.includes(newestRecord(records).priority) ? [name] : []))
}

/** Each virtual package name (Provides) and the first package of the suites that provides it. */
export function providersOf(packages: Map<string, BinaryRecord[]>): Map<string, string> {
  const providers = new Map<string, string>()
  for (const [name, records] of packages)
    for (const r of records)
      for (const alts of parseDebianRelations(r.provides))
        for (const p of alts) if (!providers.has(p.name) && !packages.has(p.name)) providers.set(p.name, name)
  return providers
}

/** The names and everything they depend on (first alternatives; a virtual name → its first provider). */
export function closure(names: readonly string[], packages: Map<string, BinaryRecord[]>): string[] {
  const providers = providersOf(packages)
  const seen = new Set<string>()
  const queue = [...names]
  while (queue.length > 0) {
    const asked = queue.pop() as string
    const name = packages.has(asked) ? asked : (providers.get(asked) ?? asked)
    if (seen.has(name)) continue
    seen.add(name)
    const records = packages.get(name)
    if (!records) continue
    const newest = newestRecord(records)
    for (const alts of parseDebianRelations(`${newest.preDepends}, ${newest.depends}`))
      if (alts[0]) queue.push(alts[0].name)
  }
  return [...seen]
}

/**
 * A dependency on a virtual package (none of that name in the suites, one provides it: `awk`, `debconf-2.0`) as one
 * on its first provider, at any version (the relation named the virtual package's version, not the provider's), so
 * the transitive walk reaches a real package. A provider named twice that way is one dependency.
 */
export function withProviders(
  versions: readonly VersionFacts[],
  packages: { has(name: string): boolean },
  providers: Map<string, string>,
): void {
  for (const v of versions) {
    const byKey = new Map<string, Dependency>()
    for (const d of v.dependencies) {
      const provider = packages.has(d.name) ? undefined : providers.get(d.name)
      const dep = provider ? { ...d, name: provider, requirement: '' } : d
      const key = `${dep.scope}\u0000${dep.name}`
      const known = byKey.get(key)
      if (!known) byKey.set(key, { ...dep })
      else if (known.requirement === '') known.requirement = dep.requirement // the relation a real name states holds
    }
    v.dependencies = [...byKey.values()]
  }
}
