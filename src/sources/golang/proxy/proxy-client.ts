// The module proxies a user configured (goproxy-config.ts), over HTTP under compintel's outbound rules, speaking the
// GOPROXY protocol (the Go modules reference, "GOPROXY protocol"): `<proxy>/<module>/@v/list`, `@v/<version>.info`,
// `@v/<version>.mod`, `@v/<version>.zip` and `<module>/@latest`, module paths and versions case-encoded
// (module-path.ts). Each request walks the GOPROXY list as the go command does (try-proxies.ts). Every request goes
// through ingest/outbound (checked URLs and redirects, bounded bodies, a deadline); credentials go only to their
// proxy's own origin; other origins (a proxy's file host) only when the operator allowed them (GOLANG_FILE_ORIGINS),
// without credentials. Documents are revalidated against compintel's own bounded cache. The checksum database is not
// reachable: go.sum hashes the caller gives are checked (checkSum), and each answer says why nothing else was.
import type { GoProxyLimits } from '../../../config/registries.ts'
import { excerpt, UpstreamRefused } from '../../../ingest/failure.ts'
import type { GetOptions, NetworkOptions } from '../../../ingest/outbound/guarded-get.ts'
import { indexDocument } from '../../../ingest/outbound/index-document.ts'
import type { OutboundPolicy } from '../../../ingest/outbound/policy.ts'
import { PackumentCache } from '../../npm/packument-cache.ts'
import { PackageNotFound } from '../../npm/registry.ts'
import { defaultCacheDir } from '../../npm/registry-limits.ts'
import { checkSum, goModHash } from './dirhash.ts'
import type { GoProxyConfig } from './goproxy-config.ts'
import { isCanonicalVersion } from './module-path.ts'
import { matchPrefixPatterns } from './module-patterns.ts'
import { downloadModuleZip, type ModuleZip, type SumDbStatus } from './module-zip-download.ts'
import { type GoVersionInfo, modulePath, parseInfo, parseVersionList, versionPart } from './proxy-documents.ts'
import { type ProxyUrlEntry, tryProxies } from './try-proxies.ts'

/** A `.info` or `@latest` answer is a small JSON object; a larger one is refused. */
const MAX_INFO_BYTES = 64 * 1024

export interface GoModFile {
  /** The go.mod text as served (at most GOLANG_MAX_MOD_MB), for the caller's go.mod parser. */
  text: string
  /** Its go.sum hash (`h1:…`, the `/go.mod` line). */
  h1: string
  /** A go.sum hash the caller gave matched (a mismatch is refused). */
  verified: boolean
  sumDb: SumDbStatus
  proxy: string
}

export class GoProxyClient {
  private readonly policy: OutboundPolicy
  private readonly cache: PackumentCache
  private maintained: Promise<unknown> | undefined

  constructor(
    private readonly config: GoProxyConfig,
    private readonly limits: GoProxyLimits,
    private readonly network: NetworkOptions = {},
  ) {
    this.policy = {
      registries: new Set(config.entries.flatMap((e) => (e.kind === 'proxy' ? [new URL(e.url).origin] : []))),
      allowed: new Set(limits.fileOrigins),
      privateAddresses: limits.privateAddresses,
    }
    this.cache = new PackumentCache(limits.cacheDir ?? defaultCacheDir('compintel-golang'), limits.cacheMaxBytes)
  }

  /** The tagged versions the proxy lists (Go's `@v/list`: valid, not pseudo-versions), in Go's order, oldest first. */
  async versions(module: string, signal?: AbortSignal): Promise<string[]> {
    const path = modulePath(module)
    return tryProxies(this.config, module, async (p) => {
      return parseVersionList(
        await this.document(p, `${path}/@v/list`, { what: `the version list of ${module}`, name: module, signal }),
      )
    })
  }

  /** A version's `.info`; a canonical version must be answered with itself. */
  async info(module: string, version: string, signal?: AbortSignal): Promise<GoVersionInfo> {
    const path = `${modulePath(module)}/@v/${versionPart(version)}.info`
    return tryProxies(this.config, module, async (p) => {
      const info = parseInfo(
        await this.document(p, path, {
          what: `the info of ${module}@${version}`,
          name: `${module}@${version}`,
          max: MAX_INFO_BYTES,
          signal,
        }),
        p,
      )
      if (info.version !== version && isCanonicalVersion(version))
        throw new UpstreamRefused(
          'identity',
          `the proxy answered the info of ${module}@${excerpt(info.version, 80)} for ${version}`,
        )
      return info
    })
  }

