// Maven's repository layout (the "default" layout of Maven 2 and later): an artifact's folder is its groupId with
// each `.` as `/`, then its artifactId; a version's files are `<artifactId>-<version>[-<classifier>].<extension>`
// in `<version>/` under it, and maven-metadata.xml lists versions at the artifact's folder and a SNAPSHOT's
// timestamped builds at its version's folder. Coordinates are checked before they name a path: no `/`, `\`, `..`,
// empty segment or control character can reach a URL.
import { excerpt, UpstreamRefused } from '../../../ingest/failure.ts'

export interface Coordinates {
  groupId: string
  artifactId: string
}

const ID = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,199}$/
const VERSION = /^[A-Za-z0-9][A-Za-z0-9._+~-]{0,127}$/
const CLASSIFIER = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/
const EXTENSION = /^[a-z0-9][a-z0-9.]{0,15}$/

/** Whether a groupId or artifactId can be laid out (Maven's own id characters; no empty or `..` segment). */
export function isMavenId(id: string): boolean {
  return ID.test(id) && !id.split('.').some((s) => s === '') && !id.includes('..')
}

export function isMavenVersion(v: string): boolean {
  return VERSION.test(v) && !v.includes('..')
}

export function isSnapshot(version: string): boolean {
  return version.endsWith('-SNAPSHOT') || version === 'SNAPSHOT'
}

/** `org/apache/commons/commons-lang3/` */
export function artifactPath(c: Coordinates): string {
  if (!isMavenId(c.groupId)) throw refused(`"${excerpt(c.groupId, 80)}" is not a Maven groupId`)
  if (!isMavenId(c.artifactId)) throw refused(`"${excerpt(c.artifactId, 80)}" is not a Maven artifactId`)
  return `${c.groupId.split('.').join('/')}/${c.artifactId}/`
}

/** `org/apache/commons/commons-lang3/3.12.0/` */
export function versionPath(c: Coordinates, version: string): string {
  if (!isMavenVersion(version)) throw refused(`"${excerpt(version, 80)}" is not a Maven version`)
  return `${artifactPath(c)}${version}/`
}

/**
 * A file of the version: `<artifactId>-<fileVersion>[-<classifier>].<extension>` in the version's folder.
 * `fileVersion` is the version, or a SNAPSHOT's timestamped build (`1.0-20240101.120000-3`).
 */
export function filePath(
  c: Coordinates,
  version: string,
  file: { fileVersion?: string; classifier?: string | undefined; extension: string },
): string {
  const fileVersion = file.fileVersion ?? version
  if (!isMavenVersion(fileVersion)) throw refused(`"${excerpt(fileVersion, 80)}" is not a Maven file version`)
  if (file.classifier !== undefined && !CLASSIFIER.test(file.classifier))
    throw refused(`"${excerpt(file.classifier, 40)}" is not a Maven classifier`)
  if (!EXTENSION.test(file.extension)) throw refused(`"${excerpt(file.extension, 20)}" is not an extension`)
  const classifier = file.classifier ? `-${file.classifier}` : ''
  return `${versionPath(c, version)}${c.artifactId}-${fileVersion}${classifier}.${file.extension}`
}

function refused(message: string): UpstreamRefused {
  return new UpstreamRefused('protocol', message)
}
