// The effective model of a POM, as Maven builds it (the POM reference, "Inheritance", "Dependency Management",
// "Importing Dependencies"; the "Introduction to the Dependency Mechanism"): the parents read through a port and
// merged (groupId and version, properties, dependencies, dependencyManagement inherited; licenses the nearest POM's
// that declares any), every `${…}` interpolated (properties, `project.*`, `project.parent.*`; no environment or
// system property), BOMs (`<scope>import</scope>` of type pom) imported into dependencyManagement after the POM's
// own entries (the first import of an artifact wins), then the management applied to the dependencies (a missing
// version or scope, exclusions added). Parents and imports are bounded in depth and in count, and a cycle stops.
import { type Coordinates, type Exclusion, type Pom, type PomDependency, type PomLicense, parsePom } from './pom.ts'

/** The text of a POM (groupId, artifactId, version), or undefined when none is at hand. */
export type PomLoader = (groupId: string, artifactId: string, version: string) => Promise<string | undefined>
/** The same, answered at once (files on disk): a project file's parents read beside it. */
export type SyncPomLoader = (groupId: string, artifactId: string, version: string) => string | undefined

/** The model is built by a generator that asks for each POM it reads; the two drivers below answer it. */
type Build = Generator<Coordinates, EffectivePom, string | undefined>

/** Parents followed at most (Maven has no bound; real chains are under ten). */
const MAX_PARENTS = 16
/** Nested BOM imports followed at most. */
const MAX_IMPORT_DEPTH = 8
/** POMs read at most for one effective model (parents, BOMs and theirs). */
const MAX_LOADS = 200
const MAX_INTERPOLATION_DEPTH = 16

export interface ManagedDependency extends PomDependency {
  /** compile, runtime, provided, test, system (compile when neither the POM nor the management says). */
  scope: string
}

export interface EffectivePom {
  coordinates: Coordinates
  packaging: string
  name?: string
  description?: string
  url?: string
  /** The merged properties, interpolated. */
  properties: Record<string, string>
  /** The dependencies, interpolated and managed (a version may still be absent when nothing manages it). */
  dependencies: ManagedDependency[]
  /** dependencyManagement after imports, interpolated. */
  managed: PomDependency[]
  licenses: PomLicense[]
  /** The parents read, nearest first. */
  parents: Coordinates[]
  /** Parents and BOMs the loader had not (as group:artifact:version), and what stopped the read (a cycle, a bound). */
  missing: string[]
}

interface Budget {
  loads: number
}

/** The effective model of the POM text; PomError when the POM itself cannot be read. */
export async function effectivePom(text: string, load: PomLoader): Promise<EffectivePom> {
  const run = build(parsePom(text), { loads: 0 }, 0, new Set())
  for (let step = run.next(); ; ) {
    if (step.done) return step.value
    const c = step.value
    step = run.next(await load(c.groupId, c.artifactId, c.version))
  }
}

/** effectivePom with a loader that answers at once. */
export function effectivePomSync(text: string, load: SyncPomLoader): EffectivePom {
  const run = build(parsePom(text), { loads: 0 }, 0, new Set())
  for (let step = run.next(); ; ) {
    if (step.done) return step.value
    const c = step.value
    step = run.next(load(c.groupId, c.artifactId, c.version))
  }
}

