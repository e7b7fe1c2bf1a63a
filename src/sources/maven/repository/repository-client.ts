// The Maven repositories a user configured (repositories.ts), read in Maven's order: an artifact's versions from
// each repository's maven-metadata.xml (merged; a release-only repository's SNAPSHOT versions and a snapshot-only
// repository's releases left out), a version's POM text (bounded, verified; the caller parses it: parents and BOMs
// are POMs too), and a jar or sources jar verified into a temporary file the zip walk reads. A SNAPSHOT is asked
// only of repositories with snapshots enabled and resolved through its own maven-metadata.xml to the timestamped
// file of its latest build; a release only of those with releases enabled. The first repository that has a file
// answers; one that refuses the credentials (401, 403) is passed over, and named if no other has the file.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defaultMavenLimits, type MavenLimits } from '../../../config/registries.ts'
import type { NetworkOptions } from '../../../ingest/outbound/guarded-get.ts'
import type { OutboundPolicy } from '../../../ingest/outbound/policy.ts'
import { PackageNotFound } from '../../npm/registry.ts'
import { artifactPath, type Coordinates, filePath, isSnapshot, versionPath } from './layout.ts'
import { parseArtifactMetadata, parseSnapshotMetadata } from './metadata.ts'
import type { MavenRepository } from './repositories.ts'
import { CredentialsRefused, RepositoryAccess, type Served } from './repository-get.ts'

export interface MavenVersions {
  /** Each version once, with the first repository (in Maven's order) that lists it. */
  versions: { version: string; repository: string }[]
  /** `latest` and `release` of the repository whose metadata was updated last. */
  latest: string | undefined
  release: string | undefined
  /** The newest `lastUpdated` of the artifact's metadata (the artifact's date, not each version's). */
  lastUpdated: string | undefined
}

export interface MavenPom extends Served {
  text: string
  /** For a SNAPSHOT: the timestamped build read (`1.0-20240101.120000-3`), and its `updated` date. */
  build?: { value: string; updated: string | undefined }
}

export type MavenJar = Served & { build?: MavenPom['build'] }

export class MavenRepositoryClient {
  private readonly access: RepositoryAccess[]

  constructor(
    repositories: readonly MavenRepository[],
    private readonly limits: MavenLimits = defaultMavenLimits(),
    network: NetworkOptions = {},
    /** Where jars are downloaded to (a folder of their own each, removed after use). */
    private readonly workDir: string = tmpdir(),
  ) {
    const policy: OutboundPolicy = {
      registries: new Set(repositories.map((r) => new URL(r.url).origin)),
      allowed: new Set(limits.fileOrigins),
      privateAddresses: limits.privateAddresses,
    }
    this.access = repositories.map((r) => new RepositoryAccess(r, policy, limits, network))
  }

  /** Every version the repositories' metadata lists. PackageNotFound when none has the artifact. */
  async versions(c: Coordinates, signal?: AbortSignal): Promise<MavenVersions> {
    const what = `the maven-metadata.xml of ${c.groupId}:${c.artifactId}`
    const found = await this.each(
      this.access.filter((a) => a.repo.releases.enabled || a.repo.snapshots.enabled),
      async (a) => {
        const policy = a.repo.releases.enabled ? a.repo.releases : a.repo.snapshots
        const doc = await a.document(`${artifactPath(c)}maven-metadata.xml`, {
          what: `${what} in ${a.repo.id}`,
          max: this.limits.maxDocumentBytes,
          checksums: policy.checksumPolicy,
          signal,
        })
        return doc && { repo: a.repo, meta: parseArtifactMetadata(doc.body.toString('utf8'), c, what) }
      },
      true,
    )
    if (found.length === 0) throw new PackageNotFound(`${c.groupId}:${c.artifactId}`)
    const out = new Map<string, string>()
    for (const { repo, meta } of found)
      for (const v of meta.versions)
        if ((isSnapshot(v) ? repo.snapshots : repo.releases).enabled && !out.has(v)) out.set(v, repo.id)
    const newest = found.reduce((a, b) => ((b.meta.lastUpdated ?? '') > (a.meta.lastUpdated ?? '') ? b : a))
    return {
      versions: [...out].map(([version, repository]) => ({ version, repository })),
      latest: newest.meta.latest,
      release: newest.meta.release,
      lastUpdated: newest.meta.lastUpdated,
    }
  }

