// The version scheme of each purl type. Maven, PEP 440 and Debian comparators are still to come; until then
// those ecosystems use natural order, which agrees with them on plain dotted numbers.
import { naturalScheme } from './natural-scheme.ts'
import { semverScheme } from './semver-scheme.ts'
import type { VersionScheme } from './types.ts'

const SEMVER_TYPES = new Set([
  'npm',
  'github',
  'gitlab',
  'bitbucket',
  'gem',
  'cargo',
  'golang',
  'composer',
  'nuget',
  'hex',
  'pub',
  'swift',
  'cocoapods',
])

export function schemeFor(purlType: string): VersionScheme {
  return SEMVER_TYPES.has(purlType) ? semverScheme : naturalScheme
}

export type { VersionScheme }
export { naturalScheme, semverScheme }
