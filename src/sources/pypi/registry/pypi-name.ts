// PyPI project names as the index compares them (PEP 503 "Normalized Names"), and the version in a distribution's
// file name (the wheel file name convention of PEP 427 / the binary distribution format, and source distributions'
// `{name}-{version}.tar.gz` of PEP 625 and the older `.zip` and `.tar.bz2` forms).
import { pep503 } from '../../../domain/shared/purl.ts'

/** Whether `name` is a valid project name (core metadata's `Name`: letters and digits at both ends, `-_.` inside). */
export function isPypiName(name: string): boolean {
  return /^([A-Z0-9]|[A-Z0-9][A-Z0-9._-]*[A-Z0-9])$/i.test(name) && name.length <= 200
}

export type DistributionKind = 'wheel' | 'sdist'

const SDIST = /\.(tar\.gz|zip|tar\.bz2|tar\.xz|tgz)$/i

/** A file's kind and version when its name is a distribution of `project`; undefined for anything else. */
export function distributionOf(
  filename: string,
  project: string,
): { kind: DistributionKind; version: string } | undefined {
  const want = pep503(project)
  if (filename.endsWith('.whl')) {
    const parts = filename.slice(0, -4).split('-')
    if (parts.length !== 5 && parts.length !== 6) return undefined
    if (pep503(parts[0] as string) !== want) return undefined
    return { kind: 'wheel', version: parts[1] as string }
  }
  const ext = SDIST.exec(filename)
  if (!ext) return undefined
  const stem = filename.slice(0, -ext[0].length)
  // the name may itself hold dashes (older sdists): the version starts after the dash the name ends at
  for (let at = stem.indexOf('-'); at > 0; at = stem.indexOf('-', at + 1))
    if (pep503(stem.slice(0, at)) === want) {
      const version = stem.slice(at + 1)
      return version ? { kind: 'sdist', version } : undefined
    }
  return undefined
}
