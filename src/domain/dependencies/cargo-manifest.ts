// A crate's Cargo.toml (parsed into plain objects elsewhere) as the KB's dependencies (the Cargo book, "Specifying
// dependencies", "Features"; docs/dependencies.md "crates.io"). Scopes: `[dependencies]` runtime,
// `[dev-dependencies]` dev, `[build-dependencies]` dev too (build tools: compiled and run to build the crate, never
// linked into it); an `optional = true` dependency is optional unless the crate's own `default` feature enables it
// (then runtime: what a dependent with default features gets). `[target.<cfg or triple>.*]` tables add their
// dependencies with `; <key>` after the requirement (`^0.3; cfg(windows)`), evaluated by the walk (cargo-cfg.ts).
// The features a dependency is asked for (`features`, `default-features = false`), its key when renamed and its
// being optional are kept beside it where not the usual (cargo-features.ts), for the walk's feature resolution.
// The name is the crate's (`package = "real-name"` renames); the requirement Cargo's text (`1.2` means ^1.2), or
// where the dependency names no crates.io crate: `git+<url>[#ref]`, `path+<path>`, `registry+<name> <req>`.
// Entries that are not of these forms are left out: the manifest is outside data. A registry index line's `deps`
// (the Cargo book, "Registry index") read the same way: cargoIndexDependencies lays them out as the manifest's tables.
// A project's own manifest (`sbom from`, `notices`: shared/lockfiles/cargo-toml.ts) is read by the same function as
// Cargo builds it locally: a `path` or `git` wins over a `version`, and the entries left out are told why.
import { cargoNameProblem } from '../kb/ecosystem-rules.ts'
import type { Dependency, DependencyScope } from '../kb/types.ts'
import { MAX_REQUIREMENT_LENGTH } from '../shared/requirement.ts'
import { targetApplies } from './cargo-cfg.ts'
import { dependencyFeatures, enabledByDefault } from './cargo-features.ts'

type Table = Record<string, unknown>

const SECTIONS: [key: string, alias: string, scope: 'runtime' | 'dev'][] = [
  ['dependencies', 'dependencies', 'runtime'],
  ['dev-dependencies', 'dev_dependencies', 'dev'],
  ['build-dependencies', 'build_dependencies', 'dev'],
]
/** The most entries read from one manifest (crates.io's largest manifests declare a few hundred). */
const MAX_ENTRIES = 2000
const LOOSE_NAME = /^[A-Za-z0-9_-]{1,64}$/

const isTable = (v: unknown): v is Table => typeof v === 'object' && v !== null && !Array.isArray(v)
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined)

/** How cargoDependencies reads a manifest (by default: a published crate's). */
export interface CargoManifestReading {
  /** A project's own manifest: a `path` or `git` dependency is one even with a `version` (published, Cargo drops it). */
  local?: boolean
  /** Told of each entry left out: `workspace` (inherited from the workspace's table) or `invalid`. */
  leftOut?: (why: 'workspace' | 'invalid') => void
}

interface Entry {
  /** The key in the table (what features name). */
  local: string
  name: string
  requirement: string
  optional: boolean
  /** `features = […]` */
  features: string[]
  /** `default-features` (`default_features` in old manifests) not false. */
  defaultFeatures: boolean
}

/** One `name = …` entry of a dependency table, or why it is left out (not one Cargo accepts, or inherited). */
function readEntry(local: string, value: unknown, project: boolean): Entry | 'workspace' | 'invalid' {
  if (typeof value === 'string') return readEntry(local, { version: value }, project)
  if (!isTable(value)) return 'invalid'
  const name = str(value.package) ?? local
  const version = str(value.version)
  const git = str(value.git)
  const path = str(value.path)
  const registry = str(value.registry) ?? str(value['registry-index'])
  const gitRequirement = () => {
    const ref = str(value.rev) ?? str(value.tag) ?? str(value.branch)
    return `git+${git}${ref ? `#${ref}` : ''}`
  }
  let requirement: string
  // published, a version wins over git and path (crates.io strips those); built locally, the path or git is used
  if (project && path) requirement = `path+${path}`
  else if (project && git) requirement = gitRequirement()
  else if (registry) requirement = `registry+${registry} ${version ?? '*'}`
  else if (version) requirement = version
  else if (git) requirement = gitRequirement()
  else if (path) requirement = `path+${path}`
  else if (value.workspace === true)
    return 'workspace' // inherited from a workspace: no published manifest has it
  else requirement = '*'
  const onRegistry = !/^(git|path|registry)\+/.test(requirement)
  if (onRegistry ? cargoNameProblem(name) : !LOOSE_NAME.test(name)) return 'invalid'
  if (requirement.length > MAX_REQUIREMENT_LENGTH) return 'invalid'
  const features = Array.isArray(value.features) ? value.features.filter((f) => typeof f === 'string') : []
  const defaultFeatures = (value['default-features'] ?? value.default_features) !== false
  return { local, name, requirement, optional: value.optional === true, features, defaultFeatures }
}