  /** `@latest`: the version the proxy would choose when it lists none (often a pseudo-version). */
  async latest(module: string, signal?: AbortSignal): Promise<GoVersionInfo> {
    const path = `${modulePath(module)}/@latest`
    return tryProxies(this.config, module, async (p) =>
      parseInfo(
        await this.document(p, path, {
          what: `the latest version of ${module}`,
          name: module,
          max: MAX_INFO_BYTES,
          signal,
        }),
        p,
      ),
    )
  }

  /**
   * Every listed version with its `.info` (its time), newest first, at most `max` of them (the newest); when the
   * proxy lists none, `@latest` alone. PackageNotFound when the module is in no proxy.
   */
  async versionInfos(module: string, o: { max?: number; signal?: AbortSignal } = {}): Promise<GoVersionInfo[]> {
    const listed = (await this.versions(module, o.signal)).reverse().slice(0, o.max ?? Number.POSITIVE_INFINITY)
    if (listed.length === 0) return [await this.latest(module, o.signal)]
    const out: GoVersionInfo[] = []
    // four at a time
    for (let i = 0; i < listed.length; i += 4)
      out.push(...(await Promise.all(listed.slice(i, i + 4).map((v) => this.info(module, v, o.signal)))))
    return out
  }

  /** A version's go.mod (`.mod`) as bounded text with its go.sum hash, checked against `expected` (go.sum's). */
  async mod(
    module: string,
    version: string,
    o: { expected?: readonly string[]; signal?: AbortSignal } = {},
  ): Promise<GoModFile> {
    const path = `${modulePath(module)}/@v/${versionPart(version, true)}.mod`
    return tryProxies(this.config, module, async (p) => {
      const what = `the go.mod of ${module}@${version}`
      const bytes = await this.document(p, path, {
        what,
        name: `${module}@${version}`,
        max: this.limits.maxModBytes,
        signal: o.signal,
      })
      const h1 = goModHash(bytes)
      const verified = checkSum(o.expected ?? [], h1, what)
      return { text: bytes.toString('utf8'), h1, verified, sumDb: this.sumDb(module), proxy: p.url }
    })
  }

  /**
   * A version's module zip in a new folder under `dir` (default: the system's temporary folder), checked
   * (module-zip.ts) and hashed, its h1 checked against `expected` (go.sum's); on any failure nothing is left behind.
   * Walk it with the archive walk: `{ file, format: 'zip', stripComponents }`; then call remove().
   */
  async zip(
    module: string,
    version: string,
    o: { dir?: string; expected?: readonly string[]; signal?: AbortSignal } = {},
  ): Promise<ModuleZip> {
    const url = (p: ProxyUrlEntry) => `${p.url}/${modulePath(module)}/@v/${versionPart(version, true)}.zip`
    return downloadModuleZip(module, version, {
      ...o,
      sumDb: this.sumDb(module),
      maxZipBytes: this.limits.maxArtifactBytes,
      maxModBytes: this.limits.maxModBytes,
      download: (save) =>
        tryProxies(this.config, module, (p) =>
          save(
            url(p),
            this.options(p, `the module zip of ${module}@${version}`, this.limits.maxArtifactBytes, o.signal),
          ),
        ),
    })
  }

  /** Why the checksum database was not asked about `module`. */
  sumDb(module: string): SumDbStatus {
    if (this.config.sumDb === 'off') return 'off'
    return matchPrefixPatterns(this.config.noSumDb, module) ? 'private' : 'unreachable'
  }

  /** A document's body; PackageNotFound (naming `name`) when the proxy answers 404 or 410. */
  private async document(
    p: ProxyUrlEntry,
    tail: string,
    d: { what: string; name: string; max?: number; signal?: AbortSignal | undefined },
  ): Promise<Buffer> {
    const { what, max, signal } = d
    this.maintained ??= this.cache.maintain()
    await this.maintained
    const doc = await indexDocument(`${p.url}/${tail}`, {
      ...this.options(p, what, max ?? this.limits.maxDocumentBytes, signal),
      cache: this.cache,
    })
    if (doc.status === 404 || doc.status === 410) throw new PackageNotFound(d.name)
    if (doc.status !== 200)
      throw new UpstreamRefused(
        'protocol',
        `${what}: the proxy answered ${doc.status} (${p.credential ? 'are its credentials right?' : 'no credentials are configured for it'})`,
      )
    return doc.body
  }

  private options(p: ProxyUrlEntry, what: string, max: number, signal?: AbortSignal): GetOptions {
    return {
      policy: this.policy,
      what,
      max,
      timeoutMs: this.limits.timeoutMs,
      authorization: p.credential?.header(),
      proxy: this.network.proxy,
      noProxy: this.network.noProxy,
      signal,
    }
  }
}
