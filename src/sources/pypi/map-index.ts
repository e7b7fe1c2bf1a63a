// A distribution read from a configured PyPI index → the KB's facts (docs/pypi.md "From a configured index"): the
// project document's every version (PEP 440 sort key, the date of its first upload, yanked as `deprecated` with
// `yanked: <reason>`), each with the license and Requires-Dist of the releases read (the latest, from the project
// document's `info`, and the asked ones from their release documents; map-pypi-json.ts reads both); the facts' source
// is the index's (`pypi-registry`), dated when they were read. The component's summary and URLs are the latest's.
import { pep508Dependencies } from '../../domain/dependencies/pep508.ts'
import { versionSortKey } from '../../domain/kb/sort-key.ts'
import type { ComponentFacts, VersionFacts } from '../../domain/kb/types.ts'
import { pep503 } from '../../domain/shared/purl.ts'
import { schemeFor } from '../../domain/shared/versions/index.ts'
import type { PypiProjectValues, PypiReleaseValues } from './registry/map-pypi-json.ts'

const pep440 = schemeFor('pypi')
/** Versions a project document may list (the largest projects list a few thousand). */
const MAX_INDEX_VERSIONS = 10_000

export interface IndexFacts {
  component: ComponentFacts
  /** Every version the index lists, with the metadata of those whose release was read. */
  versions: VersionFacts[]
}

/**
 * The project's facts; `releases`: the release metadata read, by version (the latest's is the project document's).
 * Versions that are not PEP 440 (legacy uploads) or longer than 128 characters are left out.
 */
export function mapIndexProject(
  asked: string,
  project: PypiProjectValues,
  releases: ReadonlyMap<string, PypiReleaseValues>,
): IndexFacts {
  const purlName = pep503(asked)
  const { latest, source, asOf } = project
  const read = new Map(releases)
  if (project.latestVersion) read.set(project.latestVersion, latest)
  const versions = project.versions
    .filter((v) => v.version.length <= 128 && pep440.isValid(v.version))
    .slice(0, MAX_INDEX_VERSIONS)
    .map((v): VersionFacts => {
      const release = read.get(v.version)
      return {
        version: v.version,
        sortKey: versionSortKey(v.version, 'pypi'),
        isPrerelease: pep440.isPrerelease(v.version),
        releasedAt: isoDate(v.releasedAt),
        status: v.status,
        statusRaw: v.statusRaw,
        integrity: null,
        unpackedSize: null,
        fileCount: null,
        license: release?.license ?? null,
        dependencies: release ? pep508Dependencies(release.requiresDist) : [],
        source,
        asOf,
      }
    })
  const homepage = latest.homepageUrl
  const component: ComponentFacts = {
    purl: `pkg:pypi/${purlName}`,
    purlType: 'pypi',
    namespace: '',
    name: purlName,
    purlName,
    description: latest.description,
    projectUrl: homepage ?? Object.values(latest.projectUrls)[0] ?? '',
    homepageUrl: homepage,
    repositoryUrl: latest.repositoryUrl,
    sourcePurl: null,
    latestVersion: project.latestVersion,
    status: 'active',
    statusRaw: null,
    statusChangeDate: null,
    registryModified:
      versions
        .flatMap((v) => v.releasedAt ?? [])
        .sort()
        .at(-1) ?? null,
    source,
    asOf,
  }
  return { component, versions }
}

/** An upload time as the KB keeps dates (ISO 8601, UTC, milliseconds), or null for one that is not a date. */
function isoDate(raw: string | null): string | null {
  if (raw === null || raw.length > 40) return null
  const t = Date.parse(raw)
  return Number.isNaN(t) ? null : new Date(t).toISOString()
}
