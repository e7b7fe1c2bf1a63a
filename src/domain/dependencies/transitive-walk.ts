// The breadth-first walk of transitive dependencies (transitive.ts checks the request and resolves the inputs; go-walk.ts
// walks Go's modules instead): each level's declared dependencies, each requirement resolved with its ecosystem's
// rules (walk-ecosystems.ts); each version listed and expanded once, under its first dependent. One query per level
// for the dependencies of all its versions, and one catalog read per level for the packages they name.
import type { ComponentRef, Resolved } from '../catalog/resolve-batch.ts'
import { type CatalogReader, type KnownComponent, keyOf } from '../catalog/types.ts'
import { breathe } from '../shared/breathe.ts'
import type { FeatureTable } from './cargo-features.ts'
import type { DeclaredDependency, DependencyReader } from './types.ts'
import type { Followed, WalkEcosystem } from './walk-ecosystems.ts'

/** Edges resolved between two chances for other requests to run (a level can have tens of thousands). */
const EDGES_PER_STEP = 256
const NO_ASKS: ReadonlySet<string> = new Set()

export interface TransitiveDependency {
  /** The package without version. */
  purl: string
  /** The version the requirement installs; '' when it names nothing the KB has (or points outside the registry). */
  version: string
  /** The requirement as the dependent declared it. */
  requirement: string
  /** 1 for a direct dependency of an input, 2 for theirs, … */
  depth: number
  /** The version that declared it, as purl@version: the one it was first reached from (the walk lists a version
   * once, under its first dependent, so the list is a tree). */
  dependent: string
}

export interface TransitivePorts {
  catalog: CatalogReader
  dependencies: DependencyReader
}

/** What a walk lists, what the KB lacks of it (registry packages listed without version), and whether it was cut. */
export interface WalkResult {
  dependencies: TransitiveDependency[]
  missing: ComponentRef[]
  truncated: boolean
}

/** One resolved input: its purl as asked, and what it asks of its version (extras, features). */
export interface WalkInput {
  root: Resolved
  purl: string
  asks: readonly string[]
}

