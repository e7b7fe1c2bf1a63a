// Which of the places holding a matched file content the answer names (docs/scanning.md "Which component"): after
// the SCANOSS engine's order, the SBOM's identified components first, then a known release date, then the scanned
// file's extension, then a path that does not look vendored, then the upstream package over a distribution's
// repackaging of it (compintel's rule), then the oldest release (where the file first appeared), then purl and
// version for a deterministic answer. Blacklisted components are never named.
import { repackagedPlaces, repackages } from '../shared/repackaging.ts'
import type { IndexedFile } from './types.ts'

/** The SBOM context of a scan post (the form's `type` and `assets`). */
export interface SbomContext {
  kind: 'identify' | 'blacklist'
  /** purl without version → the versions named for it ('' when none was). */
  purls: Map<string, Set<string>>
}

/** Path segments that mark third-party code copied into a package. */
const VENDORED = /(?:^|\/)(?:third[_-]?party|3rdparty|node_modules|site-packages|vendor|vendored|external|deps)\//i

/** 2 when the SBOM identifies the component and version, 1 the component only, else 0. */
export function identifiedLevel(f: IndexedFile, context: SbomContext | undefined): number {
  if (context?.kind !== 'identify') return 0
  const versions = context.purls.get(f.purl)
  if (!versions) return 0
  return versions.has(f.version) ? 2 : 1
}

function blacklisted(f: IndexedFile, context: SbomContext | undefined): boolean {
  if (context?.kind !== 'blacklist') return false
  const versions = context.purls.get(f.purl)
  return versions !== undefined && (versions.has('') || versions.has(f.version))
}

export function extensionOf(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1)
  const dot = base.lastIndexOf('.')
  return dot > 0 ? base.slice(dot + 1) : ''
}

/** The places ranked best first; blacklisted ones left out. */
export function rankPlaces(
  places: readonly IndexedFile[],
  scannedPath: string,
  context: SbomContext | undefined,
): IndexedFile[] {
  const ext = extensionOf(scannedPath)
  const kept = places.filter((f) => !blacklisted(f, context))
  const copies = repackagedPlaces(kept)
  const key = (f: IndexedFile) => ({
    identified: identifiedLevel(f, context),
    dated: f.releasedAt ? 1 : 0,
    sameExt: ext !== '' && extensionOf(f.path) === ext ? 1 : 0,
    own: VENDORED.test(f.path) ? 0 : 1,
    upstream: copies.has(f) ? 0 : 1,
  })
  return kept
    .map((f) => ({ f, k: key(f) }))
    .sort(
      (a, b) =>
        b.k.identified - a.k.identified ||
        b.k.dated - a.k.dated ||
        b.k.sameExt - a.k.sameExt ||
        b.k.own - a.k.own ||
        b.k.upstream - a.k.upstream ||
        compare(a.f.releasedAt ?? '', b.f.releasedAt ?? '') ||
        compare(a.f.purl, b.f.purl) ||
        a.f.versionId - b.f.versionId ||
        compare(a.f.path, b.f.path),
    )
    .map(({ f }) => f)
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * Whether snippet candidate place `a` is preferred to `b` as "the oldest component" (docs/scanning.md "Which
 * candidate"): the upstream package over a distribution's repackaging of it, else the older release.
 */
export function precedes(a: IndexedFile, b: IndexedFile): boolean {
  if (repackages(b, a)) return true
  if (repackages(a, b)) return false
  return (a.releasedAt ?? '9999') < (b.releasedAt ?? '9999')
}
