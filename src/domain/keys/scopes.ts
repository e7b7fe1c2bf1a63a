// The API areas a key can be scoped to (one per path prefix under /v2/), plus `*` for all.
export const AREAS = [
  'cryptography',
  'vulnerabilities',
  'components',
  'licenses',
  'geoprovenance',
  'dependencies',
  'scanning',
  'semgrep',
  'attribution-notices',
  'sbom',
] as const

export type Area = (typeof AREAS)[number]
export type Scope = Area | '*'

export function isScope(s: string): s is Scope {
  return s === '*' || (AREAS as readonly string[]).includes(s)
}

/** Parses `a+b` or `a,b` lists; throws with the offending names. */
export function parseScopes(list: readonly string[]): Scope[] {
  const bad = list.filter((s) => !isScope(s))
  if (bad.length > 0) throw new Error(`unknown scope(s) ${bad.join(', ')}; expected * or ${AREAS.join(', ')}`)
  return [...new Set(list as Scope[])]
}

export function allows(scopes: readonly Scope[], area: Area): boolean {
  return scopes.includes('*') || scopes.includes(area)
}