/** Walks from the inputs (those without a chosen version are not walked), `depth` levels, `limit` dependencies. */
export async function walkDeclared(
  inputs: readonly WalkInput[],
  eco: WalkEcosystem,
  type: string,
  ports: TransitivePorts,
  { depth, limit }: { depth: number; limit: number },
): Promise<WalkResult> {
  const known = new Map<string, KnownComponent | undefined>()
  const seen = new Set<number>() // versions already listed or expanded (inputs included)
  let level: number[] = []
  /** Each version walked, as purl@version, to name it as the dependent of what it declares. */
  const labels = new Map<number, string>()
  /** What each version is asked for (PyPI's extras, Cargo's features): the union over its dependents. */
  const asked = new Map<number, Set<string>>()
  /** Per expanded version, what each dependency it followed was asked for: expanded again, only what grew goes on. */
  const followed = new Map<number, Map<string, Set<string>>>()
  /** Adds to what a version is asked for; true when that grew. */
  const ask = (id: number, asks: readonly string[]): boolean => {
    const set = asked.get(id) ?? new Set<string>()
    asked.set(id, set)
    const before = set.size
    for (const a of asks) set.add(a)
    return set.size > before
  }
  /** Maven: the packages already placed (nearest wins), and each walked version's inherited exclusions. */
  const placed = new Set<string>()
  const excludedBy = new Map<number, ReadonlySet<string>>()
  const missing: ComponentRef[] = []
  for (const { root: r, purl, asks } of inputs) {
    if (r.component) placed.add(r.component.purlName)
    // an exact lookup reads only the version asked for (`partial`): such a component is read again in full if needed
    if (r.component && !r.component.partial) known.set(r.component.purlName, r.component)
    if (!r.chosen) continue // skipped (transitive.ts)
    ask(r.chosen.id, asks)
    if (seen.has(r.chosen.id)) continue
    seen.add(r.chosen.id)
    level.push(r.chosen.id)
    labels.set(r.chosen.id, `${r.component?.purl ?? purl}@${r.chosen.version}`)
  }

  /** Maven: each input's dependencyManagement, and the input each walked version descends from. */
  const managedOf = eco.managed && ports.dependencies.managedOf ? await ports.dependencies.managedOf(level) : new Map()
  const rootOf = new Map(level.map((id) => [id, id]))
  const out: TransitiveDependency[] = []
  const unresolvedSeen = new Set<string>()
  let truncated = false
  for (let d = 1; d <= depth && level.length > 0 && !truncated; d++) {
    const [declared, features] = await Promise.all([
      ports.dependencies.ofVersions(level, eco.scopes),
      eco.features && ports.dependencies.featuresOf
        ? ports.dependencies.featuresOf(level)
        : new Map<number, FeatureTable>(),
    ])
    const edges = level.flatMap((id) =>
      newlyFollowed(id, eco, declared.get(id) ?? [], asked.get(id) ?? NO_ASKS, features.get(id), followed)
        .map(({ dep, asks }) => ({
          dep,
          asks,
          id,
          // the root's management sets the version of a transitive dependency (Maven), not of its own
          target: eco.target(dep.name, (d > 1 && managedOf.get(rootOf.get(id))?.get(dep.name)) || dep.requirement),
          from: labels.get(id) ?? '',
        }))
        .filter((e) => !e.target || !isExcluded(e.target.purlName, excludedBy.get(e.id))),
    )
    const wanted = [...new Set(edges.flatMap((e) => (e.target ? [e.target.purlName] : [])))].filter(
      (n) => !known.has(n),
    )
    if (wanted.length > 0) {
      const found = await ports.catalog.components(wanted.map((purlName) => ({ type, purlName })))
      for (const n of wanted) known.set(n, found.get(keyOf({ type, purlName: n })))
    }
    const next = new Set<number>()
    for (const [i, { dep, asks, id, target, from }] of edges.entries()) {
      if (i % EDGES_PER_STEP === EDGES_PER_STEP - 1) await breathe()
      if (eco.nearestWins && target) {
        if (placed.has(target.purlName)) continue // a nearer (or earlier) declaration placed it
        placed.add(target.purlName)
      }
      const component = target ? known.get(target.purlName) : undefined
      const chosen = target && component ? eco.pick(target.range, component) : undefined
      if (chosen && seen.has(chosen.id)) {
        // reached again asking more (an extra, a feature): expanded again for what that brings
        if (ask(chosen.id, asks) && followed.has(chosen.id)) next.add(chosen.id)
        continue
      }
      const purl = component?.purl ?? eco.purlOf(target?.purlName ?? dep.name, dep.name)
      if (!chosen) {
        const key = `${purl}\u0000${dep.requirement}`
        if (unresolvedSeen.has(key)) continue
        if (out.length >= limit) {
          truncated = true
          break
        }
        unresolvedSeen.add(key)
        if (target) missing.push({ purl, requirement: target.range })
        out.push({ purl, version: '', requirement: dep.requirement, depth: d, dependent: from })
        continue
      }
      if (out.length >= limit) {
        truncated = true
        break
      }
      seen.add(chosen.id)
      rootOf.set(chosen.id, rootOf.get(id) ?? id)
      labels.set(chosen.id, `${purl}@${chosen.version}`)
      ask(chosen.id, asks)
      const excludes = eco.excludes?.(dep) ?? []
      const inherited = excludedBy.get(id)
      if (excludes.length > 0 || inherited) excludedBy.set(chosen.id, new Set([...(inherited ?? []), ...excludes]))
      out.push({ purl, version: chosen.version, requirement: dep.requirement, depth: d, dependent: from })
      next.add(chosen.id)
    }
    level = [...next]
  }
  return { dependencies: out, missing, truncated }
}

/**
 * The dependencies of a version the walk follows now, as asked: each one not followed from it before, or followed
 * asking less than now (recorded in `followed`, so a version expanded again brings only what its new asks add).
 */
function newlyFollowed(
  id: number,
  eco: WalkEcosystem,
  declared: readonly DeclaredDependency[],
  asked: ReadonlySet<string>,
  features: FeatureTable | undefined,
  followed: Map<number, Map<string, Set<string>>>,
): Followed[] {
  const all: Followed[] = eco.follow
    ? eco.follow(declared, asked, features)
    : declared.map((dep) => ({ dep, asks: [] }))
  const before = followed.get(id) ?? new Map<string, Set<string>>()
  followed.set(id, before)
  return all.filter(({ dep, asks }) => {
    const key = `${dep.scope}\u0000${dep.name}`
    const had = before.get(key)
    if (had && asks.every((a) => had.has(a))) return false
    before.set(key, new Set([...(had ?? []), ...asks]))
    return true
  })
}

/** Whether a Maven exclusion set holds this purl name (itself, its group with artifact `*`, or any). */
function isExcluded(purlName: string, excluded: ReadonlySet<string> | undefined): boolean {
  if (!excluded) return false
  const group = purlName.slice(0, purlName.lastIndexOf('/'))
  return excluded.has(purlName) || excluded.has(`${group}/*`) || excluded.has('*/*')
}
