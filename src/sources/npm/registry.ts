// What ingestion needs from an npm registry, the errors it answers with, and which of them are worth another try.
// The client that speaks to a real registry is registry-client.ts; tests give a fixture registry on 127.0.0.1.
import type { Readable } from 'node:stream'
import { isPermanent, UpstreamRefused } from '../../ingest/failure.ts'

/** The subset of a packument compintel reads (registries may omit any of it). */
export interface Packument {
  name: string
  'dist-tags'?: Record<string, string>
  versions?: Record<string, Manifest>
  time?: Record<string, string>
  description?: string
  repository?: unknown
  homepage?: string
}

export interface Manifest {
  name: string
  version: string
  description?: string
  license?: unknown
  licenses?: unknown
  deprecated?: string | boolean
  repository?: unknown
  homepage?: string
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  dist?: { integrity?: string; shasum?: string; tarball?: string; unpackedSize?: number; fileCount?: number }
}

export class PackageNotFound extends Error {
  constructor(readonly packageName: string) {
    super(`not found: ${packageName}`)
  }
}

export class IntegrityError extends UpstreamRefused {
  constructor(message: string) {
    super('integrity', message)
  }
}

/** One version's tarball as its packument names it. */
export interface TarballRef {
  name: string
  version: string
  /** The manifest's dist.integrity (or its shasum as sha1 integrity); the bytes must match it. */
  integrity: string | undefined
  /** The manifest's dist.tarball; refused unless on the registry's origin or one the operator allows. */
  url: string | undefined
}

export interface NpmRegistry {
  /** The package's packument, refused over the size limit or when it is not JSON. */
  packument(name: string, signal?: AbortSignal): Promise<Packument>
  /** Streams the tarball into `consume`; rejects with IntegrityError when it does not match its integrity. */
  withTarball<T>(ref: TarballRef, consume: (s: Readable) => Promise<T>, signal?: AbortSignal): Promise<T>
}

/** Network and server errors worth another try; refusals and 4xx answers (other than 408 and 429) are not. */
export function isTransient(err: unknown): boolean {
  if (err instanceof PackageNotFound || isPermanent(err)) return false
  const e = err as { code?: string; statusCode?: number; name?: string; type?: string }
  if (e.name === 'AbortError' || e.name === 'TimeoutError') return false
  if (e.type === 'request-timeout') return true
  if (typeof e.statusCode === 'number') return e.statusCode === 408 || e.statusCode === 429 || e.statusCode >= 500
  return [
    'ECONNRESET',
    'ETIMEDOUT',
    'ECONNREFUSED',
    'EAI_AGAIN',
    'EPIPE',
    'ENOTFOUND',
    'ERR_SOCKET_TIMEOUT',
    'ECONNECTIONTIMEOUT',
    'EIDLETIMEOUT',
    'ERESPONSETIMEOUT',
    'ETRANSFERTIMEOUT',
    'E500',
    'E502',
    'E503',
    'E429',
  ].includes(e.code ?? '')
}
