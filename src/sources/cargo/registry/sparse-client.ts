// A Cargo registry's sparse index the user configured (cargo-config.ts), over HTTP under compintel's outbound rules
// (the Cargo book, "Registry index" and "Registry authentication"): `config.json` (`dl`, `api`, `auth-required`;
// asked without a token first, again with it after a 401, and the token sent on every request once the registry
// requires it), each crate's index file revalidated with ETag / Last-Modified against compintel's own bounded cache,
// and `.crate` downloads checked against the index line's `cksum`, read through the bounded tar reader. Credentials
// go only to the index's own origin; `dl` elsewhere only when the operator allowed its origin (CARGO_DL_ORIGINS).
import type { Readable } from 'node:stream'
import sjson from 'secure-json-parse'
import { defaultIndexLimits, type IndexLimits } from '../../../config/registries.ts'
import { excerpt, UpstreamRefused } from '../../../ingest/failure.ts'
import type { GetOptions, NetworkOptions } from '../../../ingest/outbound/guarded-get.ts'
import { indexDocument } from '../../../ingest/outbound/index-document.ts'
import type { OutboundPolicy } from '../../../ingest/outbound/policy.ts'
import { withVerifiedDownload } from '../../../ingest/outbound/verified-download.ts'
import { extractFile } from '../../../ingest/tar-extract.ts'
import { PackumentCache } from '../../npm/packument-cache.ts'
import { PackageNotFound } from '../../npm/registry.ts'
import { defaultCacheDir } from '../../npm/registry-limits.ts'
import type { CargoRegistry } from './cargo-config.ts'
import { type CrateManifest, parseCrateManifest } from './crate-manifest.ts'
import { downloadUrl, type IndexVersion, indexPath, isCrateName, parseIndexFile } from './index-file.ts'

export interface SparseConfig {
  /** The download URL or template (index-file.ts downloadUrl). */
  dl: string
  api: string | null
  authRequired: boolean
}

/** A Cargo.toml is small; a larger one in a .crate is refused. */
export const MAX_MANIFEST_BYTES = 1024 * 1024

export class CargoSparseClient {
  private readonly policy: OutboundPolicy
  private readonly cache: PackumentCache
  private configured: Promise<SparseConfig> | undefined
  /** The registry asked for credentials (auth-required, or a 401 on config.json). */
  private authenticate = false

  constructor(
    private readonly registry: CargoRegistry,
    private readonly limits: IndexLimits = defaultIndexLimits(),
    private readonly network: NetworkOptions = {},
  ) {
    this.policy = {
      registries: new Set([new URL(registry.index).origin]),
      allowed: new Set(limits.fileOrigins),
      privateAddresses: limits.privateAddresses,
    }
    this.cache = new PackumentCache(limits.cacheDir ?? defaultCacheDir('compintel-cargo'), limits.cacheMaxBytes)
  }

  /** The registry's config.json, read once per client. */
  config(signal?: AbortSignal): Promise<SparseConfig> {
    this.configured ??= this.readConfig(signal).catch((err) => {
      this.configured = undefined // a failure is not remembered: the next unit asks again
      throw err
    })
    return this.configured
  }

  /**
   * Every version the index lists for `name` (yanked ones too). Cargo's lookup treats `-` and `_` alike: when the
   * name's own file is missing, its other spellings are asked. PackageNotFound when none exists.
   */
  async versions(name: string, signal?: AbortSignal): Promise<IndexVersion[]> {
    if (!isCrateName(name)) throw new UpstreamRefused('protocol', `"${excerpt(name, 64)}" is not a crate name`)
    await this.config(signal)
    const spellings = [...new Set([name, name.replace(/_/g, '-'), name.replace(/-/g, '_')])]
    for (const spelling of spellings) {
      const url = `${this.registry.index}${indexPath(spelling)}`
      const doc = await indexDocument(url, {
        ...this.options(`the index file of ${spelling}`, signal),
        cache: this.cache,
      })
      if (doc.status === 404 || doc.status === 410) continue
      if (doc.status !== 200) throw this.denied(`the index file of ${spelling}`, doc.status)
      return parseIndexFile(doc.body.toString('utf8'), name)
    }
    throw new PackageNotFound(name)
  }

  /** Streams the version's `.crate` into `consume`; its result once the bytes matched the index's `cksum`. */
  async withCrate<T>(v: IndexVersion, consume: (s: Readable) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const { dl } = await this.config(signal)
    const what = `the crate ${v.name} ${v.version}`
    const url = new URL(downloadUrl(dl, v.name, v.version, v.cksum), this.registry.index).href
    const got = await withVerifiedDownload(url, v.cksum, consume, {
      ...this.options(what, signal),
      max: this.limits.maxArtifactBytes,
    })
    if (!got) throw new PackageNotFound(`${v.name}@${v.version}`)
    return got.result
  }

  /** The license, description and URLs of a version, from the Cargo.toml of its `.crate`. */
  async manifest(v: IndexVersion, signal?: AbortSignal): Promise<CrateManifest> {
    const bytes = await this.withCrate(
      v,
      (s) =>
        extractFile(s, 'Cargo.toml', {
          maxFileBytes: MAX_MANIFEST_BYTES,
          maxUnpackedBytes: this.limits.maxArtifactBytes * 8,
          stripComponents: 1,
          ...(signal ? { signal } : {}),
        }),
      signal,
    )
    if (!bytes) throw new UpstreamRefused('format', `the crate ${v.name} ${v.version} holds no Cargo.toml`)
    return parseCrateManifest(bytes.toString('utf8'), v.name, v.version)
  }

  private async readConfig(signal?: AbortSignal): Promise<SparseConfig> {
    await this.cache.maintain()
    const url = `${this.registry.index}config.json`
    let doc = await indexDocument(url, this.options('the index config.json', signal))
    if (doc.status === 401 && this.registry.credential) {
      this.authenticate = true
      doc = await indexDocument(url, this.options('the index config.json', signal))
    }
    if (doc.status === 404 || doc.status === 410)
      throw new UpstreamRefused('protocol', `${this.registry.from}: no config.json: not a sparse index`)
    if (doc.status !== 200) throw this.denied('the index config.json', doc.status)
    let c: Record<string, unknown>
    try {
      c = sjson.parse(doc.body.toString('utf8'), undefined, { protoAction: 'remove', constructorAction: 'remove' })
    } catch {
      throw new UpstreamRefused('format', 'the index config.json is not JSON')
    }
    if (typeof c?.dl !== 'string' || !URL.canParse(c.dl.replace(/[{}]/g, ''), this.registry.index))
      throw new UpstreamRefused('format', 'the index config.json has no dl URL')
    const authRequired = c['auth-required'] === true
    if (authRequired) this.authenticate = true
    return { dl: c.dl, api: typeof c.api === 'string' ? c.api : null, authRequired }
  }

  private denied(what: string, status: number): UpstreamRefused {
    const why = this.registry.credential ? 'is its token right?' : `no token is configured for ${this.registry.name}`
    return new UpstreamRefused('protocol', `${what}: the registry answered ${status} (${why})`)
  }

  private options(what: string, signal?: AbortSignal): GetOptions {
    return {
      policy: this.policy,
      what,
      max: this.limits.maxDocumentBytes,
      timeoutMs: this.limits.timeoutMs,
      authorization: this.authenticate ? this.registry.credential?.header() : undefined,
      proxy: this.network.proxy,
      noProxy: this.network.noProxy,
      signal,
    }
  }
}
