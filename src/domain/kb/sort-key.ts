// Version sort keys: text whose plain byte order is the ecosystem's version order, so SQL can ORDER BY it.
// Semver: major.minor.patch padded to 10 digits; a release sorts after its pre-releases ('~' > '-'); pre-release
// identifiers compare numerically ('0' + padded) below alphanumerics ('1' + text), separated by ' ' so that a
// shorter list sorts first. Versions that are not semver get a natural-sort key (digit runs padded to 20) and
// sort before every semver version. Debian versions: debian-sort-key.ts. PostgreSQL compares the column with
// COLLATE "C" (byte order).
import semver from 'semver'
import { debianSortKey } from './debian-sort-key.ts'

export function versionSortKey(version: string, purlType = 'npm'): string {
  if (purlType === 'deb') return debianSortKey(version, naturalKey)
  const v = semver.parse(version, { loose: true })
  if (!v) return `0${naturalKey(version)}`
  const core = [v.major, v.minor, v.patch].map((n) => pad(n, 10)).join('.')
  if (v.prerelease.length === 0) return `1${core}~`
  const ids = v.prerelease.map((id) => (typeof id === 'number' ? `0${pad(id, 10)}` : `1${id}`))
  return `1${core}-${ids.join(' ')}`
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0')
}

/** Every run of digits left-padded with zeros to 20 characters; everything else kept. */
function naturalKey(s: string): string {
  return s.replace(/\d+/g, (d) => d.replace(/^0+(?=\d)/, '').padStart(20, '0'))
}

export function isPrerelease(version: string): boolean {
  const v = semver.parse(version, { loose: true })
  return v !== null && v.prerelease.length > 0
}
