// A binary package's records in the indexes → the component and version facts the KB stores (source
// `debian-archive`, dated by the suites' Release files); nothing invented: what the indexes do not say stays null
// (release dates come from changelogs, licenses from copyright files: ingest-debian-package.ts). The purl follows the
// purl spec's deb type: pkg:deb/debian/<binary name>, its source package as the component's source purl
// (pkg:deb/debian/<source>?arch=source) where it differs.
import { debianDependencies } from '../../domain/dependencies/debian-relations.ts'
import { versionSortKey } from '../../domain/kb/sort-key.ts'
import type { ComponentFacts, VersionFacts } from '../../domain/kb/types.ts'
import { schemeFor } from '../../domain/shared/versions/index.ts'
import type { BinaryRecord } from './indexes.ts'
import { INSTALLED } from './installed.ts'

const DEBIAN_SOURCE = 'debian-archive'
const deb = schemeFor('deb')

/** `sha256-<base64>`, the SRI form versions keep their integrity in, from the index's hex digest. */
function sriOfSha256(hex: string): string | null {
  return /^[0-9a-f]{64}$/.test(hex) ? `sha256-${Buffer.from(hex, 'hex').toString('base64')}` : null
}

/** The record of the highest version in Debian's order. */
export function newestRecord(records: readonly BinaryRecord[]): BinaryRecord {
  return records.reduce((a, b) => (deb.compare(a.version, b.version) >= 0 ? a : b))
}

export function mapDebianPackage(
  records: readonly BinaryRecord[],
  asOf: string,
): { component: ComponentFacts; versions: VersionFacts[] } {
  const sorted = [...records].sort((a, b) => deb.compare(a.version, b.version))
  // the newest the suites list (a version only installed here is no longer in them)
  const listed = sorted.filter((r) => !onlyInstalled(r))
  const latest = (listed.at(-1) ?? sorted.at(-1)) as BinaryRecord
  const name = latest.name
  return {
    component: {
      purl: `pkg:deb/debian/${name}`,
      purlType: 'deb',
      namespace: 'debian',
      name,
      purlName: `debian/${name}`,
      description: latest.description || null,
      projectUrl: latest.homepage,
      homepageUrl: latest.homepage || null,
      repositoryUrl: null,
      sourcePurl: latest.source !== name ? `pkg:deb/debian/${latest.source}?arch=source` : null,
      latestVersion: latest.version,
      status: 'active',
      statusRaw: null,
      statusChangeDate: null,
      registryModified: asOf,
      source: DEBIAN_SOURCE,
      asOf,
    },
    versions: sorted.map((r) => mapVersion(r, asOf)),
  }
}

const onlyInstalled = (r: BinaryRecord) => r.suites.length === 1 && r.suites[0] === INSTALLED

function mapVersion(r: BinaryRecord, asOf: string): VersionFacts {
  return {
    version: r.version,
    sortKey: versionSortKey(r.version, 'deb'),
    isPrerelease: deb.isPrerelease(r.version),
    releasedAt: null,
    status: onlyInstalled(r) ? 'removed' : 'active',
    statusRaw: onlyInstalled(r) ? 'installed on the system ingested, no longer in the suites' : r.suites.join(' '),
    integrity: sriOfSha256(r.sha256),
    unpackedSize: r.installedSize === null ? null : r.installedSize * 1024,
    fileCount: null,
    license: null,
    dependencies: debianDependencies({ depends: r.depends, preDepends: r.preDepends }),
    source: DEBIAN_SOURCE,
    asOf,
  }
}
