// One repository's files over HTTP under compintel's outbound rules: a document (maven-metadata.xml, a POM) read
// whole within its bound, an artifact (a jar) streamed to a file within its bound; each checked against the checksum
// the repository publishes beside it (checksums.ts) before anything reads it. The repository's server credentials
// and HTTP headers go only to its own origin (ingest/outbound/guarded-get.ts); redirects elsewhere only to origins
// the operator allowed (MAVEN_FILE_ORIGINS), without them.
import { createWriteStream } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import type { MavenLimits } from '../../../config/registries.ts'
import { UpstreamRefused } from '../../../ingest/failure.ts'
import { type GetOptions, guardedGet, header, type NetworkOptions } from '../../../ingest/outbound/guarded-get.ts'
import type { OutboundPolicy } from '../../../ingest/outbound/policy.ts'
import { limited, readLimited } from '../../../ingest/outbound/read-limited.ts'
import { withVerifiedDownload } from '../../../ingest/outbound/verified-download.ts'
import { type Checksum, checkDigest, publishedChecksum, type RepositoryGet, unverified } from './checksums.ts'
import type { MavenRepository } from './repositories.ts'

/** A file as a repository served it. */
export interface Served {
  /** The URL asked (before redirects). */
  url: string
  /** The repository's id. */
  repository: string
  /** The answer's Last-Modified as an ISO date (a version's date where the metadata has none). */
  lastModified: string | undefined
  /** The checksum it matched; undefined: the repository published none (not verified). */
  checksum: Checksum | undefined
}

/** A repository refused the credentials (401, 403): the next repository is asked. */
export class CredentialsRefused extends UpstreamRefused {
  override readonly name: string = 'CredentialsRefused'
}

export class RepositoryAccess {
  constructor(
    readonly repo: MavenRepository,
    private readonly policy: OutboundPolicy,
    private readonly limits: MavenLimits,
    private readonly network: NetworkOptions,
  ) {}

  /** The document at `path` (under the repository), verified; undefined when the repository does not have it. */
  async document(
    path: string,
    o: { what: string; max: number; checksums: 'fail' | 'warn' | 'ignore'; signal?: AbortSignal | undefined },
  ): Promise<(Served & { body: Buffer }) | undefined> {
    const url = `${this.repo.url}${path}`
    const a = await guardedGet(url, { ...this.options(o.what, o.signal), max: o.max })
    if (a.status === 404 || a.status === 410) return undefined
    if (a.status !== 200) throw this.denied(o.what, a.status)
    const body = await readLimited(a.body, o.max, o.what, a.stop)
    const lastModified = isoDate(header(a.headers['last-modified']))
    const checksum = await publishedChecksum(url, this.get(o.what, o.signal))
    if (checksum) checkDigest(body, checksum, o.what)
    else unverified(o.checksums, o.what)
    return { url, repository: this.repo.id, lastModified, checksum, body }
  }

  /**
   * The artifact at `path` written to `file` once verified (a mismatch is refused before the caller reads it; the
   * caller removes the file); undefined when the repository does not have it.
   */
  async download(
    path: string,
    file: string,
    o: { what: string; checksums: 'fail' | 'warn' | 'ignore'; signal?: AbortSignal | undefined },
  ): Promise<Served | undefined> {
    const url = `${this.repo.url}${path}`
    const options = { ...this.options(o.what, o.signal), max: this.limits.maxArtifactBytes }
    const checksum = await publishedChecksum(url, this.get(o.what, o.signal))
    let lastModified: string | undefined
    if (checksum) {
      const got = await withVerifiedDownload(url, checksum.hex, (s) => pipeline(s, createWriteStream(file)), {
        ...options,
        algorithm: checksum.algorithm,
        onAnswer: (headers) => {
          lastModified = isoDate(header(headers['last-modified']))
        },
      })
      if (!got) return undefined
    } else {
      const a = await guardedGet(url, { ...options, raw: true })
      if (a.status === 404 || a.status === 410) return undefined
      if (a.status !== 200) throw this.denied(o.what, a.status)
      unverified(o.checksums, o.what)
      lastModified = isoDate(header(a.headers['last-modified']))
      try {
        await pipeline(limited(a.body, options.max, o.what, a.stop), createWriteStream(file))
      } finally {
        a.stop()
      }
    }
    return { url, repository: this.repo.id, lastModified, checksum }
  }

  options(what: string, signal?: AbortSignal): GetOptions {
    return {
      policy: this.policy,
      what,
      max: this.limits.maxDocumentBytes,
      timeoutMs: this.limits.timeoutMs,
      authorization: this.repo.credential?.header(),
      headers: Object.fromEntries(this.repo.headers.map((h) => [h.name, h.value.header()])),
      proxy: this.network.proxy,
      noProxy: this.network.noProxy,
      signal,
    }
  }

  denied(what: string, status: number): UpstreamRefused {
    const message = `${what}: the repository ${this.repo.id} answered ${status}`
    if (status !== 401 && status !== 403) return new UpstreamRefused('protocol', message)
    const why =
      this.repo.credential || this.repo.headers.length > 0
        ? `are the credentials of <server> ${this.repo.id} right?`
        : `no <server> ${this.repo.id} gives credentials`
    return new CredentialsRefused('protocol', `${message} (${why})`)
  }

  private get(what: string, signal?: AbortSignal): RepositoryGet {
    return { what, options: (w) => this.options(w, signal), denied: (w, s) => this.denied(w, s) }
  }
}

function isoDate(v: string | undefined): string | undefined {
  const d = v ? new Date(v) : undefined
  return d && !Number.isNaN(d.getTime()) ? d.toISOString() : undefined
}
