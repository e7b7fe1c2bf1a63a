// Transitive dependencies (docs/dependencies.md "Transitive dependencies"): a breadth-first walk
// over the KB's declared dependencies, each requirement resolved with its ecosystem's rules (walk-ecosystems.ts). One query per level for the
// dependencies of all its versions, and one catalog read per level for the packages they name.
import { type ComponentRef, resolveBatch } from '../catalog/resolve-batch.ts'
import { type CatalogReader, type KnownComponent, keyOf } from '../catalog/types.ts'
import { breathe } from '../shared/breathe.ts'
import { tryParsePurl } from '../shared/purl.ts'
import type { FeatureTable } from './cargo-features.ts'
import { goBuildList } from './go-walk.ts'
import {
  DEFAULT_DEPTH,
  DEFAULT_LIMIT,
  type DeclaredDependency,
  type DependencyReader,
  MAX_DEPTH,
  MAX_LIMIT,
} from './types.ts'
import { type Followed, WALK_ECOSYSTEMS, type WalkEcosystem } from './walk-ecosystems.ts'

/** Edges resolved between two chances for other requests to run (a level can have tens of thousands). */
const EDGES_PER_STEP = 256
/** Skipped inputs named in the status message; the rest are counted. */
const MAX_LISTED = 10
const NO_ASKS: ReadonlySet<string> = new Set()

export interface TransitiveRequest {
  components: readonly ComponentRef[]
  depth?: number | undefined
  limit?: number | undefined
}

interface TransitiveDependency {
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

export type TransitiveResult =
  | { ok: false; message: string }
  | {
      ok: true
      dependencies: TransitiveDependency[]
      message: string
      /** What the KB lacks (not on the wire): inputs it does not know, and registry packages listed without version. */
      missing: ComponentRef[]
    }

export interface TransitivePorts {
  catalog: CatalogReader
  dependencies: DependencyReader
}

/** 0 or absent → the default, above the maximum → the maximum; negative → undefined (a request error). */
export function effectiveBound(value: number | undefined, def: number, max: number): number | undefined {
  if (value === undefined || value === 0) return def
  if (!Number.isInteger(value) || value < 0) return undefined
  return Math.min(value, max)
}

export async function transitiveDependencies(
  req: TransitiveRequest,
  ports: TransitivePorts,
): Promise<TransitiveResult> {
  const depth = effectiveBound(req.depth, DEFAULT_DEPTH, MAX_DEPTH)
  const limit = effectiveBound(req.limit, DEFAULT_LIMIT, MAX_LIMIT)
  if (depth === undefined) return { ok: false, message: "'depth' must be a non-negative integer" }
  if (limit === undefined) return { ok: false, message: "'limit' must be a non-negative integer" }
  if (req.components.length === 0)
    return { ok: false, message: "'components' field is required and must contain at least one component" }
  const checked = checkEcosystem(req.components)
  if (!checked.ok) return checked
  const eco = WALK_ECOSYSTEMS[checked.type] as WalkEcosystem

  const skipped: string[] = checked.invalid.map((p) => `${p} (Invalid Purl)`)
  const valid = req.components.filter((c) => tryParsePurl(c.purl) !== undefined)
  // what each input asks of its version (extras, features), its requirement read without them
  const inputs = valid.map((c) => {
    const p = tryParsePurl(c.purl)
    const read = eco.input?.(p?.name ?? '', c.requirement)
    return read ? { ref: { purl: c.purl, requirement: read.requirement }, asks: read.asks } : { ref: c, asks: [] }
  })
  const roots = await resolveBatch(
    inputs.map((i) => i.ref),
    ports.catalog,
  )
  if (eco.selection === 'mvs') {
    roots.forEach((r, i) => {
      if (!r.chosen) skipped.push(`${valid[i]?.purl} (${r.outcome.message})`)
    })
    const missingRoots = roots.flatMap((r, i) =>
      !r.chosen && (r.outcome.code === 'COMPONENT_NOT_FOUND' || r.outcome.code === 'VERSION_NOT_FOUND')
        ? [valid[i] as ComponentRef]
        : [],
    )
    const built = await goBuildList(roots, ports, { depth, limit })
    return {
      ok: true,
      dependencies: built.dependencies,
      message: summary(skipped, built.truncated, limit),
      missing: [...missingRoots, ...built.missing],
    }
  }
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
  roots.forEach((r, i) => {
    if (r.component) placed.add(r.component.purlName)
    // an exact lookup reads only the version asked for (`partial`): such a component is read again in full if needed
    if (r.component && !r.component.partial) known.set(r.component.purlName, r.component)
    if (!r.chosen) {
      skipped.push(`${valid[i]?.purl} (${r.outcome.message})`)
      if (r.outcome.code === 'COMPONENT_NOT_FOUND' || r.outcome.code === 'VERSION_NOT_FOUND')
        missing.push(valid[i] as ComponentRef)
    } else {
      ask(r.chosen.id, inputs[i]?.asks ?? [])
      if (seen.has(r.chosen.id)) return
      seen.add(r.chosen.id)
      level.push(r.chosen.id)
      labels.set(r.chosen.id, `${r.component?.purl ?? valid[i]?.purl}@${r.chosen.version}`)
    }
  })

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
      const found = await ports.catalog.components(wanted.map((purlName) => ({ type: checked.type, purlName })))
      for (const n of wanted) known.set(n, found.get(keyOf({ type: checked.type, purlName: n })))
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
  return { ok: true, dependencies: out, message: summary(skipped, truncated, limit), missing }
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

type EcosystemCheck = { ok: true; type: string; invalid: string[] } | { ok: false; message: string }

/** One purl type per request, and one with dependency data; malformed purls are skipped unless all are. */
export function checkEcosystem(components: readonly ComponentRef[]): EcosystemCheck {
  const types = new Set<string>()
  const invalid: string[] = []
  for (const c of components) {
    const p = tryParsePurl(c.purl)
    if (p) types.add(p.type)
    else invalid.push(c.purl)
  }
  if (types.size === 0) return { ok: false, message: `invalid purls: [${invalid.join(', ')}]` }
  if (types.size > 1)
    return { ok: false, message: `multiple ecosystems found, expected single ecosystem: [${[...types].join(', ')}]` }
  const [type] = [...types] as [string]
  const supported = Object.keys(WALK_ECOSYSTEMS)
  if (!supported.includes(type))
    return {
      ok: false,
      message: `unsupported ecosystem: '${type}'. Supported ecosystems: ${supported.map((t) => `'${t}'`).join(', ')}`,
    }
  return { ok: true, type, invalid }
}

function summary(skipped: readonly string[], truncated: boolean, limit: number): string {
  const parts = ['Success']
  if (skipped.length > 0) {
    const shown = skipped
      .slice(0, MAX_LISTED)
      .map((s) => (s.length > 200 ? `${s.slice(0, 200)}…` : s))
      .join('; ')
    const more = skipped.length > MAX_LISTED ? `; and ${skipped.length - MAX_LISTED} more` : ''
    parts.push(`skipped ${skipped.length} input component(s): ${shown}${more}`)
  }
  if (truncated) parts.push(`list truncated at limit ${limit}`)
  return parts.join('; ')
}
