// Which version npm installs for a registry specifier (npm-pick-manifest's rules, on the versions the KB knows):
// the `latest` dist-tag when it satisfies the range and is not deprecated, else the highest satisfying version,
// non-deprecated ones first. Unpublished versions are never picked; pre-releases only when the range names one.
import semver from 'semver'
import type { KnownComponent, KnownVersion } from '../catalog/types.ts'

const LOOSE = { loose: true } as const
/** What the registry still serves (unpublished `removed` and `deleted` versions cannot be installed). */
const INSTALLABLE = new Set(['active', 'deprecated', 'malicious'])
const ANY = new Set(['*', 'x', 'X'])

interface Entry {
  v: KnownVersion
  sv: semver.SemVer
}

interface Prepared {
  component: KnownComponent
  /** Installable semver versions, highest first, and those without pre-releases; built on the first pick the latest
   * tag does not answer. */
  sorted: { all: Entry[]; releases: Entry[] } | undefined
  latest: Entry | undefined
  hasLatestTag: boolean
  /** Answers already given, by specifier (a walk asks for `^4.3.4` of the same package many times). */
  picks: Map<string, KnownVersion | undefined>
}

/** Prepared once per component object: a walk asks for the same component many times. */
const cache = new WeakMap<KnownComponent, Prepared>()

/** The version `range` (a semver range or a dist-tag; '' = `latest`) installs, or undefined when none can be. */
export function pickVersion(range: string, component: KnownComponent): KnownVersion | undefined {
  const p = prepare(component)
  const spec = range.trim()
  if (p.picks.has(spec)) return p.picks.get(spec)
  const picked = pickUncached(spec, p)
  p.picks.set(spec, picked)
  return picked
}

function pickUncached(spec: string, p: Prepared): KnownVersion | undefined {
  if (spec === '' || spec === 'latest') {
    // the dist-tag exactly; a KB that has no tag for the package falls back to the rules of `*`
    if (p.hasLatestTag) return p.latest?.v
    return pick(new semver.Range('*'), p, true)
  }
  const parsed = tryRange(spec)
  // anything else that is not a range is a dist-tag, and the KB only knows `latest`
  return parsed ? pick(parsed, p, ANY.has(spec)) : undefined
}

function pick(range: semver.Range, p: Prepared, isAny: boolean): KnownVersion | undefined {
  const l = p.latest
  if (l && l.v.status === 'active' && (isAny || range.test(l.sv))) return l.v
  let deprecated: KnownVersion | undefined
  // a range matches pre-releases only through a comparator naming one: the (often many) nightlies are skipped
  const { all, releases } = sorted(p)
  for (const e of namesPrerelease(range) ? all : releases) {
    if (!range.test(e.sv)) continue
    if (e.v.status === 'active') return e.v
    deprecated ??= e.v
  }
  return deprecated
}

function prepare(component: KnownComponent): Prepared {
  let p = cache.get(component)
  if (p) return p
  const hasLatestTag = component.latestVersion !== null && component.latestVersion !== ''
  const tagged = hasLatestTag ? component.versions.find((v) => v.version === component.latestVersion) : undefined
  const sv = tagged && INSTALLABLE.has(tagged.status) ? semver.parse(tagged.version, LOOSE) : null
  p = {
    component,
    sorted: undefined,
    latest: tagged && sv ? { v: tagged, sv } : undefined,
    hasLatestTag,
    picks: new Map(),
  }
  cache.set(component, p)
  return p
}

function sorted(p: Prepared): { all: Entry[]; releases: Entry[] } {
  if (p.sorted) return p.sorted
  const all: Entry[] = []
  for (const v of p.component.versions) {
    if (!INSTALLABLE.has(v.status)) continue
    const sv = semver.parse(v.version, LOOSE)
    if (sv) all.push({ v, sv })
  }
  all.sort((a, b) => b.sv.compare(a.sv))
  p.sorted = { all, releases: all.filter((e) => e.sv.prerelease.length === 0) }
  return p.sorted
}

function namesPrerelease(range: semver.Range): boolean {
  return range.set.some((comparators) => comparators.some((c) => (c.semver.prerelease?.length ?? 0) > 0))
}

function tryRange(spec: string): semver.Range | undefined {
  try {
    return new semver.Range(spec, LOOSE)
  } catch {
    return undefined
  }
}
