// Semantic versioning (npm and the other semver ecosystems) through node-semver, loose (a leading `v` is fine).
// Strings that are not semver fall back to natural order among themselves and sort below every semver
// version, so the order stays total and consistent on mixed lists.
import semver from 'semver'
import { naturalCompare } from './natural-scheme.ts'
import type { VersionScheme } from './types.ts'

const parse = (v: string) => semver.parse(v, { loose: true })

export const semverScheme: VersionScheme = {
  name: 'semver',
  ranges: 'semver',
  isValid: (v) => parse(v) !== null,
  compare(a, b) {
    const x = parse(a)
    const y = parse(b)
    if (x && y) return x.compare(y) || x.compareBuild(y) || (a < b ? -1 : a > b ? 1 : 0)
    if (x) return 1
    if (y) return -1
    return naturalCompare(a, b)
  },
  isPrerelease: (v) => (parse(v)?.prerelease.length ?? 0) > 0,
}
