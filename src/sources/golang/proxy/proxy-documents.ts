// The GOPROXY protocol's documents and URLs (the Go modules reference, "GOPROXY protocol"): a module path and a
// version as a proxy's URL spells them (case-encoded, `!` percent-encoded as the go command sends it), `@v/list` (one
// version per line, its first field; the go command keeps valid semantic versions that are not pseudo-versions and
// sorts them), and a `.info` or `@latest` answer (JSON: `Version`, `Time`, `Origin`), parsed with prototype keys removed.
import sjson from 'secure-json-parse'
import { goScheme } from '../../../domain/shared/versions/go.ts'
import { excerpt, UpstreamRefused } from '../../../ingest/failure.ts'
import { escapePath, escapeVersion, isCanonicalVersion, isGoSemver, isPseudoVersion } from './module-path.ts'
import type { ProxyUrlEntry } from './try-proxies.ts'

export interface GoVersionInfo {
  version: string
  /** The version's commit time as the proxy gives it (RFC 3339), or undefined. */
  time: string | undefined
  /** The proxy's `Origin` (VCS, URL, Ref, Hash …) when it gives one, as given. */
  origin: Record<string, unknown> | undefined
  /** The proxy that answered. */
  proxy: string
}

export function parseVersionList(body: Buffer): string[] {
  const tags = new Set<string>()
  for (const line of body.toString('utf8').split('\n')) {
    const v = line.trim().split(/\s+/)[0] ?? ''
    if (isGoSemver(v) && !isPseudoVersion(v)) tags.add(v)
  }
  return [...tags].sort((a, b) => goScheme.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0))
}

export function modulePath(module: string): string {
  const escaped = escapePath(module)
  if (escaped === undefined) throw new UpstreamRefused('protocol', `"${excerpt(module, 80)}" is not a Go module path`)
  return escaped.replace(/!/g, '%21') // as the go command sends it (url.PathEscape)
}

/** A version as the URL spells it; the .mod and .zip of a version are asked only for a canonical one, as the go command asks. */
export function versionPart(version: string, canonical = false): string {
  const escaped = escapeVersion(version)
  if (escaped === undefined || (canonical && !isCanonicalVersion(version)))
    throw new UpstreamRefused(
      'protocol',
      `"${excerpt(version, 80)}" is not a ${canonical ? 'canonical ' : ''}Go module version`,
    )
  return escaped.replace(/!/g, '%21')
}

export function parseInfo(body: Buffer, p: ProxyUrlEntry): GoVersionInfo {
  let j: Record<string, unknown>
  try {
    j = sjson.parse(body.toString('utf8'), undefined, { protoAction: 'remove', constructorAction: 'remove' })
  } catch {
    throw new UpstreamRefused('format', `the proxy's version info is not JSON`)
  }
  if (typeof j?.Version !== 'string' || !isGoSemver(j.Version))
    throw new UpstreamRefused('format', `the proxy's version info names no Go version`)
  const time = typeof j.Time === 'string' && !Number.isNaN(Date.parse(j.Time)) ? j.Time : undefined
  const origin =
    j.Origin && typeof j.Origin === 'object' && !Array.isArray(j.Origin)
      ? (j.Origin as Record<string, unknown>)
      : undefined
  return { version: j.Version, time, origin, proxy: p.url }
}
