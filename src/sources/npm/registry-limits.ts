// The bounds of what compintel takes from an npm registry (docs/security.md "Hostile registry"): settings NPM_* in
// config/growth.ts, defaults here for the commands and tests that build a client without a configuration.
import { homedir } from 'node:os'
import path from 'node:path'
import type { RegistryLimits } from '../../config/growth.ts'

const MB = 1024 * 1024

export const DEFAULT_REGISTRY_LIMITS: RegistryLimits = {
  maxPackumentBytes: 128 * MB,
  maxTarballBytes: 256 * MB,
  tarballOrigins: [],
  privateAddresses: false,
  cacheDir: undefined,
  cacheMaxBytes: 512 * MB,
}

/**
 * The default cache folder: `compintel-npm` (or another source's `kind`) in $XDG_CACHE_HOME or ~/.cache (never the
 * package tool's own cache).
 */
export function defaultCacheDir(kind = 'compintel-npm'): string {
  return path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), kind)
}
