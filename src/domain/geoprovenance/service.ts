// The geoprovenance answers (docs/geoprovenance.md): which repositories a purl stands for (a pkg:github purl
// itself; a package through its source repository and the links the ingest sources record), then the declared and
// curated locations of their accounts, or the origin inferred from their commit timing. Constant reads per batch.
import type { CatalogReader, ComponentKey } from '../catalog/types.ts'
import { keyOf } from '../catalog/types.ts'
import { type Outcome, SUCCESS } from '../shared/outcome.ts'
import { canonicalPurl, purlName, splitVersion, tryParsePurl } from '../shared/purl.ts'
import { curateLocation } from './gazetteer.ts'
import { type AuthorOffsets, inferOrigin, type OriginLocation } from './origin.ts'
import type { DeclaredLocation, GeoReader } from './types.ts'

export interface GeoDeps {
  catalog: CatalogReader
  geo: GeoReader
  /** Above this many contributors a repository is not answered (TOO_MANY_CONTRIBUTORS). */
  maxContributors: number
}

interface Subject {
  purl: string
  repos: string[]
  outcome: Outcome
}

export interface DeclaredAnswer {
  purl: string
  declared: DeclaredLocation[]
  curated: { country: string; count: number }[]
  outcome: Outcome
}

export interface OriginAnswer {
  purl: string
  locations: OriginLocation[]
  /** The sources of the offsets the locations come from: commit-timezones, git, debian-changelog. */
  sources: string[]
  outcome: Outcome
}

const NOT_FOUND: Outcome = { code: 'COMPONENT_NOT_FOUND', message: 'Component not found' }
const INVALID: Outcome = { code: 'INVALID_PURL', message: 'Invalid purl' }

/** Each purl's repositories, with one catalog read and one link read for the whole batch. */
async function subjects(refs: readonly { purl: string }[], deps: GeoDeps): Promise<Subject[]> {
  const parsed = refs.map((r) => tryParsePurl(splitVersion(r.purl ?? '').purl))
  const keyOfPurl = parsed.map((p) => (p && p.type !== 'github' ? { type: p.type, purlName: purlName(p) } : undefined))
  const keys = new Map<string, ComponentKey>()
  for (const k of keyOfPurl) if (k) keys.set(keyOf(k), k)
  // links name packages without qualifiers (a container's pkg:deb/debian/libc6?arch=amd64&distro=debian-12 is libc6)
  const canon = parsed.map((p) => (p ? canonicalPurl({ ...p, qualifiers: undefined, subpath: undefined }) : undefined))
  const [components, links] = await Promise.all([
    keys.size > 0 ? deps.catalog.components([...keys.values()]) : new Map(),
    deps.geo.linkedRepos([...new Set(canon.filter((c): c is string => c !== undefined))]),
  ])
  return refs.map((r, i) => {
    const c = canon[i]
    if (c === undefined) return { purl: r.purl ?? '', repos: [], outcome: INVALID }
    const linked = links.get(c) ?? []
    const key = keyOfPurl[i]
    if (!key) return { purl: r.purl, repos: [...new Set([c, ...linked])], outcome: SUCCESS } // a pkg:github purl
    const component = components.get(keyOf(key))
    const source = component?.sourcePurl
    const repos = [...new Set([...linked, ...(source?.startsWith('pkg:github/') ? [source] : [])])]
    return { purl: r.purl, repos, outcome: component || linked.length > 0 ? SUCCESS : NOT_FOUND }
  })
}

/** The subjects a threshold or a missing component stops, with their outcome; the others pass. */
async function gate(all: Subject[], deps: GeoDeps): Promise<Subject[]> {
  const counts = await deps.geo.contributorCounts([...new Set(all.flatMap((s) => s.repos))])
  return all.map((s) => {
    if (s.outcome.code !== 'SUCCESS') return s
    const n = Math.max(0, ...s.repos.map((r) => counts.get(r) ?? 0))
    if (n > deps.maxContributors)
      return { ...s, outcome: { code: 'TOO_MANY_CONTRIBUTORS', message: `Too many contributors for ${s.purl}` } }
    return s
  })
}

export async function declaredLocations(refs: readonly { purl: string }[], deps: GeoDeps): Promise<DeclaredAnswer[]> {
  const all = await gate(await subjects(refs, deps), deps)
  const declared = await deps.geo.declared([...new Set(all.filter(ok).flatMap((s) => s.repos))])
  const perRepos = memoByRepos((repos) => {
    const list = repos.flatMap((r) => declared.get(r) ?? [])
    return { list, curated: curate(list) }
  })
  return all.map((s) => {
    if (!ok(s)) return { purl: s.purl, declared: [], curated: [], outcome: s.outcome }
    const { list, curated } = perRepos(s.repos)
    if (list.length === 0)
      return { purl: s.purl, declared: [], curated: [], outcome: noInfo('No Provenance data found for the given Purl') }
    return { purl: s.purl, declared: list, curated, outcome: SUCCESS }
  })
}

export async function originLocations(refs: readonly { purl: string }[], deps: GeoDeps): Promise<OriginAnswer[]> {
  const all = await gate(await subjects(refs, deps), deps)
  const offsets = await deps.geo.authorOffsets([...new Set(all.filter(ok).flatMap((s) => s.repos))])
  const perRepos = memoByRepos((repos): { locations: OriginLocation[]; sources: string[] } => {
    const known = repos.flatMap((r) => offsets.get(r) ?? [])
    const authors: AuthorOffsets[] = known.flatMap((k) => k.authors)
    const sources = [...new Set(known.map((k) => k.source))].sort()
    return authors.length > 0 ? { locations: inferOrigin(authors), sources } : { locations: [], sources: [] }
  })
  return all.map((s) => {
    if (!ok(s)) return { purl: s.purl, locations: [], sources: [], outcome: s.outcome }
    const { locations, sources } = perRepos(s.repos)
    if (locations.length === 0)
      return { purl: s.purl, locations: [], sources: [], outcome: noInfo('No Origin data found for the given Purl') }
    return { purl: s.purl, locations, sources, outcome: SUCCESS }
  })
}

/** Curated countries: each declared location the gazetteer places, counted per country (most first, then name). */
function curate(list: readonly DeclaredLocation[]): { country: string; count: number }[] {
  const counts = new Map<string, number>()
  for (const d of list) {
    const place = curateLocation(d.location)
    if (place) counts.set(place.country, (counts.get(place.country) ?? 0) + 1)
  }
  return [...counts]
    .map(([country, count]) => ({ country, count }))
    .sort((a, b) => b.count - a.count || (a.country < b.country ? -1 : a.country > b.country ? 1 : 0))
}

/** `fn` computed once per set of repositories: a batch asks about the same repository many times. */
function memoByRepos<T>(fn: (repos: readonly string[]) => T): (repos: readonly string[]) => T {
  const done = new Map<string, T>()
  return (repos) => {
    const key = [...repos].sort().join(' ')
    if (!done.has(key)) done.set(key, fn(repos))
    return done.get(key) as T
  }
}

const ok = (s: Subject) => s.outcome.code === 'SUCCESS'
const noInfo = (message: string): Outcome => ({ code: 'NO_INFO', message })
