// The known version nearest to a target (docs/api-behaviour.md "Nearest version"): used when the version asked for has
// no license facts. Distance = |Δmajor|·1e6 + |Δminor|·1e3 + |Δpatch|; ties go to the higher version.
import semver from 'semver'
import type { VersionScheme } from '../shared/versions/index.ts'
import { semverPoint } from '../shared/versions/semver-scheme.ts'

/** A version's major, minor and patch. */
type Point = { major: number; minor: number; patch: number }

const ZERO: Point = { major: 0, minor: 0, patch: 0 }

/**
 * A version or requirement as numbers: parsed loosely, else the first X[.Y[.Z]] in it (so `^1.2.3` → 1.2.3, as the
 * reference strips a leading operator, and `2.0-rc1` → 2.0.0); undefined when it holds no number at all.
 */
export function versionPoint(v: string): Point | undefined {
  return semverPoint(v) ?? semver.coerce(v) ?? undefined
}

export function versionDistance(a: Point, b: Point): number {
  return Math.abs(a.major - b.major) * 1e6 + Math.abs(a.minor - b.minor) * 1e3 + Math.abs(a.patch - b.patch)
}

/**
 * The candidate nearest to `target` (a version or a requirement), undefined when there is no candidate or the target
 * holds no version number. Candidates without a version number count as 0.0.0, as in the reference.
 */
export function nearestVersion<T extends { version: string }>(
  target: string,
  candidates: readonly T[],
  scheme: VersionScheme,
): T | undefined {
  const point = versionPoint(target)
  if (!point) return undefined
  let best: { item: T; distance: number } | undefined
  for (const item of candidates) {
    const distance = versionDistance(point, versionPoint(item.version) ?? ZERO)
    if (
      !best ||
      distance < best.distance ||
      (distance === best.distance && scheme.compare(item.version, best.item.version) > 0)
    )
      best = { item, distance }
  }
  return best?.item
}
