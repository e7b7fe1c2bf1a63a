// The bounds of what compintel takes from an npm registry (docs/security.md "Hostile registry"): settings NPM_* in
// config-growth.ts, defaults here for the commands and tests that build a client without a configuration.
import { homedir } from 'node:os'
import path from 'node:path'

export interface RegistryLimits {
  /** A packument larger than this is refused while it downloads (NPM_MAX_PACKUMENT_MB). */
  maxPackumentBytes: number
  /** A tarball download larger than this is refused while it downloads (NPM_MAX_TARBALL_MB). */
  maxTarballBytes: number
  /** Origins besides the registries' own that tarballs and redirects may name (NPM_TARBALL_ORIGINS). */
  tarballOrigins: string[]
  /** Those origins may resolve to loopback, private or link-local addresses (NPM_ALLOW_PRIVATE_ADDRESSES). */
  privateAddresses: boolean
  /** compintel's own packument cache (NPM_CACHE_DIR); undefined: `compintel-npm` in the user's cache folder. */
  cacheDir: string | undefined
  /** The cache is cut back to this size, oldest entries first (NPM_CACHE_MAX_MB). */
  cacheMaxBytes: number
}

const MB = 1024 * 1024

export const DEFAULT_REGISTRY_LIMITS: RegistryLimits = {
  maxPackumentBytes: 128 * MB,
  maxTarballBytes: 256 * MB,
  tarballOrigins: [],
  privateAddresses: false,
  cacheDir: undefined,
  cacheMaxBytes: 512 * MB,
}

/** The default cache folder: `compintel-npm` in $XDG_CACHE_HOME or ~/.cache (never npm's own cache). */
export function defaultCacheDir(): string {
  return path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'compintel-npm')
}
