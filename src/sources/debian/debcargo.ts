// The crates Debian's `librust-*-dev` packages ship, read from the Packages index alone (docs/debian.md "Contents
// index"): the fallback for a suite whose Contents index is missing (a mirror mid-sync serves it at the wrong size).
// debcargo names the packages by a documented rule: the crate's name lower-cased with `_` written `-`,
// `librust-<crate>-dev`, or `librust-<crate>-<major>-dev` / `librust-<crate>-0.<minor>-dev` / `-0.0.<patch>-dev` for
// an older series kept beside it; `librust-<crate>+<feature>-dev` packages ship no crate. Each package `Provides:`
// `librust-<crate>-<x.y.z>-dev (= <Debian version>)` for every crate it ships (several when one source package
// bundles them), which tells a crate whose name ends in digits (`md-5`, `codepage-437`) from a series suffix; a
// package without such entries is read from its own name and version. The crate's folder in the package is
// usr/share/cargo/registry/<crate>-<version>/, its version semver's (`2.0.0-pre.1`, Debian's `2.0.0~pre.1`). No
// field of the index spells the crate as its manifest does: Debian's folder keeps the crate's own `_`
// (`lazy_static-1.5.0`) where the path derived here has `-`; the walk finds the folder up to `-`/`_`
// (cargo/deb-crate.ts versionOfFolder). Python distributions cannot be read so (python3-<module> names a module, not
// a distribution): a suite without Contents has none.
import { versionProblem } from '../../domain/kb/ecosystem-rules.ts'
import { excerpt } from '../../ingest/failure.ts'
import type { RepackagedEntry } from './contents.ts'
import type { BinaryRecord } from './indexes.ts'

/** A package shipping a crate (its series suffix may hold a `.`): no `+` (a feature's package is empty but for its dependencies). */
const CRATE_PACKAGE = /^librust-([a-z0-9][a-z0-9.-]*)-dev$/
/** A Provides entry naming a crate at its full version: names hold no `.`, so the version is where it starts. */
const CRATE_PROVIDED = /^librust-([a-z0-9][a-z0-9-]*?)-([0-9]+\.[0-9]+\.[0-9]+)-dev$/
const PROVIDES_ENTRY = /^(\S+)(?:\s*\(\s*=\s*([^)\s]+)\s*\))?$/
/** The part of a Debian upstream version after a semver core that is a repack, not a pre-release. */
const REPACK = /^(?:dfsg|ds|repack)/i

/** The crates the package ships (none when it is no crate's package), its refusals told. */
export function cratesOfPackage(
  r: Pick<BinaryRecord, 'name' | 'version' | 'provides'>,
  onRefused: (why: string) => void = () => {},
): RepackagedEntry[] {
  const own = CRATE_PACKAGE.exec(r.name)?.[1]
  if (own === undefined) return []
  const found = new Map<string, { crate: string; version: string }>()
  for (const item of r.provides.split(',')) {
    const m = PROVIDES_ENTRY.exec(item.trim())
    const c = m ? CRATE_PROVIDED.exec(m[1] as string) : null
    if (!m || !c) continue
    const [, crate, core] = c as unknown as [string, string, string]
    found.set(crate, { crate, version: crateVersion(m[2] ?? r.version, core) })
  }
  if (found.size === 0) {
    // no full-version entry: the package's own name, its series suffix told by its version
    const core = /^[0-9]+\.[0-9]+\.[0-9]+/.exec(upstreamVersion(r.version))?.[0]
    if (core === undefined) {
      onRefused(`${excerpt(r.name, 80)} ${excerpt(r.version, 80)}: no crate version in the Debian version`)
      return []
    }
    const suffix = `-${seriesOf(core)}`
    const crate = own.endsWith(suffix) ? own.slice(0, -suffix.length) : own
    found.set(crate, { crate, version: crateVersion(r.version, core) })
  }
  const out: RepackagedEntry[] = []
  for (const { crate, version } of found.values()) {
    const problem = versionProblem('cargo', version)
    if (problem) onRefused(`${excerpt(r.name, 80)}: crate ${crate} version "${excerpt(version, 80)}" ${problem}`)
    else
      out.push({
        ecosystem: 'cargo',
        name: crate,
        version,
        path: `usr/share/cargo/registry/${crate}-${version}/Cargo.toml`,
        package: r.name,
        from: 'Packages',
      })
  }
  return out
}

/** The crates of every version of the packages that these suites list (a suite's -updates and -security included). */
export function cratesOfSuites(
  packages: ReadonlyMap<string, readonly BinaryRecord[]>,
  suites: ReadonlySet<string>,
  onRefused: (why: string) => void = () => {},
): RepackagedEntry[] {
  if (suites.size === 0) return []
  const out: RepackagedEntry[] = []
  for (const [name, records] of packages)
    if (CRATE_PACKAGE.test(name))
      for (const r of records) if (r.suites.some((s) => suites.has(s))) out.push(...cratesOfPackage(r, onRefused))
  return out
}

/** debcargo's series suffix of a version: its major, `0.<minor>`, or `0.0.<patch>`. */
export function seriesOf(core: string): string {
  const [major, minor, patch] = core.split('.') as [string, string, string]
  if (major !== '0') return major
  return minor !== '0' ? `0.${minor}` : `0.0.${patch}`
}

/** A Debian version's upstream part: no epoch, no Debian revision; the `X` of `<a>~reallyX` (a downgrade). */
export function upstreamVersion(debian: string): string {
  const noEpoch = debian.replace(/^[0-9]+:/, '')
  const dash = noEpoch.lastIndexOf('-')
  const upstream = dash === -1 ? noEpoch : noEpoch.slice(0, dash)
  const really = upstream.lastIndexOf('~really')
  return really === -1 ? upstream : upstream.slice(really + '~really'.length)
}

/**
 * The crate's version: the semver core the package names, with the pre-release Debian writes after `~` when its
 * upstream version starts with that core (`2.0.0~pre.1` → `2.0.0-pre.1`); a repack (`~dfsg`, `+ds`) or a bundle's
 * `+<version>` is not the crate's.
 */
export function crateVersion(debian: string, core: string): string {
  const upstream = upstreamVersion(debian)
  if (!upstream.startsWith(core)) return core
  const pre = /^~([0-9A-Za-z][0-9A-Za-z.]*)/.exec(upstream.slice(core.length))?.[1]
  return pre === undefined || REPACK.test(pre) ? core : `${core}-${pre}`
}
