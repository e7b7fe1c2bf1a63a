// The npm registry over HTTP with the user's npm configuration (registry and scoped registries, auth, proxy, TLS),
// through npm's own fetch stack (make-fetch-happen; auth as npm-registry-fetch gives it), under compintel's rules:
// every body counted and cut at its limit, redirects followed by hand (same origin with credentials, allowed
// origins without), tarballs only from the registry's origin or one the operator allows, other names resolving to
// public addresses only, packuments cached (and revalidated) in compintel's own bounded cache, tarballs never cached.
import type { Readable } from 'node:stream'
import { Readable as ReadableStream } from 'node:stream'
import fetch from 'make-fetch-happen'
import regFetch from 'npm-registry-fetch'
import sjson from 'secure-json-parse'
import { excerpt, UpstreamRefused } from '../failure.ts'
import { checkUrl, guardedLookup, type OutboundPolicy } from '../outbound/policy.ts'
import { checkAnnouncedLength, limited, readLimited } from '../outbound/read-limited.ts'
import { maintainCache } from './npm-cache.ts'
import { npmOptions } from './npm-config.ts'
import { IntegrityError, type NpmRegistry, PackageNotFound, type Packument, type TarballRef } from './registry.ts'
import { DEFAULT_REGISTRY_LIMITS, defaultCacheDir, type RegistryLimits } from './registry-limits.ts'

const MAX_REDIRECTS = 5
/** The policy every connection's name lookup is checked against (one process, one configuration). */
let current: OutboundPolicy = { registries: new Set(), allowed: new Set(), privateAddresses: false }
const LOOKUP = guardedLookup(() => current)

export class RegistryClient implements NpmRegistry {
  private ready: Promise<{ npm: Record<string, unknown>; policy: OutboundPolicy }> | undefined

  /** `overrides`: npm options over the configuration's (tests: a fixture registry on 127.0.0.1). */
  constructor(
    private readonly overrides: Record<string, unknown> = {},
    private readonly limits: RegistryLimits = DEFAULT_REGISTRY_LIMITS,
  ) {}

  private setup() {
    this.ready ??= (async () => {
      const npm = { ...(await npmOptions()), ...this.overrides }
      const registries = new Set<string>()
      for (const [k, v] of Object.entries(npm))
        if ((k === 'registry' || k.endsWith(':registry')) && typeof v === 'string' && URL.canParse(v))
          registries.add(new URL(v).origin)
      const policy = {
        registries: new Set([...current.registries, ...registries]),
        allowed: new Set(this.limits.tarballOrigins),
        privateAddresses: this.limits.privateAddresses,
      }
      current = policy
      await maintainCache(this.cacheDir(), this.limits.cacheMaxBytes)
      return { npm, policy }
    })()
    return this.ready
  }

  private cacheDir(): string {
    return typeof this.overrides.cache === 'string' ? this.overrides.cache : (this.limits.cacheDir ?? defaultCacheDir())
  }

  async packument(name: string, signal?: AbortSignal): Promise<Packument> {
    const { npm } = await this.setup()
    const url = `${regFetch.pickRegistry(name, npm).replace(/\/?$/, '/')}${name.replace('/', '%2f')}`
    const { body, stop } = await this.get(url, name, signal, {
      accept: 'application/json',
      cachePath: this.cacheDir(),
      max: this.limits.maxPackumentBytes,
    })
    const text = (await readLimited(body, this.limits.maxPackumentBytes, `the packument of ${name}`, stop)).toString()
    let doc: unknown
    try {
      doc = sjson.parse(text, undefined, { protoAction: 'remove', constructorAction: 'remove' })
    } catch (err) {
      throw new UpstreamRefused('format', `the packument of ${name} is not JSON: ${excerpt((err as Error).message)}`)
    }
    if (!doc || typeof doc !== 'object' || Array.isArray(doc))
      throw new UpstreamRefused('format', `the packument of ${name} is not a JSON object`)
    return doc as Packument
  }

  async withTarball<T>(ref: TarballRef, consume: (s: Readable) => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.setup()
    const what = `${ref.name}@${ref.version}`
    if (!ref.url) throw new UpstreamRefused('protocol', `${what} names no tarball`)
    const max = this.limits.maxTarballBytes
    const { body, stop } = await this.get(ref.url, what, signal, { integrity: ref.integrity, max })
    try {
      return await consume(ReadableStream.from(limited(body, max, `the tarball of ${what}`, stop)))
    } catch (err) {
      const e = err as { code?: string }
      if (e.code === 'EINTEGRITY') throw new IntegrityError(`integrity check failed for ${what}`)
      throw err
    } finally {
      stop() // a walk that gave up early leaves nothing downloading
    }
  }

  /** A 200 answer's body, following at most MAX_REDIRECTS redirects by the policy; refused, 404 or an HTTP error. */
  private async get(
    first: string,
    what: string,
    signal: AbortSignal | undefined,
    o: { accept?: string; cachePath?: string; integrity?: string | undefined; max: number },
  ): Promise<{ body: AsyncIterable<Buffer>; stop(): void }> {
    const { npm, policy } = await this.setup()
    let target = first
    let firstOrigin: string | undefined
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const { url, trusted } = checkUrl(target, policy)
      firstOrigin ??= url.origin
      const auth = trusted && url.origin === firstOrigin ? authorization(url.href, npm) : undefined
      const controller = new AbortController()
      const stop = () => controller.abort()
      const res = await fetch(url.href, {
        headers: {
          'user-agent': String(npm['user-agent'] ?? npm.userAgent ?? 'compintel'),
          ...(o.accept ? { accept: o.accept } : {}),
          ...(auth ? { authorization: auth } : {}),
        },
        ...(o.cachePath && trusted ? { cachePath: o.cachePath, cache: 'no-cache' } : { cache: 'no-store' }),
        ...(o.integrity ? { integrity: o.integrity } : {}),
        redirect: 'manual',
        retry: { retries: 0 },
        proxy: npm.httpsProxy ?? npm.proxy,
        noProxy: npm.noProxy,
        ca: npm.ca,
        cert: npm.cert,
        key: npm.key,
        strictSSL: npm.strictSSL,
        timeout: typeof npm.timeout === 'number' ? npm.timeout : 300_000,
        dns: { lookup: LOOKUP },
        signal: signal ? AbortSignal.any([signal, controller.signal]) : controller.signal,
      })
      if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
        stop()
        target = new URL(res.headers.get('location') as string, url).href
        continue
      }
      if (res.status === 404) {
        stop()
        throw new PackageNotFound(what)
      }
      if (res.status !== 200) {
        stop()
        const err = Object.assign(new Error(`${what}: the registry answered ${res.status}`), { statusCode: res.status })
        if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429)
          throw new UpstreamRefused('protocol', err.message)
        throw err
      }
      try {
        checkAnnouncedLength(res.headers.get('content-length'), o.max, what)
      } catch (err) {
        stop()
        throw err
      }
      return { body: res.body as AsyncIterable<Buffer>, stop }
    }
    throw new UpstreamRefused('protocol', `${what}: more than ${MAX_REDIRECTS} redirects`)
  }
}

/** The Authorization header npm would send to this URL (its registry's token or basic auth), if any. */
function authorization(url: string, npm: Record<string, unknown>): string | undefined {
  const auth = regFetch.getAuth(url, npm)
  if (auth.token) return `Bearer ${auth.token}`
  if (auth.auth) return `Basic ${auth.auth}`
  return undefined
}
