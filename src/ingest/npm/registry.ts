// The npm registry through pacote, with the user's npm configuration: packuments and integrity-checked tarballs.
import type { Readable } from 'node:stream'
import pacote from 'pacote'
import { isPermanent, UpstreamRefused } from '../failure.ts'
import { npmOptions } from './npm-config.ts'

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

/** What ingestion needs from a registry; tests give a fixture registry on 127.0.0.1 instead. */
export interface NpmRegistry {
  packument(name: string): Promise<Packument>
  /** Streams the tarball into `consume`; rejects with IntegrityError when it does not match `integrity`. */
  withTarball<T>(
    name: string,
    version: string,
    integrity: string | undefined,
    consume: (s: Readable) => Promise<T>,
  ): Promise<T>
}

export class PacoteRegistry implements NpmRegistry {
  constructor(private readonly overrides: Record<string, unknown> = {}) {}

  private async opts(): Promise<Record<string, unknown>> {
    const npm = await npmOptions()
    // compintel's own retry (src/ingest/retry.ts, 4 tries with back-off) is the only one: pacote's would multiply it.
    const retry = { ...(npm.retry as object | undefined), retries: 0 }
    return { ...npm, retry, ...this.overrides, fullMetadata: true, preferOnline: true }
  }

  async packument(name: string): Promise<Packument> {
    try {
      return (await pacote.packument(name, await this.opts())) as unknown as Packument
    } catch (err) {
      throw mapError(err, name)
    }
  }

  async withTarball<T>(
    name: string,
    version: string,
    integrity: string | undefined,
    consume: (s: Readable) => Promise<T>,
  ): Promise<T> {
    const opts = { ...(await this.opts()), ...(integrity ? { integrity } : {}) }
    try {
      // pacote verifies the bytes against `integrity` as they stream and fails with EINTEGRITY on a mismatch.
      return (await pacote.tarball.stream(`${name}@${version}`, (s) => consume(s as unknown as Readable), opts)) as T
    } catch (err) {
      throw mapError(err, `${name}@${version}`)
    }
  }
}

function mapError(err: unknown, what: string): Error {
  const e = err as { code?: string; statusCode?: number; message?: string }
  if (e.code === 'E404' || e.statusCode === 404 || e.code === 'ETARGET') return new PackageNotFound(what)
  if (e.code === 'EINTEGRITY') return new IntegrityError(`integrity check failed for ${what}`)
  return err instanceof Error ? err : new Error(String(err))
}

/** Network and server errors worth another try; 4xx answers (other than 429) are not. */
export function isTransient(err: unknown): boolean {
  if (err instanceof PackageNotFound || isPermanent(err)) return false
  const e = err as { code?: string; statusCode?: number }
  if (typeof e.statusCode === 'number') return e.statusCode === 429 || e.statusCode >= 500
  return [
    'ECONNRESET',
    'ETIMEDOUT',
    'ECONNREFUSED',
    'EAI_AGAIN',
    'EPIPE',
    'ENOTFOUND',
    'ERR_SOCKET_TIMEOUT',
    'E500',
    'E502',
    'E503',
    'E429',
  ].includes(e.code ?? '')
}
