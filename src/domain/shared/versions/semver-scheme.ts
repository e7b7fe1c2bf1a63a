// Semantic versioning (npm and the other semver ecosystems) through node-semver, loose (a leading `v` is fine).
// Strings that are not semver fall back to natural order among themselves and sort below every semver
// version, so the order stays total and consistent on mixed lists.
import semver from 'semver'
import { naturalCompare } from './natural-scheme.ts'
import type { VersionScheme } from './types.ts'

/** Parsed versions, kept: resolving a batch compares every version of every component it names, again and again. */
const parsed = new Map<string, semver.SemVer | null>()
const PARSED_MAX = 200_000

/** node-semver's loose parse, memoized (the result is shared: never mutate it). */
export function parseSemver(v: string): semver.SemVer | null {
  let p = parsed.get(v)
  if (p !== undefined) return p
  p = semver.parse(v, { loose: true })
  if (parsed.size >= PARSED_MAX) parsed.clear()
  parsed.set(v, p)
  return p
}

export const semverScheme: VersionScheme = {
  name: 'semver',
  ranges: 'semver',
  isValid: (v) => parseSemver(v) !== null,
  compare(a, b) {
    const x = parseSemver(a)
    const y = parseSemver(b)
    if (x && y) return x.compare(y) || x.compareBuild(y) || (a < b ? -1 : a > b ? 1 : 0)
    if (x) return 1
    if (y) return -1
    return naturalCompare(a, b)
  },
  isPrerelease: (v) => (parseSemver(v)?.prerelease.length ?? 0) > 0,
}