  /** The version's POM as text (at most MAVEN_MAX_POM_MB), verified. PackageNotFound when no repository has it. */
  async pom(c: Coordinates, version: string, signal?: AbortSignal): Promise<MavenPom> {
    const what = `the POM of ${c.groupId}:${c.artifactId}:${version}`
    const [got] = await this.each(this.serving(version), async (a) => {
      const build = await this.build(a, c, version, undefined, 'pom', signal)
      const doc = await a.document(filePath(c, version, { fileVersion: build?.value, extension: 'pom' }), {
        what,
        max: this.limits.maxPomBytes,
        checksums: this.policyOf(a, version).checksumPolicy,
        signal,
      })
      if (!doc) return undefined
      const { body, ...served } = doc
      return { ...served, text: body.toString('utf8'), ...(build ? { build } : {}) }
    })
    if (!got) throw new PackageNotFound(`${c.groupId}:${c.artifactId}@${version}`)
    return got
  }

  /**
   * The version's jar (or its `-sources.jar` with classifier `sources`) downloaded and verified into a file of its
   * own, given to `use` (walk it as a zip: ingest/archive-walk.ts `{ file, format: 'zip' }`) and removed after;
   * nothing is given to `use` unless the file matched the repository's checksum. PackageNotFound when none has it.
   */
  async withJar<T>(
    c: Coordinates,
    version: string,
    classifier: 'sources' | undefined,
    use: (file: string, jar: MavenJar) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    const what = `the ${classifier ? `${classifier} ` : ''}jar of ${c.groupId}:${c.artifactId}:${version}`
    const dir = mkdtempSync(path.join(this.workDir, 'compintel-maven-jar-'))
    try {
      const file = path.join(dir, 'artifact.jar')
      const [got] = await this.each(this.serving(version), async (a) => {
        const build = await this.build(a, c, version, classifier, 'jar', signal)
        const jarPath = filePath(c, version, { fileVersion: build?.value, classifier, extension: 'jar' })
        const checksums = this.policyOf(a, version).checksumPolicy
        const served = await a.download(jarPath, file, { what, checksums, signal })
        return served && { ...served, ...(build ? { build } : {}) }
      })
      if (!got)
        throw new PackageNotFound(`${c.groupId}:${c.artifactId}@${version}${classifier ? `:${classifier}` : ''}`)
      return await use(file, got)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }

  /** A SNAPSHOT's latest timestamped build of one file, from its version's maven-metadata.xml (none: its plain name). */
  private async build(
    a: RepositoryAccess,
    c: Coordinates,
    version: string,
    classifier: string | undefined,
    extension: string,
    signal?: AbortSignal,
  ): Promise<MavenPom['build'] | undefined> {
    if (!isSnapshot(version)) return undefined
    const what = `the maven-metadata.xml of ${c.groupId}:${c.artifactId}:${version}`
    const doc = await a.document(`${versionPath(c, version)}maven-metadata.xml`, {
      what,
      max: this.limits.maxDocumentBytes,
      checksums: a.repo.snapshots.checksumPolicy,
      signal,
    })
    if (!doc) return undefined
    const meta = parseSnapshotMetadata(doc.body.toString('utf8'), c, version, what)
    const file = meta.files.find((f) => f.extension === extension && f.classifier === classifier)
    if (file) return { value: file.value, updated: file.updated }
    if (meta.build) return { value: version.replace(/SNAPSHOT$/, meta.build), updated: meta.lastUpdated }
    return undefined
  }

  private serving(version: string): RepositoryAccess[] {
    return this.access.filter((a) => this.policyOf(a, version).enabled)
  }

  private policyOf(a: RepositoryAccess, version: string) {
    return isSnapshot(version) ? a.repo.snapshots : a.repo.releases
  }

  /**
   * `ask` of each repository in order until one answers (all of them with `all`); a repository refusing its
   * credentials is passed over, and its refusal thrown when no other answered.
   */
  private async each<T>(
    repos: RepositoryAccess[],
    ask: (a: RepositoryAccess) => Promise<T | undefined>,
    all = false,
  ): Promise<T[]> {
    const out: T[] = []
    let refused: CredentialsRefused | undefined
    for (const a of repos) {
      try {
        const got = await ask(a)
        if (got === undefined) continue
        out.push(got)
        if (!all) break
      } catch (err) {
        if (!(err instanceof CredentialsRefused)) throw err
        refused ??= err
      }
    }
    if (out.length === 0 && refused) throw refused
    return out
  }
}
