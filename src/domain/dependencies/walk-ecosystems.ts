// What the transitive walk (transitive-walk.ts) needs to know of each ecosystem with dependency data: which declared
// scopes it follows, which declared dependencies apply where it installs, which registry package a declared
// dependency names, its purl, and which version a requirement installs. npm: npm's rules (specifier.ts,
// pick-version.ts: dist-tags, aliases; git/file/url specifiers name no registry package). Debian
// (pkg:deb/debian/…): the first alternative of each need (runtime; alternatives are recorded as optional and not
// followed), the highest version the suites list that meets the relations, as apt's candidate would be
// (docs/debian.md "Dependencies"). PyPI: PEP 508 lines whose markers hold on CPython 3.11 / Linux x86_64, an
// extra's dependencies when the dependent asked for the extra (pep508.ts); an input's extras from its requirement
// (`requests[socks]>=2`). crates.io: runtime dependencies, and the optional ones the features asked of the crate
// enable (cargo-features.ts), whose target applies to x86_64-unknown-linux-gnu (cargo-manifest.ts).
// Both: the highest active version the requirement admits by the ecosystem's rules (docs/dependencies.md). Maven:
// compile and runtime dependencies, not optional ones (maven-dependencies.ts); a soft version is that version, a
// range the highest it admits; Maven's mediation: an artifact is placed once, at its nearest occurrence (the first
// the breadth-first walk reaches, each version's dependencies in their POM's declaration order), the input's
// dependencyManagement sets the versions of its transitive dependencies, and a declaration's exclusions hold for its
// whole subtree. Go: each go.mod
// requirement names a minimum version, and the build list is minimal version selection's (go-walk.ts): the walk's
// row says so (`selection: 'mvs'`), and its pick is the version named, as the graph MVS walks has it.
import type { KnownComponent, KnownVersion } from '../catalog/types.ts'
import type { DependencyScope } from '../kb/types.ts'
import { canonicalPurl, purlName } from '../shared/purl.ts'
import { resolveVersion, tryParseRequirement } from '../shared/requirement.ts'
import { schemeFor } from '../shared/versions/index.ts'
import { targetApplies } from './cargo-cfg.ts'
import { activate, DEFAULT_ASKS, type FeatureTable } from './cargo-features.ts'
import { splitCargoRequirement } from './cargo-manifest.ts'
import { mavenRangeComparators, splitMavenRequirement } from './maven-dependencies.ts'
import { parsePep508, pep508Applies } from './pep508.ts'
import { pickVersion } from './pick-version.ts'
import { classifySpecifier, npmPurl } from './specifier.ts'
import type { DeclaredDependency } from './types.ts'

/** A declared dependency the walk follows, with what it asks of the version it reaches (extras, features). */
export interface Followed {
  dep: DeclaredDependency
  asks: readonly string[]
}

export interface WalkEcosystem {
  scopes: readonly DependencyScope[]
  /** Whether the walk reads each version's `[features]` table (Cargo). */
  features?: boolean
  /**
   * What an input asks of the version it names (PyPI: the extras of `requests[socks]>=2`; Cargo: its default
   * features), and its requirement without them; absent: nothing, the requirement as given.
   */
  input?(purlName: string, requirement: string | undefined): { requirement: string | undefined; asks: string[] }
  /**
   * The declared dependencies of one version that apply where the walk installs (PyPI's environment markers, Cargo's
   * target tables and features) when the version is asked for `asked` (extras, features; the union of what its
   * dependents asked), each with what it asks of its own target. Absent: all, asking nothing.
   */
  follow?(
    declared: readonly DeclaredDependency[],
    asked: ReadonlySet<string>,
    features: FeatureTable | undefined,
  ): Followed[]
  /** The registry package a declared dependency names (its purl_name and range), or undefined when it names none. */
  target(name: string, requirement: string): { purlName: string; range: string } | undefined
  /** The purl of a package the KB does not know, from its purl_name and the name it was declared by. */
  purlOf(purlName: string, declaredName: string): string
  pick(range: string, component: KnownComponent): KnownVersion | undefined
  /** Maven's nearest-wins mediation: each package is placed once, where the walk first reaches it. */
  nearestWins?: boolean
  /** Maven: an input's dependencyManagement versions replace its transitive dependencies' (DependencyReader.managedOf). */
  managed?: boolean
  /** The purl names (`group/*` for a whole group) a declaration excludes from its subtree (Maven's exclusions). */
  excludes?(dep: DeclaredDependency): string[]
  /** How the walk selects versions: each edge's pick (absent), or minimal version selection over the graph (Go). */
  selection?: 'mvs'
}

const npm: WalkEcosystem = {
  scopes: ['runtime', 'optional'],
  target(name, requirement) {
    const spec = classifySpecifier(name, requirement)
    return spec.kind === 'registry' ? { purlName: spec.name, range: spec.range } : undefined
  },
  purlOf: (purlName) => npmPurl(purlName),
  pick: (range, component) => pickVersion(range, component),
}

const deb: WalkEcosystem = {
  scopes: ['runtime'],
  target: (name, requirement) => ({ purlName: `debian/${name}`, range: requirement }),
  purlOf: (purlName) => `pkg:deb/${purlName}`,
  pick(range, component) {
    const installable = component.versions.filter((v) => v.status === 'active')
    return resolveVersion({ purl: component.purl, requirement: range }, installable).chosen
  },
}

