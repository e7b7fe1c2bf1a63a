// The operator's rules for where ingestion may connect. A registry the operator configured is trusted at whatever
// address it has; any other origin (a tarball or a redirect elsewhere) must be one the operator allowed, is reached
// without credentials, and must not resolve to a loopback, link-local, private or otherwise special address unless
// the operator allowed those too. A registry's answer never chooses where compintel goes.
import dns from 'node:dns'
import { isIP } from 'node:net'
import { UpstreamRefused } from '../failure.ts'

export interface OutboundPolicy {
  /** Origins (scheme://host:port) of the registries the operator configured: trusted, credentials allowed. */
  registries: ReadonlySet<string>
  /** Other origins the operator allows (a registry's CDN): no credentials, public addresses only. */
  allowed: ReadonlySet<string>
  /** Allowed origins may resolve to private, loopback and link-local addresses (a registry inside a network). */
  privateAddresses: boolean
}

/**
 * The URL as compintel will fetch it, or an UpstreamRefused: http(s) only, no credentials in the URL, on a
 * configured registry or an allowed origin. `trusted` says whether credentials may go with it.
 */
export function checkUrl(raw: string, policy: OutboundPolicy): { url: URL; trusted: boolean } {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new UpstreamRefused('protocol', 'not a URL')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new UpstreamRefused('protocol', `${url.protocol} URLs are not fetched`)
  if (url.username || url.password) throw new UpstreamRefused('protocol', 'a URL with credentials in it is not fetched')
  const origin = url.origin
  if (policy.registries.has(origin)) return { url, trusted: true }
  if (policy.allowed.has(origin)) {
    const ip = isIP(hostOf(url)) ? hostOf(url) : undefined
    if (ip && !policy.privateAddresses && isSpecialAddress(ip))
      throw new UpstreamRefused('address', `${origin} is a ${addressKind(ip)} address`)
    return { url, trusted: false }
  }
  throw new UpstreamRefused(
    'address',
    `${origin} is not the registry's origin nor one allowed (NPM_TARBALL_ORIGINS, PYPI_FILE_ORIGINS, CARGO_DL_ORIGINS, GOLANG_FILE_ORIGINS, MAVEN_FILE_ORIGINS)`,
  )
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '')
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void

/**
 * A dns.lookup for the HTTP agent: names of the configured registries resolve as usual; any other name must resolve
 * to public addresses only (checked on the addresses the connection will use, so a second answer cannot differ).
 */
export function guardedLookup(policy: () => OutboundPolicy) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, [])
      const p = policy()
      const registryHost = [...p.registries].some((o) => new URL(o).hostname === hostname)
      const bad = addresses.find((a) => isSpecialAddress(a.address))
      if (bad && !registryHost && !p.privateAddresses) {
        const e: NodeJS.ErrnoException = new UpstreamRefused(
          'address',
          `${hostname} resolves to a ${addressKind(bad.address)} address`,
        )
        e.code = 'EADDRREFUSED'
        return callback(e, [])
      }
      if (options.all) return callback(null, addresses)
      const first = addresses[0] as dns.LookupAddress
      callback(null, first.address, first.family)
    })
  }
}

/** Loopback, private, link-local, unspecified, multicast, CGNAT and other non-public ranges (IPv4 and IPv6). */
export function isSpecialAddress(ip: string): boolean {
  return addressKind(ip) !== 'public'
}

function addressKind(ip: string): string {
  const v4 = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip
  if (isIP(v4) === 4) {
    const [a = 0, b = 0] = v4.split('.').map(Number)
    if (a === 127) return 'loopback'
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private'
    if (a === 169 && b === 254) return 'link-local'
    if (a === 100 && b >= 64 && b <= 127) return 'shared (CGNAT)'
    if (a === 0 || a >= 224) return 'reserved or multicast'
    return 'public'
  }
  const low = ip.toLowerCase()
  if (low === '::1') return 'loopback'
  if (low === '::') return 'unspecified'
  if (/^fe[89ab]/.test(low)) return 'link-local'
  if (/^f[cd]/.test(low)) return 'private'
  if (low.startsWith('ff')) return 'multicast'
  return 'public'
}
