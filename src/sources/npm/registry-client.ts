// The npm registry over HTTP with the user's npm configuration (registry and scoped registries, auth, proxy, TLS:
// npm's own agent and credentials rules), under compintel's rules: the socket is read only as fast as the bytes are
// used and every body is cut at its limit; redirects are followed by hand (credentials only within the first
// origin, other origins only when allowed); tarballs come from the registry's origin or one the operator allows;
// other names must resolve to public addresses; packuments are revalidated against compintel's own bounded cache.
import http from 'node:http'
import https from 'node:https'
import { Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'
import { getAgent } from '@npmcli/agent'
import regFetch from 'npm-registry-fetch'
import sjson from 'secure-json-parse'
import type { RegistryLimits } from '../../config/growth.ts'
import { excerpt, UpstreamRefused } from '../../ingest/failure.ts'
import { checkUrl, guardedLookup, type OutboundPolicy } from '../../ingest/outbound/policy.ts'
import { checkAnnouncedLength, limited, readLimited } from '../../ingest/outbound/read-limited.ts'
import { integrityCheck } from './integrity.ts'
import { npmOptions } from './npm-config.ts'
import { type Cached, PackumentCache } from './packument-cache.ts'
import { type NpmRegistry, PackageNotFound, type Packument, type TarballRef } from './registry.ts'
import { DEFAULT_REGISTRY_LIMITS, defaultCacheDir } from './registry-limits.ts'

const MAX_REDIRECTS = 5
/** The policy of the client whose request looks up a name now (a process has one configuration; tests have several). */
let current: OutboundPolicy = { registries: new Set(), allowed: new Set(), privateAddresses: false }
const LOOKUP = guardedLookup(() => current)

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  /** The body, decompressed when the registry gzipped it; read it or call stop(). */
  body: Readable
  /** Ends the download (the connection is closed). */
  stop(): void
}

interface Setup {
  npm: Record<string, unknown>
  policy: OutboundPolicy
  cache: PackumentCache
}

export class RegistryClient implements NpmRegistry {
  private ready: Promise<Setup> | undefined

  /** `overrides`: npm options over the configuration's (tests: a fixture registry on 127.0.0.1, `cache`: a folder). */
  constructor(
    private readonly overrides: Record<string, unknown> = {},
    private readonly limits: RegistryLimits = DEFAULT_REGISTRY_LIMITS,
  ) {}

  private setup(): Promise<Setup> {
    this.ready ??= (async () => {
      const npm = { ...(await npmOptions()), ...this.overrides }
      const registries = new Set<string>()
      for (const [k, v] of Object.entries(npm))
        if ((k === 'registry' || k.endsWith(':registry')) && typeof v === 'string' && URL.canParse(v))
          registries.add(new URL(v).origin)
      const policy = {
        registries,
        allowed: new Set(this.limits.tarballOrigins),
        privateAddresses: this.limits.privateAddresses,
      }
      const dir =
        typeof this.overrides.cache === 'string' ? this.overrides.cache : (this.limits.cacheDir ?? defaultCacheDir())
      const cache = new PackumentCache(dir, this.limits.cacheMaxBytes)
      await cache.maintain()
      return { npm, policy, cache }
    })()
    return this.ready
  }

  async packument(name: string, signal?: AbortSignal): Promise<Packument> {
    const { npm, cache } = await this.setup()
    const url = `${regFetch.pickRegistry(name, npm).replace(/\/?$/, '/')}${name.replace('/', '%2f')}`
    const max = this.limits.maxPackumentBytes
    const cached = await cache.lookup(url)
    const a = await this.get(url, name, signal, { accept: 'application/json', max, cached })
    let text: Buffer
    if (a.status === 304 && cached) {
      a.stop()
      if (cached.size > max)
        throw new UpstreamRefused('size', `the packument of ${name} is over the limit of ${max} bytes`)
      text = await cache.body(url)
    } else {
      text = await readLimited(a.body, max, `the packument of ${name}`, a.stop)
      await cache.store(url, text, header(a.headers.etag), header(a.headers['last-modified']))
    }
    return parsePackument(text, name)
  }

  async withTarball<T>(ref: TarballRef, consume: (s: Readable) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const what = `${ref.name}@${ref.version}`
    if (!ref.url) throw new UpstreamRefused('protocol', `${what} names no tarball`)
    const max = this.limits.maxTarballBytes
    const check = integrityCheck(ref.integrity, what)
    const a = await this.get(ref.url, what, signal, { max })
    let verified = false
    async function* checked() {
      for await (const chunk of limited(a.body, max, `the tarball of ${what}`, a.stop)) {
        check?.update(chunk)
        yield chunk
      }
      check?.verify()
      verified = true
    }
    try {
      const out = await consume(Readable.from(checked()))
      if (!verified) throw new UpstreamRefused('integrity', `${what} was not read to its end, so it is not verified`)
      return out
    } finally {
      a.stop() // a walk that gave up early leaves nothing downloading
    }
  }

