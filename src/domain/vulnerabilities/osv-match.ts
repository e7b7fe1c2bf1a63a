// Whether a version is affected by an OSV `affected` entry (OSV schema, "Evaluation"): explicit `versions`, and
// SEMVER / ECOSYSTEM ranges of introduced / fixed / last_affected / limit events in the ecosystem's version order.
// GIT ranges name commits, which a version string cannot be placed among: they are kept but never match.
import { semverScheme } from '../shared/versions/index.ts'
import type { VersionScheme } from '../shared/versions/types.ts'

export interface OsvEvent {
  introduced?: string
  fixed?: string
  last_affected?: string
  limit?: string
}

export interface OsvRange {
  type: string
  events: OsvEvent[]
}

export interface OsvAffected {
  ranges?: OsvRange[]
  versions?: string[]
}

const ZERO = '0'

/**
 * `scheme` orders ECOSYSTEM ranges (the ecosystem's own order); SEMVER ranges always use SemVer precedence. npm's
 * scheme (node-semver) tells versions apart exactly, so only the others look for other spellings.
 */
export function isAffected(version: string, affected: OsvAffected, scheme: VersionScheme): boolean {
  // explicit versions: the same version in another spelling counts too (PyPI 1.0 = 1.0.0, Go v1.2.3 = 1.2.3)
  const listed = affected.versions ?? []
  if (listed.includes(version) || (scheme !== semverScheme && listed.some((v) => scheme.compare(v, version) === 0)))
    return true
  return (affected.ranges ?? []).some(
    (r) => r.type !== 'GIT' && inRange(version, r.events, r.type === 'SEMVER' ? semverScheme : scheme),
  )
}

/** Whether an entry affects every version there is (introduced 0 and nothing closing it), e.g. malware reports. */
export function affectsEveryVersion(affected: OsvAffected): boolean {
  return (affected.ranges ?? []).some(
    (r) =>
      r.type !== 'GIT' &&
      r.events.some((e) => e.introduced === ZERO) &&
      r.events.every((e) => e.introduced !== undefined || (e.limit !== undefined && e.limit === '*')),
  )
}

/** One range: walk its events in version order; introduced opens, fixed and last_affected close, limit caps. */
export function inRange(version: string, events: readonly OsvEvent[], scheme: VersionScheme): boolean {
  const cmp = (a: string, b: string) => (a === b ? 0 : a === ZERO ? -1 : b === ZERO ? 1 : scheme.compare(a, b))
  const limits = events.flatMap((e) => (e.limit !== undefined ? [e.limit] : []))
  if (limits.some((l) => l !== '*' && cmp(version, l) >= 0)) return false
  const sorted = events
    .flatMap((e, i) => {
      const [kind, at] = eventOf(e)
      return kind === undefined || kind === 'limit' ? [] : [{ kind, at: at as string, i }]
    })
    .sort((a, b) => cmp(a.at, b.at) || a.i - b.i)
  let affected = false
  for (const e of sorted) {
    if (e.kind === 'introduced') {
      if (cmp(version, e.at) >= 0) affected = true
    } else if (e.kind === 'fixed') {
      if (cmp(version, e.at) >= 0) affected = false
    } else if (cmp(version, e.at) > 0) affected = false
  }
  return affected
}

function eventOf(e: OsvEvent): [keyof OsvEvent | undefined, string | undefined] {
  if (e.introduced !== undefined) return ['introduced', e.introduced]
  if (e.fixed !== undefined) return ['fixed', e.fixed]
  if (e.last_affected !== undefined) return ['last_affected', e.last_affected]
  if (e.limit !== undefined) return ['limit', e.limit]
  return [undefined, undefined]
}

/** The versions that fix an entry (its `fixed` events), for answers. */
export function fixedVersions(affected: OsvAffected): string[] {
  return (affected.ranges ?? []).flatMap((r) =>
    r.type === 'GIT' ? [] : r.events.flatMap((e) => (e.fixed ? [e.fixed] : [])),
  )
}
