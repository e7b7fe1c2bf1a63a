// One GET from a package index the operator configured (PyPI's Simple and JSON APIs, a Cargo sparse index), under
// the outbound policy (policy.ts): the URL is checked before each hop, redirects are followed by hand (credentials
// only within the first origin and only to a configured index), names resolve through the guarded lookup, the
// announced length is checked, and the whole exchange ends at a deadline. The body is the caller's to read through
// read-limited.ts (or to stop).
import http from 'node:http'
import https from 'node:https'
import type { Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'
import { Agent } from '@npmcli/agent'
import { UpstreamRefused } from '../failure.ts'
import { checkUrl, guardedLookup, type OutboundPolicy } from './policy.ts'
import { checkAnnouncedLength } from './read-limited.ts'

const MAX_REDIRECTS = 5
/**
 * The agents of each policy (one per client), each with a name lookup bound to that policy: @npmcli/agent's own cache
 * (getAgent) keys agents without their lookup, so a shared agent would check names against another client's rules.
 */
const AGENTS = new WeakMap<OutboundPolicy, Map<string, Agent>>()

export interface GetOptions {
  policy: OutboundPolicy
  /** What is fetched, for messages (`the Simple API page of requests`); never a URL with credentials. */
  what: string
  /** A body whose announced length is over this is refused before it is read (the reader counts the rest). */
  max: number
  /** The whole exchange (connection, redirects, headers, body) ends after this long. */
  timeoutMs: number
  accept?: string
  /** The body as sent, never decoded, asked with `Accept-Encoding: identity` (an artifact is hashed as published, as pip does). */
  raw?: boolean
  /** The Authorization header for a trusted URL of the first origin; never sent elsewhere. */
  authorization?: string | undefined
  /** Further headers sent only where `authorization` would be (a Maven server's `httpHeaders`: tokens). */
  headers?: Readonly<Record<string, string>> | undefined
  /** The validators of a cached copy: a 304 is then an answer. */
  cached?: { etag?: string | undefined; lastModified?: string | undefined } | undefined
  /** A proxy URL (the environment's HTTPS_PROXY / HTTP_PROXY, as pip and Cargo take it). */
  proxy?: string | undefined
  noProxy?: string | undefined
  signal?: AbortSignal | undefined
}

/** The environment's proxy (HTTPS_PROXY / HTTP_PROXY) and its exceptions (NO_PROXY), as pip and Cargo take them. */
export type NetworkOptions = Pick<GetOptions, 'proxy' | 'noProxy'>

/**
 * The proxy the environment names, read as pip (through requests) and Cargo (through libcurl) read it: HTTPS_PROXY,
 * then HTTP_PROXY, either case; NO_PROXY's exceptions.
 */
export function networkFromEnv(env: Record<string, string | undefined>): NetworkOptions {
  return {
    proxy: env.HTTPS_PROXY || env.https_proxy || env.HTTP_PROXY || env.http_proxy || undefined,
    noProxy: env.NO_PROXY || env.no_proxy || undefined,
  }
}

export interface Answer {
  /** 200; 304 when `cached` was given; 404 and 410 (gone); 401 and 403 (the caller decides about credentials). */
  status: number
  /** The URL that answered, after redirects. */
  url: URL
  headers: http.IncomingHttpHeaders
  /** The body, decompressed when the index gzipped it; read it or call stop(). */
  body: Readable
  /** Ends the download (the connection is closed). */
  stop(): void
}

const ANSWERS = new Set([200, 401, 403, 404, 410])

/** The answer to GET `first` after at most MAX_REDIRECTS redirects the policy allows. */
export async function guardedGet(first: string, o: GetOptions): Promise<Answer> {
  const deadline = AbortSignal.timeout(o.timeoutMs)
  const signal = o.signal ? AbortSignal.any([o.signal, deadline]) : deadline
  let target = first
  let firstOrigin: string | undefined
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const { url, trusted } = checkUrl(target, o.policy)
    firstOrigin ??= url.origin
    const firstTrusted = trusted && url.origin === firstOrigin
    const auth = firstTrusted ? o.authorization : undefined
    const headers: Record<string, string> = {
      ...(firstTrusted ? o.headers : {}),
      'user-agent': 'compintel',
      'accept-encoding': o.raw ? 'identity' : 'gzip',
      ...(o.accept ? { accept: o.accept } : {}),
      ...(auth ? { authorization: auth } : {}),
      ...(hop === 0 && o.cached?.etag ? { 'if-none-match': o.cached.etag } : {}),
      ...(hop === 0 && o.cached?.lastModified ? { 'if-modified-since': o.cached.lastModified } : {}),
    }
    const a = await send(url, headers, o, signal)
    const location = header(a.headers.location)
    if (a.status >= 300 && a.status < 400 && a.status !== 304 && location) {
      a.stop()
      target = new URL(location, url).href
      continue
    }
    if (ANSWERS.has(a.status) || (a.status === 304 && o.cached)) {
      if (a.status !== 200) a.stop()
      else
        try {
          checkAnnouncedLength(header(a.headers['content-length']), o.max, o.what)
        } catch (err) {
          a.stop()
          throw err
        }
      return a
    }
    a.stop()
    const message = `${o.what}: the index answered ${a.status}`
    if (a.status >= 400 && a.status < 500 && a.status !== 408 && a.status !== 429)
      throw new UpstreamRefused('protocol', message)
    throw Object.assign(new Error(message), { statusCode: a.status })
  }
  throw new UpstreamRefused('protocol', `${o.what}: more than ${MAX_REDIRECTS} redirects`)
}

