// A distribution's package that repackages an upstream one (docs/scanning.md "Which component"): Debian's
// node-mime-types installs npm's mime-types at usr/share/nodejs/mime-types/, so a file of mime-types is held by both.
// The code comes from the upstream package; the distribution's is where it was copied to. A distribution place is
// recognized from the two places alone: its purl type is a distribution's, the other's is not, and its path ends with
// the upstream package's name followed by the upstream file's path (`…/mime-types/index.js` against mime-types'
// `index.js`), which is where distributions install an ecosystem's packages (a Python distribution's files: directly
// under `dist-packages/`); a folder named with its version as well, as Debian installs crates
// (`usr/share/cargo/registry/itoa-1.0.1/src/lib.rs` against itoa's `src/lib.rs`), counts as the name's.
import { componentNames } from './component-name.ts'

/** Purl types of operating-system distributions, whose packages repackage code published elsewhere. */
const DISTRIBUTION_TYPES = new Set(['deb', 'rpm', 'apk', 'alpm'])

/** Where a file is held: the component's purl (canonical, without version) and the file's path in it. */
export interface FilePlace {
  purl: string
  path: string
}

export function purlType(purl: string): string {
  return purl.slice('pkg:'.length, purl.indexOf('/'))
}

export function isDistribution(purl: string): boolean {
  return DISTRIBUTION_TYPES.has(purlType(purl))
}

/**
 * The path an upstream file has once a distribution installs its package: `<package name>/<path>`; a Python
 * distribution's files are held as a wheel holds them (`url_normalize/tools.py`) and installed as they are under
 * `dist-packages/` (Debian's `usr/lib/python3/dist-packages/url_normalize/tools.py`).
 */
function installedPath(upstream: FilePlace): string {
  if (purlType(upstream.purl) === 'pypi') return `dist-packages/${upstream.path}`
  return `${componentNames(upstream.purl).component}/${upstream.path}`
}

/** A folder `<name>-<semver>` (a crate's, as Debian installs it: docs/cargo.md). */
const VERSIONED_FOLDER = /^([A-Za-z][A-Za-z0-9_.-]*)-[0-9]+\.[0-9]+\.[0-9]+(?:[-+][0-9A-Za-z.+-]*)?$/

/** A distribution's path with its versioned folders named by their names alone. */
function unversioned(path: string): string {
  return path
    .split('/')
    .map((part) => VERSIONED_FOLDER.exec(part)?.[1] ?? part)
    .join('/')
}

/** Whether `place` is a distribution's copy of the upstream file `upstream` (see above). */
export function repackages(place: FilePlace, upstream: FilePlace): boolean {
  if (!isDistribution(place.purl) || isDistribution(upstream.purl)) return false
  const wanted = `/${installedPath(upstream)}`
  return `/${place.path}`.endsWith(wanted) || `/${unversioned(place.path)}`.endsWith(wanted)
}

/**
 * The distribution places among `places` that repackage another of them: one pass over the upstream places' installed
 * paths, then each distribution path's tails looked up (no pairwise comparison).
 */
export function repackagedPlaces<T extends FilePlace>(places: readonly T[]): Set<T> {
  const upstream = new Set(places.filter((p) => !isDistribution(p.purl)).map(installedPath))
  const out = new Set<T>()
  if (upstream.size === 0) return out
  for (const p of places)
    if (isDistribution(p.purl) && [...tails(p.path), ...tails(unversioned(p.path))].some((t) => upstream.has(t)))
      out.add(p)
  return out
}

/** The path, then what follows each of its '/'. */
function tails(path: string): string[] {
  const out = [path]
  for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) out.push(path.slice(i + 1))
  return out
}
