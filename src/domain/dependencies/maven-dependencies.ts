// Maven dependencies as the KB records them (docs/maven.md "Dependencies"): one row per dependency of a POM's
// effective model, named `groupId:artifactId`, its requirement the version as written (a soft version `1.2`, a range
// `[1.0,2.0)`, or '' when nothing gives one), then `; exclude g:a g:*` when the declaration excludes artifacts from
// its subtree. Scopes: compile and runtime are `runtime` (what the walk follows), optional ones `optional` (never
// followed: Maven does not bring a dependency's optional dependencies), test `dev`, provided `peer` (the container
// provides it); system and import declare no artifact of a repository and are left out.
import type { Dependency, DependencyScope } from '../kb/types.ts'

/** A dependency of an effective model (effective-pom.ts ManagedDependency), as far as the KB needs it. */
interface MavenDeclaration {
  groupId: string
  artifactId: string
  version?: string
  scope: string
  optional: boolean
  exclusions: readonly { groupId: string; artifactId: string }[]
}

const SCOPES: Readonly<Record<string, DependencyScope>> = {
  compile: 'runtime',
  runtime: 'runtime',
  test: 'dev',
  provided: 'peer',
}

/** The KB's rows of these dependencies, one per name and scope (the first declared), each with its place in that order. */
export function mavenDependencies(
  deps: readonly MavenDeclaration[],
  versionOf: (d: MavenDeclaration) => string | undefined = (d) => d.version,
): Dependency[] {
  const out = new Map<string, Dependency>()
  for (const d of deps) {
    const base = SCOPES[d.scope]
    if (!base || d.groupId.includes(':') || d.artifactId.includes(':')) continue
    const scope: DependencyScope = d.optional && base === 'runtime' ? 'optional' : base
    const name = `${d.groupId}:${d.artifactId}`
    const exclusions = d.exclusions.map((e) => `${e.groupId}:${e.artifactId}`)
    const version = (versionOf(d) ?? '').trim()
    const requirement = exclusions.length > 0 ? `${version}; exclude ${exclusions.join(' ')}` : version
    if (!out.has(`${scope}\u0000${name}`))
      out.set(`${scope}\u0000${name}`, { scope, name, requirement, position: out.size })
  }
  return [...out.values()]
}

/**
 * The versions a dependencyManagement sets (`group:artifact` → version; the first entry of an artifact), for the walk
 * to apply to the transitive dependencies of the version declaring it; undefined when it sets none.
 */
export function mavenManaged<D extends { groupId: string; artifactId: string; version?: string; scope?: string }>(
  managed: readonly D[],
  versionOf: (d: D) => string | undefined = (d) => d.version,
): Record<string, string> | undefined {
  const out: Record<string, string> = {}
  for (const d of managed) {
    const version = versionOf(d)?.trim()
    const name = `${d.groupId}:${d.artifactId}`
    if (d.scope !== 'import' && version && !(name in out)) out[name] = version
  }
  return Object.keys(out).length > 0 ? out : undefined
}

/** A row's requirement split: the version or range, and the excluded `group:artifact`s (`*` for any). */
export function splitMavenRequirement(requirement: string): { version: string; exclusions: string[] } {
  const at = requirement.indexOf('; exclude ')
  if (at === -1) return { version: requirement.trim(), exclusions: [] }
  const exclusions = requirement
    .slice(at + '; exclude '.length)
    .split(/\s+/)
    .filter((e) => e.includes(':'))
  return { version: requirement.slice(0, at).trim(), exclusions }
}

/**
 * A Maven version requirement in the comparator syntax the KB's requirements read (docs/requirements.md): a soft
 * version stays itself (the version Maven takes), `[1.0]` is `=1.0`, an interval `[1.0,2.0)` is `>=1.0 <2.0`, and a
 * union `(,1.0],[1.2,)` joins its intervals with `||`; undefined when the range is malformed.
 */
export function mavenRangeComparators(version: string): string | undefined {
  const v = version.trim()
  if (!/^[[(]/.test(v)) return v
  const compact = v.replace(/\s+/g, '')
  const intervals = compact.match(/[[(][^[\]()]*[\])]/g)
  if (!intervals || intervals.join(',') !== compact) return undefined
  const groups: string[] = []
  for (const interval of intervals) {
    const open = interval[0] as string
    const close = interval.at(-1) as string
    const parts = interval
      .slice(1, -1)
      .split(',')
      .map((p) => p.trim())
    if (parts.length === 1) {
      if (open !== '[' || close !== ']' || !parts[0]) return undefined
      groups.push(`=${parts[0]}`)
      continue
    }
    if (parts.length !== 2) return undefined
    const [low, high] = parts as [string, string]
    const cs: string[] = []
    if (low) cs.push(`${open === '[' ? '>=' : '>'}${low}`)
    if (high) cs.push(`${close === ']' ? '<=' : '<'}${high}`)
    groups.push(cs.length > 0 ? cs.join(' ') : '>=0')
  }
  return groups.join(' || ')
}
