// A Python distribution read from Debian's packages → the KB's facts (docs/pypi.md): pkg:pypi/<PEP 503 name> at its
// upstream versions (the metadata's Version, never the Debian revision), each version's facts recorded as coming
// from the Debian package and version it was read from (`debian:<package>@<version>`, the component's source purl
// `pkg:deb/debian/<package>@<version>`), dated by that package's suites' Release date. The metadata must be the
// asked distribution's: its Name normalises to the asked name and its Version, a PEP 440 one, is the one its directory
// spells.

import { pep508Dependencies } from '../../domain/dependencies/pep508.ts'
import { versionSortKey } from '../../domain/kb/sort-key.ts'
import type { ComponentFacts, VersionFacts } from '../../domain/kb/types.ts'
import { pep503 } from '../../domain/shared/purl.ts'
import { schemeFor } from '../../domain/shared/versions/index.ts'
import { excerpt, UpstreamRefused } from '../../ingest/failure.ts'
import { declaredLicense } from './license.ts'
import type { CoreMetadata } from './metadata.ts'
import { repositoryUrl } from './repository-url.ts'
import { requiresTxtToRequiresDist } from './requires.ts'

const pep440 = schemeFor('pypi')

/** One distribution version as read from one Debian package version. */
export interface ReadDist {
  metadata: CoreMetadata
  /** The version its directory's name spells (`url_normalize-1.4.3.dist-info`: 1.4.3). */
  pathVersion: string
  /** The metadata file under dist-packages. */
  metadataPath: string
  /** An egg-info's requires.txt ('' without one). */
  requiresTxt: string
  debPackage: string
  debVersion: string
  /** The suites listing that Debian version, and their newest Release date (ISO). */
  suites: string[]
  asOf: string
}

/** Refuses a distribution read that is not the asked one (UpstreamRefused, `identity`). */
export function checkDistIdentity(asked: string, d: ReadDist): void {
  const where = `${d.debPackage} ${d.debVersion}: ${d.metadataPath}`
  if (pep503(d.metadata.name) !== pep503(asked))
    throw new UpstreamRefused('identity', `${where} names ${excerpt(d.metadata.name, 80)}, not ${asked}`)
  // pip installs no other version since 24.1; the KB's order and ranges are PEP 440's
  if (d.metadata.version.length > 128 || !pep440.isValid(d.metadata.version))
    throw new UpstreamRefused('format', `${where}: version ${excerpt(d.metadata.version, 80)} is not PEP 440`)
  // the directory's name escapes the version as setuptools' to_filename does ('-' written '_')
  if (d.metadata.version.replace(/-/g, '_') !== d.pathVersion.replace(/-/g, '_'))
    throw new UpstreamRefused('identity', `${where} is version ${d.metadata.version}, its path says ${d.pathVersion}`)
}

/** The facts of one upstream version. */
export function mapDistVersion(d: ReadDist): VersionFacts {
  const v = d.metadata.version
  const source = debSource(d)
  const declared = declaredLicense(d.metadata)
  const requires =
    d.metadata.requiresDist.length > 0 ? d.metadata.requiresDist : requiresTxtToRequiresDist(d.requiresTxt)
  return {
    version: v,
    sortKey: versionSortKey(v, 'pypi'),
    isPrerelease: pep440.isPrerelease(v),
    // PyPI's upload date: not in what Debian ships
    releasedAt: null,
    status: 'active',
    statusRaw: `${d.debPackage} ${d.debVersion} (${d.suites.join(' ')})`,
    integrity: null,
    unpackedSize: null,
    fileCount: null,
    license: declared?.license ?? null,
    ...(declared ? { licenseOrigin: { source, path: d.metadataPath } } : {}),
    dependencies: pep508Dependencies(requires),
    source,
    asOf: d.asOf,
  }
}

/** The component, from the newest upstream version read (PEP 440's order). */
export function mapDistComponent(name: string, reads: readonly ReadDist[]): ComponentFacts {
  const newest = reads.reduce((a, b) => (pep440.compare(a.metadata.version, b.metadata.version) >= 0 ? a : b))
  const m = newest.metadata
  const purlName = pep503(name)
  const url = (re: RegExp) => m.projectUrls.find((u) => re.test(u.label))?.url
  const homepage = m.homePage || url(/^home\s*page$/i) || null
  return {
    purl: `pkg:pypi/${purlName}`,
    purlType: 'pypi',
    namespace: '',
    name: purlName,
    purlName,
    description: m.summary || null,
    projectUrl: homepage ?? m.projectUrls[0]?.url ?? '',
    homepageUrl: homepage,
    repositoryUrl: repositoryUrl(m.projectUrls, homepage),
    sourcePurl: `pkg:deb/debian/${newest.debPackage}@${newest.debVersion}`,
    latestVersion: m.version,
    status: 'active',
    statusRaw: null,
    statusChangeDate: null,
    registryModified: newest.asOf,
    source: debSource(newest),
    asOf: newest.asOf,
  }
}

const debSource = (d: ReadDist) => `debian:${d.debPackage}@${d.debVersion}`