  /** A 200 (or, revalidating `cached`, 304) answer after at most MAX_REDIRECTS redirects the policy allows. */
  private async get(
    first: string,
    what: string,
    signal: AbortSignal | undefined,
    o: { accept?: string; max: number; cached?: Cached | undefined },
  ): Promise<Answer> {
    const { npm, policy } = await this.setup()
    let target = first
    let firstOrigin: string | undefined
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const { url, trusted } = checkUrl(target, policy)
      firstOrigin ??= url.origin
      const auth = trusted && url.origin === firstOrigin ? authorization(url.href, npm) : undefined
      const headers: Record<string, string> = {
        'user-agent': String(npm.userAgent ?? 'compintel'),
        ...(o.accept ? { accept: o.accept, 'accept-encoding': 'gzip' } : {}),
        ...(auth ? { authorization: auth } : {}),
        ...(hop === 0 && o.cached?.etag ? { 'if-none-match': o.cached.etag } : {}),
        ...(hop === 0 && o.cached?.lastModified ? { 'if-modified-since': o.cached.lastModified } : {}),
      }
      current = policy // the lookup of this connection checks names against this client's rules
      const a = await send(url, headers, npm, signal)
      const location = header(a.headers.location)
      if (a.status >= 300 && a.status < 400 && a.status !== 304 && location) {
        a.stop()
        target = new URL(location, url).href
        continue
      }
      if (a.status === 200 || (a.status === 304 && o.cached)) {
        try {
          checkAnnouncedLength(header(a.headers['content-length']), o.max, what)
        } catch (err) {
          a.stop()
          throw err
        }
        return a
      }
      a.stop()
      if (a.status === 404) throw new PackageNotFound(what)
      const message = `${what}: the registry answered ${a.status}`
      if (a.status >= 400 && a.status < 500 && a.status !== 408 && a.status !== 429)
        throw new UpstreamRefused('protocol', message)
      throw Object.assign(new Error(message), { statusCode: a.status })
    }
    throw new UpstreamRefused('protocol', `${what}: more than ${MAX_REDIRECTS} redirects`)
  }
}

/** One request through npm's agent (proxy, TLS, timeouts) with compintel's name lookup. */
function send(url: URL, headers: Record<string, string>, npm: Record<string, unknown>, signal?: AbortSignal) {
  const timeout = typeof npm.timeout === 'number' ? npm.timeout : 300_000
  const agent = getAgent(url.href, {
    proxy: npm.httpsProxy ?? npm.proxy,
    noProxy: npm.noProxy,
    ca: npm.ca,
    cert: npm.cert,
    key: npm.key,
    rejectUnauthorized: npm.strictSSL !== false,
    maxSockets: 16,
    timeout,
    dns: { lookup: LOOKUP },
  })
  const transport = url.protocol === 'https:' ? https : http
  return new Promise<Answer>((resolve, reject) => {
    const req = transport.request(url, { agent, headers, ...(signal ? { signal } : {}) }, (res) => {
      const gzipped = /\bgzip\b/i.test(header(res.headers['content-encoding']) ?? '')
      const body = gzipped ? res.pipe(createGunzip()) : res
      if (gzipped) res.on('error', (err) => body.destroy(err))
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        body,
        stop: () => {
          req.destroy()
          res.destroy()
          body.destroy()
        },
      })
    })
    req.on('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRREFUSED' ? new UpstreamRefused('address', err.message) : err),
    )
    req.end()
  })
}

function parsePackument(text: Buffer, name: string): Packument {
  let doc: unknown
  try {
    doc = sjson.parse(text.toString('utf8'), undefined, { protoAction: 'remove', constructorAction: 'remove' })
  } catch (err) {
    throw new UpstreamRefused('format', `the packument of ${name} is not JSON: ${excerpt((err as Error).message)}`)
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc))
    throw new UpstreamRefused('format', `the packument of ${name} is not a JSON object`)
  return doc as Packument
}

function header(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v
}

/** The Authorization header npm would send to this URL (its registry's token or basic auth), if any. */
function authorization(url: string, npm: Record<string, unknown>): string | undefined {
  const auth = regFetch.getAuth(url, npm)
  if (auth.token) return `Bearer ${auth.token}`
  if (auth.auth) return `Basic ${auth.auth}`
  return undefined
}