function* build(pom: Pom, budget: Budget, importDepth: number, importing: ReadonlySet<string>): Build {
  const missing: string[] = []
  const chain: Pom[] = [pom] // the POM, then its parents, nearest first
  const seen = new Set<string>()
  for (let p = pom.parent; p !== undefined; ) {
    const key = `${p.groupId}:${p.artifactId}:${p.version}`
    if (seen.has(key) || chain.length > MAX_PARENTS || budget.loads >= MAX_LOADS) {
      missing.push(`${key} (${seen.has(key) ? 'a cycle' : 'too many parents'})`)
      break
    }
    seen.add(key)
    budget.loads++
    const text = yield p
    const parent = text === undefined ? undefined : tryParse(text)
    if (!parent) {
      missing.push(key)
      break
    }
    chain.push(parent)
    p = parent.parent
  }
  const groupId = first(chain, (c) => c.groupId ?? c.parent?.groupId) ?? ''
  const version = first(chain, (c) => c.version ?? c.parent?.version) ?? ''
  const raw: Record<string, string> = Object.create(null)
  for (const c of [...chain].reverse()) Object.assign(raw, c.properties)
  const builtIns: Record<string, string> = {
    'project.groupId': groupId,
    'project.artifactId': pom.artifactId,
    'project.version': version,
    'project.packaging': pom.packaging,
  }
  if (pom.parent) {
    builtIns['project.parent.groupId'] = pom.parent.groupId
    builtIns['project.parent.artifactId'] = pom.parent.artifactId
    builtIns['project.parent.version'] = pom.parent.version
  }
  // Maven 2's aliases, still read: pom.version, and (below the properties) version
  for (const [k, v] of Object.entries({ ...builtIns })) builtIns[k.replace(/^project\./, 'pom.')] = v
  const value = (s: string) => interpolate(s, raw, builtIns)
  const properties: Record<string, string> = Object.create(null)
  for (const k of Object.keys(raw)) properties[k] = value(raw[k] as string)

  // dependencies of every POM of the chain, nearest first, one per key (the nearest declaration wins)
  const dependencies = unique(chain.flatMap((c) => c.dependencies).map((d) => interpolated(d, value)))
  const own = unique(chain.flatMap((c) => c.managed).map((d) => interpolated(d, value)))
  const managed = own.filter((d) => !isImport(d))
  for (const bom of own.filter(isImport)) {
    const key = `${bom.groupId}:${bom.artifactId}:${bom.version ?? ''}`
    if (!bom.version || importing.has(key) || importDepth >= MAX_IMPORT_DEPTH || budget.loads >= MAX_LOADS) {
      missing.push(`${key} (${importing.has(key) ? 'an import cycle' : bom.version ? 'too deep' : 'no version'})`)
      continue
    }
    budget.loads++
    const text = yield { groupId: bom.groupId, artifactId: bom.artifactId, version: bom.version }
    const parsed = text === undefined ? undefined : tryParse(text)
    if (!parsed) {
      missing.push(key)
      continue
    }
    const imported = yield* build(parsed, budget, importDepth + 1, new Set([...importing, key]))
    missing.push(...imported.missing)
    const have = new Set(managed.map(keyOf))
    managed.push(...imported.managed.filter((d) => !have.has(keyOf(d))))
  }
  const byKey = new Map(managed.map((d) => [keyOf(d), d]))
  const out: EffectivePom = {
    coordinates: { groupId, artifactId: pom.artifactId, version },
    packaging: pom.packaging,
    properties,
    dependencies: dependencies.map((d) => manage(d, byKey.get(keyOf(d)))),
    managed,
    licenses: (chain.find((c) => c.licenses.length > 0)?.licenses ?? []).map((l) => ({
      ...(l.name ? { name: value(l.name) } : {}),
      ...(l.url ? { url: value(l.url) } : {}),
    })),
    parents: chain.slice(1).map((_, i) => chain[i]?.parent as Coordinates),
    missing,
  }
  for (const key of ['name', 'description', 'url'] as const) {
    const v = pom[key]
    if (v !== undefined) out[key] = value(v)
  }
  return out
}

function tryParse(text: string): Pom | undefined {
  try {
    return parsePom(text)
  } catch {
    return undefined
  }
}

function first<T>(chain: readonly Pom[], f: (p: Pom) => T | undefined): T | undefined {
  for (const c of chain) {
    const v = f(c)
    if (v !== undefined) return v
  }
  return undefined
}

/** Maven's management key: groupId:artifactId:type[:classifier]. */
function keyOf(d: PomDependency): string {
  return `${d.groupId}:${d.artifactId}:${d.type}${d.classifier ? `:${d.classifier}` : ''}`
}

function unique(deps: PomDependency[]): PomDependency[] {
  const seen = new Set<string>()
  return deps.filter((d) => !seen.has(keyOf(d)) && seen.add(keyOf(d)) !== undefined)
}

function isImport(d: PomDependency): boolean {
  return d.scope === 'import' && d.type === 'pom'
}

function interpolated(d: PomDependency, value: (s: string) => string): PomDependency {
  const out: PomDependency = {
    groupId: value(d.groupId),
    artifactId: value(d.artifactId),
    type: value(d.type),
    optional: d.optional,
    exclusions: d.exclusions.map((e) => ({ groupId: value(e.groupId), artifactId: value(e.artifactId) })),
  }
  for (const key of ['version', 'classifier', 'scope'] as const) {
    const v = d[key]
    if (v !== undefined) out[key] = value(v)
  }
  return out
}

function manage(d: PomDependency, m: PomDependency | undefined): ManagedDependency {
  const exclusions: Exclusion[] = [...d.exclusions]
  for (const e of m?.exclusions ?? [])
    if (!exclusions.some((x) => x.groupId === e.groupId && x.artifactId === e.artifactId)) exclusions.push(e)
  const out: ManagedDependency = { ...d, scope: d.scope ?? m?.scope ?? 'compile', exclusions }
  const version = d.version ?? m?.version
  if (version !== undefined) out.version = version
  return out
}

const LEGACY = new Set(['groupId', 'artifactId', 'version'])

/** `${name}` replaced from the properties, then the built-ins; an unknown name is kept as written (as Maven does). */
export function interpolate(
  text: string,
  properties: Readonly<Record<string, string>>,
  builtIns: Readonly<Record<string, string>>,
  depth = 0,
): string {
  if (!text.includes('${') || depth > MAX_INTERPOLATION_DEPTH) return text
  return text.replace(/\$\{([^${}]+)\}/g, (whole, name: string) => {
    const v = builtIns[name] ?? properties[name] ?? (LEGACY.has(name) ? builtIns[`project.${name}`] : undefined)
    return v === undefined ? whole : interpolate(v, properties, builtIns, depth + 1)
  })
}
