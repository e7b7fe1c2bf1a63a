// Test helper: the registry clients' surroundings kept out of a suite (process-wide, so set in `before`, put back in
// `after`): their document cache (XDG_CACHE_HOME) in a folder of the suite's, not the user's; this machine's pip
// configuration (PIP_CONFIG_FILE), Cargo's home (CARGO_HOME, its config.toml) and the go command's (GOENV off, its
// GOPROXY/GOPRIVATE/GONOPROXY/GONOSUMDB unset) not read, so PYPI_INDEX_URL, CARGO_INDEX_URL and GOLANG_PROXY_URL alone
// name the index.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const GO_KEYS = ['GOPROXY', 'GOPRIVATE', 'GONOPROXY', 'GONOSUMDB', 'GOSUMDB'] as const
const KEYS = ['XDG_CACHE_HOME', 'PIP_CONFIG_FILE', 'CARGO_HOME', 'GOENV', ...GO_KEYS] as const

export interface IsolatedRegistryEnv {
  /** The suite's cache folder. */
  cache: string
  /** The variables as they were, and the folder removed. */
  restore(): void
}

export function isolateRegistryClients(): IsolatedRegistryEnv {
  const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]))
  const cache = mkdtempSync(path.join(tmpdir(), 'ci-registry-cache-'))
  process.env.XDG_CACHE_HOME = cache
  process.env.PIP_CONFIG_FILE = '/dev/null'
  process.env.CARGO_HOME = path.join(cache, 'no-cargo-home')
  process.env.GOENV = 'off'
  for (const k of GO_KEYS) delete process.env[k]
  return {
    cache,
    restore() {
      for (const k of KEYS)
        if (saved[k] === undefined) delete process.env[k]
        else process.env[k] = saved[k]
      rmSync(cache, { recursive: true, force: true })
    },
  }
}