/** Every dependency table of the manifest, with the target key of the platform-specific ones. */
function tables(manifest: Table): { table: Table; scope: 'runtime' | 'dev'; target?: string }[] {
  const out: { table: Table; scope: 'runtime' | 'dev'; target?: string }[] = []
  const add = (owner: Table, target?: string) => {
    for (const [key, alias, scope] of SECTIONS) {
      const table = owner[key] ?? owner[alias]
      if (isTable(table)) out.push(target === undefined ? { table, scope } : { table, scope, target })
    }
  }
  add(manifest)
  if (isTable(manifest.target))
    for (const [key, owner] of Object.entries(manifest.target)) if (isTable(owner)) add(owner, key.trim())
  return out
}

/**
 * A parsed Cargo.toml's dependencies. One per scope and crate (the KB keeps one): a crate declared in several
 * tables of a scope keeps the declaration that applies to the default target, the first if none does.
 */
export function cargoDependencies(manifest: Record<string, unknown>, reading: CargoManifestReading = {}): Dependency[] {
  if (!isTable(manifest)) return []
  const entries = tables(manifest).flatMap(({ table }) => Object.entries(table).slice(0, MAX_ENTRIES))
  const optional = entries.flatMap(([local, v]) => (isTable(v) && v.optional === true ? [local] : []))
  const enabled = enabledByDefault(manifest.features, optional)
  const out = new Map<string, { dep: Dependency; applies: boolean }>()
  let read = 0
  for (const { table, scope: section, target } of tables(manifest)) {
    const applies = target === undefined || targetApplies(target) === true
    if (target !== undefined && targetApplies(target) === undefined) continue
    for (const [local, value] of Object.entries(table)) {
      if (++read > MAX_ENTRIES) break
      const e = readEntry(local, value, reading.local === true)
      if (typeof e === 'string') {
        reading.leftOut?.(e)
        continue
      }
      const scope: DependencyScope = section === 'runtime' && e.optional && !enabled.has(e.local) ? 'optional' : section
      const requirement = target === undefined ? e.requirement : `${e.requirement}; ${target}`
      if (requirement.length > MAX_REQUIREMENT_LENGTH) continue
      const key = `${scope}\u0000${e.name}`
      const known = out.get(key)
      if (known && (known.applies || !applies)) continue
      const features = dependencyFeatures({ ...e, key: e.local })
      out.set(key, { dep: { scope, name: e.name, requirement, ...(features ? { features } : {}) }, applies })
    }
  }
  return [...out.values()].map((d) => d.dep)
}

/** A Cargo dependency's requirement and the target key it was declared under (`^0.3; cfg(windows)`). */
export function splitCargoRequirement(requirement: string): { requirement: string; target?: string } {
  const semi = requirement.indexOf(';')
  if (semi === -1) return { requirement: requirement.trim() }
  return { requirement: requirement.slice(0, semi).trim(), target: requirement.slice(semi + 1).trim() }
}

/** A dependency as a registry index line lists it (`deps`: `name`, `package` as `crate`, `req`, …). */
export interface IndexedCargoDependency {
  /** The name the depending crate uses (its key in the manifest's table). */
  name: string
  /** The crate depended on (`package` when renamed, else `name`). */
  crate: string
  req: string
  optional: boolean
  /** A `cfg(…)` expression or target triple, or null for every target. */
  target: string | null
  kind: 'normal' | 'dev' | 'build'
  /** Another registry's index URL, or null for the same registry. */
  registry: string | null
  features: readonly string[]
  defaultFeatures: boolean
}

const KIND_TABLE = { normal: 'dependencies', dev: 'dev-dependencies', build: 'build-dependencies' } as const

/**
 * An index line's dependencies and features as the KB's dependencies, exactly as cargoDependencies reads the
 * manifest they were published from: each entry put back in its table (`[target.<cfg>.*]` for a target), a rename
 * as `package`, another registry as `registry-index`.
 */
export function cargoIndexDependencies(
  deps: readonly IndexedCargoDependency[],
  features: Record<string, readonly string[]>,
): Dependency[] {
  // tables without a prototype: a name or target is outside data (`__proto__` is one more key)
  const within = (owner: Table, key: string): Table => {
    if (!Object.hasOwn(owner, key)) owner[key] = Object.create(null) as Table
    return owner[key] as Table
  }
  const manifest: Table = { features }
  const target = Object.create(null) as Table
  for (const d of deps.slice(0, MAX_ENTRIES)) {
    const table = within(d.target === null ? manifest : within(target, d.target), KIND_TABLE[d.kind])
    if (Object.hasOwn(table, d.name)) continue
    table[d.name] = {
      version: d.req,
      optional: d.optional,
      features: d.features,
      'default-features': d.defaultFeatures,
      ...(d.crate !== d.name ? { package: d.crate } : {}),
      ...(d.registry !== null ? { 'registry-index': d.registry } : {}),
    }
  }
  if (Object.keys(target).length > 0) manifest.target = target
  return cargoDependencies(manifest)
}