/** Requirements that mean any version; the walk reads them as "any release" (no pre-release unless nothing else). */
const ANY = new Set(['', '*', 'x', 'X'])
const picks = new WeakMap<KnownComponent, Map<string, KnownVersion | undefined>>()

/**
 * The highest active version the requirement admits in the component's own rules. A yanked (`deprecated`) version
 * only when pinned exactly and `yankedWhenPinned` (PEP 592; Cargo installs yanked crates only from a lock file).
 */
function pickActive(range: string, component: KnownComponent, any: string, yankedWhenPinned: boolean) {
  const requirement = ANY.has(range.trim()) ? any : range
  const memo = picks.get(component) ?? new Map<string, KnownVersion | undefined>()
  picks.set(component, memo)
  if (memo.has(requirement)) return memo.get(requirement)
  const among = (status: string) => component.versions.filter((v) => v.status === status)
  let chosen = resolveVersion({ purl: component.purl, requirement }, among('active')).chosen
  if (!chosen && yankedWhenPinned && tryParseRequirement(requirement, schemeFor(component.type))?.kind === 'exact')
    chosen = resolveVersion({ purl: component.purl, requirement }, among('deprecated')).chosen
  memo.set(requirement, chosen)
  return chosen
}

const pypi: WalkEcosystem = {
  scopes: ['runtime', 'optional'],
  input(name, requirement) {
    const text = requirement?.trim() ?? ''
    // `[socks]>=2` names the purl's package; `requests[socks]>=2` (PEP 508) its own
    const r = parsePep508(text.startsWith('[') ? `${name}${text}` : text)
    if (!r || r.url !== undefined || !/\[/.test(text)) return { requirement, asks: [] }
    return { requirement: r.specifier === '' ? undefined : r.specifier, asks: r.extras }
  },
  follow(declared, extras) {
    return declared.flatMap((dep) => {
      const r = parsePep508(`${dep.name} ${dep.requirement}`)
      return r !== undefined && pep508Applies(r, extras) ? [{ dep, asks: r.extras }] : []
    })
  },
  target(name, requirement) {
    const r = parsePep508(`${name} ${requirement}`)
    if (!r || r.url !== undefined) return undefined // a direct reference names no index package
    return { purlName: r.name, range: r.specifier }
  },
  purlOf: (name) => canonicalPurl({ type: 'pypi', name }),
  pick: (range, component) => pickActive(range, component, '>=0', true),
}

const cargo: WalkEcosystem = {
  scopes: ['runtime', 'optional'],
  features: true,
  input: (_, requirement) => ({ requirement, asks: [...DEFAULT_ASKS] }),
  follow(declared, asked, features) {
    const applying = declared.filter((dep) => {
      const { target } = splitCargoRequirement(dep.requirement)
      return target === undefined || targetApplies(target) === true
    })
    const keyed = applying.map((dep) => ({
      dep,
      key: dep.features?.key ?? dep.name,
      optional: dep.scope === 'optional' || dep.features?.optional === true,
    }))
    const on = activate(features, asked, keyed)
    return keyed.flatMap(({ dep, key, optional }) => {
      if (optional && !on.enabled.has(key)) return []
      return [{ dep, asks: [...new Set([...(dep.features?.asks ?? DEFAULT_ASKS), ...(on.asks.get(key) ?? [])])] }]
    })
  },
  target(name, requirement) {
    const { requirement: range } = splitCargoRequirement(requirement)
    if (/^(git|path|registry)\+/.test(range)) return undefined // not a crates.io crate
    return { purlName: purlName({ type: 'cargo', name }), range }
  },
  purlOf: (_, declaredName) => canonicalPurl({ type: 'cargo', name: declaredName }),
  pick: (range, component) => pickActive(range, component, '>=0.0.0', false),
}

const golang: WalkEcosystem = {
  scopes: ['runtime'],
  target: (name, requirement) => ({ purlName: purlName({ type: 'golang', name }), range: requirement }),
  purlOf: (_, declaredName) => `pkg:golang/${declaredName.split('/').map(encodeURIComponent).join('/')}`,
  pick: (range, component) => component.versions.find((v) => v.version === range),
  selection: 'mvs',
}

const maven: WalkEcosystem = {
  scopes: ['runtime'],
  nearestWins: true,
  managed: true,
  excludes: (dep) => splitMavenRequirement(dep.requirement).exclusions.map((e) => e.replace(':', '/').toLowerCase()),
  target(name, requirement) {
    const [group, artifact, ...rest] = name.split(':')
    const range = mavenRangeComparators(splitMavenRequirement(requirement).version)
    if (!group || !artifact || rest.length > 0 || range === undefined) return undefined
    return { purlName: purlName({ type: 'maven', namespace: group, name: artifact }), range }
  },
  purlOf(_, declaredName) {
    const [namespace = '', name = ''] = declaredName.split(':')
    return canonicalPurl({ type: 'maven', namespace, name })
  },
  pick: (range, component) => pickActive(range, component, '>=0', false),
}

/** The purl types the walk follows, each with its rules. */
export const WALK_ECOSYSTEMS: Readonly<Record<string, WalkEcosystem>> = { npm, deb, pypi, cargo, golang, maven }
