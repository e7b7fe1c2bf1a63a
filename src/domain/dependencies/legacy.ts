// The deprecated dependencies call (POST /v2/dependencies/dependencies; docs/dependencies.md "The legacy call"):
// each purl of each manifest file resolved to a version with its name, URL and licenses. The whole request is one
// catalog read (two when exact versions are asked for, three when one of them is missing) and one license read,
// whatever the number of files.
import semver from 'semver'
import { type ComponentRef, type Resolved, resolveBatch, withAllVersions } from '../catalog/resolve-batch.ts'
import type { CatalogReader, KnownVersion } from '../catalog/types.ts'
import { type LicenseEntry, licenseEntry } from '../licenses/spdx.ts'
import type { LicenseReader, VersionLicenses } from '../licenses/types.ts'
import { componentNames } from '../shared/component-name.ts'
import { type Outcome, SUCCESS } from '../shared/outcome.ts'

export interface DependencyFileInput {
  file: string
  purls: readonly ComponentRef[]
}

export interface FileDependency {
  /** The package name (npm: `@scope/name`); '' when the purl is malformed. */
  component: string
  /** The purl as sent, without its @version. */
  purl: string
  /** The version whose data is shown; '' when none. */
  version: string
  /** The requirement in force: the purl's @version, else the one sent. */
  requirement: string
  /** The component's page ('' when the KB does not know it). */
  url: string
  licenses: LicenseEntry[]
  outcome: Outcome
  /** The KB's id of the version shown (not on the wire: on-demand learning looks up its analysis). */
  versionId: number | undefined
}

export interface FileDependencies {
  file: string
  dependencies: FileDependency[]
}

export interface LegacyPorts {
  catalog: CatalogReader
  licenses: LicenseReader
}

export async function dependencyFiles(
  files: readonly DependencyFileInput[],
  ports: LegacyPorts,
): Promise<FileDependencies[]> {
  const refs = files.flatMap((f) => f.purls)
  const resolved = await resolveBatch(refs, ports.catalog)
  // the nearest-version fallback needs every version of the components an exact lookup read only in part
  const notFound = (r: Resolved) => r.outcome.code === 'VERSION_NOT_FOUND'
  const picked = (await withAllVersions(resolved, notFound, ports.catalog)).map(withFallback)
  const ids = picked.flatMap((p) => (p.shown ? [p.shown.id] : []))
  const facts = ids.length > 0 ? await ports.licenses.ofVersions(ids) : new Map<number, VersionLicenses>()
  let i = 0
  return files.map((f) => ({
    file: f.file,
    dependencies: f.purls.map(() => {
      const p = picked[i++] as Picked
      return toDependency(p, p.shown ? licenseIds(facts.get(p.shown.id)).map(licenseEntry) : [])
    }),
  }))
}

interface Picked {
  r: Resolved
  shown: KnownVersion | undefined
  outcome: Outcome
}

/**
 * A known component whose versions do not satisfy the requirement is shown at the nearest version, flagged
 * REQUIREMENT_NOT_MET (nearest as in docs/api-behaviour.md "Nearest version").
 */
function withFallback(r: Resolved): Picked {
  if (r.chosen) return { r, shown: r.chosen, outcome: SUCCESS }
  if (r.outcome.code !== 'VERSION_NOT_FOUND' || !r.component) return { r, shown: undefined, outcome: r.outcome }
  const served = r.component.versions.filter((v) => v.status !== 'removed' && v.status !== 'deleted')
  const near = nearestVersion(r.requirement, served)
  if (!near) return { r, shown: undefined, outcome: r.outcome }
  const message = `Requirement not met, showing information for version '${near.version}'`
  return { r, shown: near, outcome: { code: 'REQUIREMENT_NOT_MET', message } }
}

function toDependency(p: Picked, licenses: LicenseEntry[]): FileDependency {
  const { r, shown } = p
  let outcome = p.outcome
  if (outcome.code === 'SUCCESS' && licenses.length === 0)
    outcome = { code: 'NO_INFO', message: 'No license information found' }
  return {
    component: componentNames(r.component?.purl ?? r.parsed ?? '').component,
    // a known component: the purl without its @version, which scanoss-js matches on; an unknown one: as sent, so a
    // client that builds its SBOM entries from the answer keeps the version (docs/dependencies.md)
    purl: r.component ? r.purl : r.sent.purl,
    version: shown?.version ?? '',
    requirement: r.requirement,
    url: r.component?.projectUrl ?? '',
    licenses,
    outcome,
    versionId: shown?.id,
  }
}

/** Distance |Δmajor|·1e6 + |Δminor|·1e3 + |Δpatch| to the requirement's first version; ties → the higher version. */
export function nearestVersion<T extends { version: string }>(
  requirement: string,
  versions: readonly T[],
): T | undefined {
  const target = semver.coerce(requirement)
  if (!target) return undefined
  let best: { v: T; d: number; sv: semver.SemVer } | undefined
  for (const v of versions) {
    const sv = semver.parse(v.version, { loose: true }) ?? semver.coerce(v.version)
    if (!sv) continue
    const d =
      Math.abs(sv.major - target.major) * 1e6 +
      Math.abs(sv.minor - target.minor) * 1e3 +
      Math.abs(sv.patch - target.patch)
    if (!best || d < best.d || (d === best.d && sv.compare(best.sv) > 0)) best = { v, d, sv }
  }
  return best?.v
}

/** The declared licenses of a version, or, when none was declared, the ones found in its files. */
export function licenseIds(v: VersionLicenses | undefined): string[] {
  const facts = v?.facts ?? []
  const declared = facts.filter((f) => f.kind === 'declared')
  return [...new Set((declared.length > 0 ? declared : facts).map((f) => f.licenseId))]
}