/**
 * One request through @npmcli/agent (proxy, keep-alive, socket timeouts) with the guarded name lookup. When `signal`
 * ends it (the caller's abort, or the deadline: then an ETIMEDOUT error, which is worth another try), the request and
 * its body are destroyed with that error, whether the answer has come or is being read.
 */
function send(url: URL, headers: Record<string, string>, o: GetOptions, signal: AbortSignal): Promise<Answer> {
  const agent = agentFor(o)
  const transport = url.protocol === 'https:' ? https : http
  return new Promise<Answer>((resolve, reject) => {
    // Already ended (a worker stopping between two requests): no request at all, so none is destroyed unheard.
    if (signal.aborted) return reject(reasonOf(o))
    const streams: { destroy(err?: Error): void }[] = []
    const abort = () => {
      const err = reasonOf(o)
      for (const s of streams) s.destroy(err)
      reject(err)
    }
    const req = transport.request(url, { agent, headers }, (res) => {
      const gzipped = !o.raw && /\bgzip\b/i.test(header(res.headers['content-encoding']) ?? '')
      const body = gzipped ? res.pipe(createGunzip()) : res
      if (gzipped) res.on('error', (err) => body.destroy(err))
      streams.push(res, body)
      const stop = () => {
        signal.removeEventListener('abort', abort)
        req.destroy()
        res.destroy()
        body.destroy()
      }
      body.once('close', () => signal.removeEventListener('abort', abort))
      resolve({ status: res.statusCode ?? 0, url, headers: res.headers, body, stop })
    })
    streams.push(req)
    req.on('error', (err: NodeJS.ErrnoException) => {
      signal.removeEventListener('abort', abort)
      reject(err.code === 'EADDRREFUSED' ? new UpstreamRefused('address', err.message) : err)
    })
    signal.addEventListener('abort', abort, { once: true })
    req.end()
  })
}

/** Why the request's signal ended: the caller's reason, or the deadline as an ETIMEDOUT error (worth another try). */
function reasonOf(o: GetOptions): Error {
  if (o.signal?.aborted) return o.signal.reason as Error
  return Object.assign(new Error(`${o.what}: no whole answer within ${o.timeoutMs} ms`), { code: 'ETIMEDOUT' })
}

function agentFor(o: GetOptions): Agent {
  const agents = AGENTS.get(o.policy) ?? new Map<string, Agent>()
  AGENTS.set(o.policy, agents)
  const key = `${o.proxy ?? ''} ${o.noProxy ?? ''} ${o.timeoutMs}`
  let agent = agents.get(key)
  if (!agent) {
    const policy = o.policy
    agent = new Agent({
      proxy: o.proxy,
      noProxy: o.noProxy,
      maxSockets: 16,
      timeout: o.timeoutMs,
      // @npmcli/agent caches lookups by name for all agents: a 1 ms life keeps another policy's answer out
      dns: { lookup: guardedLookup(() => policy), ttl: 1 },
    })
    agents.set(key, agent)
  }
  return agent
}

export function header(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v
}
