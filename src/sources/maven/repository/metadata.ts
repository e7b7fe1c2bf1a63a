// maven-metadata.xml as a repository publishes it (the Maven repository metadata model, 1.1.0): at an artifact's
// folder, its versions (`<versioning><versions>`), `latest`, `release` and `lastUpdated` (yyyyMMddHHmmss, UTC, the
// artifact's, not each version's); at a SNAPSHOT version's folder, its builds (`<snapshot>` timestamp and
// buildNumber, and each file's `<snapshotVersions>` value with its `updated` date). The document must name the
// groupId and artifactId asked where it names them; versions that could not be laid out are left out.
import { UpstreamRefused } from '../../../ingest/failure.ts'
import { type Coordinates, isMavenVersion } from './layout.ts'
import { child, children, parseXml, textOf, type XmlNode } from './xml.ts'

export interface ArtifactMetadata {
  versions: string[]
  latest: string | undefined
  release: string | undefined
  /** The artifact's lastUpdated as an ISO date, when the metadata has one. */
  lastUpdated: string | undefined
}

interface SnapshotFile {
  classifier: string | undefined
  extension: string
  /** The timestamped version its file is named with (`1.0-20240101.120000-3`). */
  value: string
  updated: string | undefined
}

export interface SnapshotMetadata {
  /** `<snapshot>`'s build (`20240101.120000-3`), or undefined (`localCopy`, or none). */
  build: string | undefined
  files: SnapshotFile[]
  lastUpdated: string | undefined
}

export function parseArtifactMetadata(text: string, c: Coordinates, what: string): ArtifactMetadata {
  const { metadata, versioning } = read(text, c, what)
  const versions = children(child(versioning, 'versions'), 'version').filter(
    (v): v is string => typeof v === 'string' && isMavenVersion(v),
  )
  const single = textOf(metadata, 'version') // Maven 2's metadata of one version
  if (versions.length === 0 && single && isMavenVersion(single)) versions.push(single)
  const known = (v: string | undefined) => (v && isMavenVersion(v) ? v : undefined)
  return {
    versions: [...new Set(versions)],
    latest: known(textOf(versioning, 'latest')),
    release: known(textOf(versioning, 'release')),
    lastUpdated: mavenDate(textOf(versioning, 'lastUpdated')),
  }
}

export function parseSnapshotMetadata(text: string, c: Coordinates, version: string, what: string): SnapshotMetadata {
  const { metadata, versioning } = read(text, c, what)
  const named = textOf(metadata, 'version')
  if (named !== undefined && named !== version)
    throw new UpstreamRefused('identity', `${what} is the metadata of ${named}, not of ${version}`)
  const snapshot = child(versioning, 'snapshot')
  const timestamp = textOf(snapshot, 'timestamp')
  const buildNumber = textOf(snapshot, 'buildNumber')
  const files = children(child(versioning, 'snapshotVersions'), 'snapshotVersion').flatMap((s) => {
    const value = textOf(s, 'value')
    const extension = textOf(s, 'extension')
    if (!value || !extension || !isMavenVersion(value)) return []
    return [{ classifier: textOf(s, 'classifier'), extension, value, updated: mavenDate(textOf(s, 'updated')) }]
  })
  const build =
    timestamp && buildNumber && textOf(snapshot, 'localCopy') !== 'true' ? `${timestamp}-${buildNumber}` : undefined
  return { build, files, lastUpdated: mavenDate(textOf(versioning, 'lastUpdated')) }
}

function read(text: string, c: Coordinates, what: string): { metadata: XmlNode; versioning: XmlNode | undefined } {
  const doc = parseXml(text, what)
  if (doc instanceof Error) throw new UpstreamRefused('format', doc.message)
  const metadata = Array.isArray(doc.metadata) ? doc.metadata[0] : doc.metadata
  if (metadata === undefined || typeof metadata === 'string')
    throw new UpstreamRefused('format', `${what} has no <metadata> element`)
  for (const [field, asked] of [
    ['groupId', c.groupId],
    ['artifactId', c.artifactId],
  ] as const) {
    const named = textOf(metadata, field)
    if (named !== undefined && named !== asked)
      throw new UpstreamRefused('identity', `${what} names the ${field} ${named}, not ${asked}`)
  }
  return { metadata, versioning: child(metadata, 'versioning') }
}

/** yyyyMMddHHmmss (UTC) → ISO; anything else → undefined. */
export function mavenDate(v: string | undefined): string | undefined {
  const m = v ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(v) : null
  if (!m) return undefined
  const d = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`)
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString()
}
