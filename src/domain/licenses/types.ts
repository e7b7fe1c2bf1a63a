// What the KB knows about the licenses of versions: the license port (storage implements it).

/** The analyzer whose license-file matches become a version's detected licenses. */
export const LICENSE_FILES_ANALYZER = 'license-files'

export interface LicenseFact {
  kind: 'declared' | 'detected'
  /** An SPDX id, or LicenseRef-… for a declared string that is not SPDX. */
  licenseId: string
  isSpdx: boolean
  /** The file it was detected in ('' for declared licenses). */
  path: string
  score: number | null
  source: string
}

export interface VersionLicenses {
  /** The declared license normalised to an SPDX expression (OR/AND as declared), when it is one. */
  expression: string | null
  /** The declared string as the registry gave it. */
  declared: string | null
  facts: LicenseFact[]
}

/** A version that has license facts (a declared expression or a license found). */
export interface LicensedVersion {
  id: number
  version: string
}

export interface LicenseReader {
  /** The licenses of these versions, in one database round trip; every asked id is in the answer. */
  ofVersions(versionIds: readonly number[]): Promise<Map<number, VersionLicenses>>
  /** By component id, the versions of these components that have license facts (components without any: absent). */
  licensedVersions(componentIds: readonly number[]): Promise<Map<number, LicensedVersion[]>>
}
