// The upstream versions of a library Debian repackages (a crate, a Go module, a Maven artifact), as its packages ship
// them: each upstream version once, from the newest Debian version shipping it (a point release's fix over the
// release's), in the ecosystem's order, and the latest (the newest release, else the newest pre-release).

import { schemeFor } from '../../domain/shared/versions/index.ts'
import type { VersionScheme } from '../../domain/shared/versions/types.ts'

const deb = schemeFor('deb')

export interface UpstreamVersions<T> {
  /** Each upstream version's newest shipping. */
  byVersion: Map<string, T>
  /** Those, oldest first by the ecosystem's rules. */
  sorted: T[]
  latest: T | undefined
}

export function upstreamVersions<T extends { debianVersion: string }>(
  shipped: readonly T[],
  versionOf: (s: T) => string,
  scheme: VersionScheme,
): UpstreamVersions<T> {
  const byVersion = new Map<string, T>()
  for (const s of shipped) {
    const known = byVersion.get(versionOf(s))
    if (!known || deb.compare(s.debianVersion, known.debianVersion) > 0) byVersion.set(versionOf(s), s)
  }
  const sorted = [...byVersion.values()].sort((a, b) => scheme.compare(versionOf(a), versionOf(b)))
  const latest = sorted.filter((s) => !scheme.isPrerelease(versionOf(s))).at(-1) ?? sorted.at(-1)
  return { byVersion, sorted, latest }
}
