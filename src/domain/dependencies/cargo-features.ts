// Cargo's features (the Cargo book, "Features"; docs/dependencies.md "crates.io"): a crate's `[features]` table maps
// each feature to what it enables — another feature (`std`), an optional dependency (`dep:x`), a feature of a
// dependency (`x/feature`: enables optional `x` too; the weak `x?/feature`: only if `x` is enabled otherwise). An
// optional dependency no `dep:x` names has an implicit feature of its own name. What a crate's dependents ask of it
// (`features = […]`, and `default` unless `default-features = false`) is the union of their asks; from it follow
// the optional dependencies it enables and the features it asks of each of its dependencies.
import type { DependencyFeatures } from '../kb/types.ts'

/** A crate version's `[features]` table: each feature and what it enables, as written. */
export type FeatureTable = Readonly<Record<string, readonly string[]>>

/** The most features (and items of each) read from one table: crates.io's largest tables list a few hundred. */
const MAX_FEATURES = 2000
const MAX_ITEM_LENGTH = 200
/** Asked of a dependency with its default features (`default-features` not false). */
const DEFAULT = 'default'

const isTable = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const word = (v: unknown): v is string => typeof v === 'string' && v !== '' && v.length <= MAX_ITEM_LENGTH

/** A manifest's or index line's `features` as a table: string lists only, bounded; undefined when it has none. */
export function featureTable(raw: unknown): Record<string, string[]> | undefined {
  if (!isTable(raw)) return undefined
  const out: Record<string, string[]> = Object.create(null) as Record<string, string[]>
  let n = 0
  for (const [name, items] of Object.entries(raw)) {
    if (!word(name) || !Array.isArray(items) || ++n > MAX_FEATURES) continue
    out[name] = items.filter(word).slice(0, MAX_FEATURES)
  }
  return Object.keys(out).length > 0 ? { ...out } : undefined
}

/**
 * How a dependent asks for one dependency, as the KB records it: undefined for the usual (default features, no
 * other feature, declared by its crate's name, not optional), so most rows carry nothing.
 */
export function dependencyFeatures(f: {
  key: string
  name: string
  features: readonly string[]
  defaultFeatures: boolean
  optional: boolean
}): DependencyFeatures | undefined {
  const asks = [...new Set([...(f.defaultFeatures ? [DEFAULT] : []), ...f.features.filter(word)])]
    .slice(0, MAX_FEATURES)
    .sort()
  const usual = asks.length === 1 && asks[0] === DEFAULT
  if (usual && f.key === f.name && !f.optional) return undefined
  return { asks, ...(f.key !== f.name ? { key: f.key } : {}), ...(f.optional ? { optional: true } : {}) }
}

/** The features a dependency is asked for when the KB recorded nothing: its default ones. */
export const DEFAULT_ASKS: readonly string[] = [DEFAULT]

/** One dependency as feature resolution sees it: the key features name it by, and whether it is optional. */
export interface FeatureDependency {
  key: string
  optional: boolean
}

export interface Activation {
  /** The optional dependencies (keys) the asked features enable. */
  enabled: Set<string>
  /** Per dependency key, the features the crate's own features ask of it (`x/feature`, `x?/feature`). */
  asks: Map<string, Set<string>>
}

/**
 * What a crate version asked for `asked` enables, through its features table: its optional dependencies, and the
 * features it asks of each dependency. A feature the table does not hold is an optional dependency's implicit
 * feature, or nothing (`default` of a crate without one).
 */
export function activate(
  table: FeatureTable | undefined,
  asked: Iterable<string>,
  deps: readonly FeatureDependency[],
): Activation {
  const features = table ?? {}
  const optional = new Set(deps.filter((d) => d.optional).map((d) => d.key))
  // `dep:x` anywhere hides x's implicit feature (the Cargo book, "Optional dependencies")
  const named = new Set<string>()
  for (const items of Object.values(features))
    for (const item of items) if (item.startsWith('dep:')) named.add(item.slice(4))
  const enabled = new Set<string>()
  const strong = new Map<string, Set<string>>()
  const weak = new Map<string, Set<string>>()
  const add = (to: Map<string, Set<string>>, key: string, feature: string) =>
    to.set(key, (to.get(key) ?? new Set()).add(feature))
  const seen = new Set<string>()
  const queue = [...asked]
  while (queue.length > 0 && seen.size < MAX_FEATURES) {
    const f = queue.shift() as string
    if (seen.has(f)) continue
    seen.add(f)
    const items = Object.hasOwn(features, f) ? features[f] : undefined
    if (items === undefined) {
      if (optional.has(f) && !named.has(f)) enabled.add(f)
      continue
    }
    for (const item of items) {
      const slash = item.indexOf('/')
      if (item.startsWith('dep:')) enabled.add(item.slice(4))
      else if (slash === -1) queue.push(item)
      else if (item[slash - 1] === '?') add(weak, item.slice(0, slash - 1), item.slice(slash + 1))
      else {
        const key = item.slice(0, slash)
        add(strong, key, item.slice(slash + 1))
        if (!optional.has(key)) continue
        enabled.add(key)
        if (!named.has(key)) queue.push(key) // enabling `x` enables its implicit feature too
      }
    }
  }
  const asks = new Map<string, Set<string>>()
  for (const d of deps) {
    if (d.optional && !enabled.has(d.key)) continue
    const all = new Set([...(strong.get(d.key) ?? []), ...(weak.get(d.key) ?? [])])
    if (all.size > 0) asks.set(d.key, all)
  }
  return { enabled, asks }
}

/** The optional dependencies (keys) the `default` feature enables: what a dependent with default features gets. */
export function enabledByDefault(features: unknown, optional: readonly string[]): Set<string> {
  const table = featureTable(features)
  return activate(
    table,
    [DEFAULT],
    optional.map((key) => ({ key, optional: true })),
  ).enabled
}
