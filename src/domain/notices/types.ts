// Attribution notices (docs/attribution-notices.md): the texts a package version ships that its users must pass on
// (license, NOTICE, AUTHORS and similar files), each with the file it came from.

export const NOTICES_ANALYZER = 'notices'

export interface Notice {
  text: string
  /** MD5 of the file's bytes, lower-case hex. */
  md5: string
  /** The file's path in the package. */
  source: string
}

export interface NoticeReader {
  /** The notices of these versions (one query); a version the notices analyzer never ran on is absent. */
  ofVersions(versionIds: readonly number[]): Promise<Map<number, Notice[]>>
}
