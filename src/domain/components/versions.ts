// Versions of a component (docs/api-behaviour.md "Component versions"): newest first, each with its date and licenses.
import type { CatalogReader, KnownComponent, KnownVersion } from '../catalog/types.ts'
import { type LicenseEntry, licenseEntry } from '../licenses/spdx.ts'
import type { LicenseReader, VersionLicenses } from '../licenses/types.ts'
import { componentNames } from '../shared/component-name.ts'
import type { Outcome } from '../shared/outcome.ts'
import { SUCCESS } from '../shared/outcome.ts'
import { purlName, splitVersion, tryParsePurl } from '../shared/purl.ts'
import { schemeFor } from '../shared/versions/index.ts'

export const VERSIONS_LIMIT = 50
export const MAX_VERSIONS_LIMIT = 1000

interface VersionItem {
  version: string
  date: string
  licenses: LicenseEntry[]
}

export interface ComponentVersions {
  outcome: Outcome
  purl: string
  name: string
  url: string
  /** The component's source: its repository (pkg:github/…) or Debian source package; '' when the KB has none. */
  sourcePurl: string
  versions: VersionItem[]
}

/** The answer for a purl the KB cannot list versions of. */
const nothing = (outcome: Outcome, purl: string): ComponentVersions => ({
  outcome,
  purl,
  name: '',
  url: '',
  sourcePurl: '',
  versions: [],
})

/** A purl's @version, if any, is ignored: every version of the component is listed. */
export async function componentVersions(
  input: string,
  limit: number | undefined,
  catalog: CatalogReader,
  licenses: LicenseReader,
): Promise<ComponentVersions> {
  const { purl } = splitVersion(input)
  const parsed = tryParsePurl(purl)
  if (!parsed) return nothing({ code: 'INVALID_PURL', message: 'Invalid Purl' }, purl)
  const key = { type: parsed.type, purlName: purlName(parsed) }
  const component = [...(await catalog.components([key])).values()][0]
  if (!component) return nothing({ code: 'COMPONENT_NOT_FOUND', message: 'Component not found' }, purl)
  const n = limit !== undefined && limit >= 1 ? Math.min(limit, MAX_VERSIONS_LIMIT) : VERSIONS_LIMIT
  const chosen = newestFirst(component).slice(0, n)
  const facts = await licenses.ofVersions(chosen.map((v) => v.id))
  return {
    outcome: SUCCESS,
    purl: component.purl,
    name: componentNames(component.purl).component,
    url: component.projectUrl,
    sourcePurl: component.sourcePurl ?? '',
    versions: chosen.map((v) => ({
      version: v.version,
      date: v.releasedAt ?? '',
      licenses: versionLicenseIds(facts.get(v.id)).map(licenseEntry),
    })),
  }
}

/**
 * Newest release first, as the reference orders them (`ORDER BY date DESC NULLS LAST`; docs/components.md "Versions"):
 * a backport released after the next major comes before it. Versions without a release date come last; equal or missing
 * dates go highest version first, in the ecosystem's version order, so the order is always the same.
 */
export function newestFirst(component: KnownComponent): KnownVersion[] {
  const scheme = schemeFor(component.type)
  const time = (v: KnownVersion) => {
    const t = v.releasedAt ? Date.parse(v.releasedAt) : Number.NaN
    return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t
  }
  return [...component.versions]
    .map((v) => ({ v, t: time(v) }))
    .sort((a, b) => (a.t !== b.t ? b.t - a.t : scheme.compare(b.v.version, a.v.version)))
    .map(({ v }) => v)
}

/** The declared licenses of a version (in the order its expression names them), or else those found in its files. */
export function versionLicenseIds(v: VersionLicenses | undefined): string[] {
  const facts = v?.facts ?? []
  const declared = facts.filter((f) => f.kind === 'declared')
  if (declared.length === 0) return [...new Set(facts.map((f) => f.licenseId))]
  const tokens = (v?.expression ?? '').split(/[\s()]+/)
  const at = (id: string) => {
    const i = tokens.indexOf(id)
    return i === -1 ? tokens.length : i
  }
  return [...new Set(declared.map((f) => f.licenseId))].sort((a, b) => at(a) - at(b))
}
