// Test helper: the registry clients' surroundings kept out of a suite (process-wide, so set in `before`, put back in
// `after`): their document cache (XDG_CACHE_HOME) in a folder of the suite's, not the user's; this machine's pip
// configuration (PIP_CONFIG_FILE), Cargo's home (CARGO_HOME, its config.toml), Maven's (MAVEN_HOME's
// conf/settings.xml; ~/.m2/settings.xml replaced by the empty `mavenSettings`, to give as the app's MAVEN_SETTINGS) and
// the go command's (GOENV off, its GOPROXY/GOPRIVATE/GONOPROXY/GONOSUMDB unset) not read, so PYPI_INDEX_URL,
// CARGO_INDEX_URL, MAVEN_REPOSITORY_URL and GOLANG_PROXY_URL alone name the index.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const GO_KEYS = ['GOPROXY', 'GOPRIVATE', 'GONOPROXY', 'GONOSUMDB', 'GOSUMDB'] as const
const KEYS = ['XDG_CACHE_HOME', 'PIP_CONFIG_FILE', 'CARGO_HOME', 'MAVEN_HOME', 'GOENV', ...GO_KEYS] as const

export interface IsolatedRegistryEnv {
  /** The suite's cache folder. */
  cache: string
  /** An empty Maven settings file (MAVEN_SETTINGS: read instead of ~/.m2/settings.xml). */
  mavenSettings: string
  /** The variables as they were, and the folder removed. */
  restore(): void
}

export function isolateRegistryClients(): IsolatedRegistryEnv {
  const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]))
  const cache = mkdtempSync(path.join(tmpdir(), 'ci-registry-cache-'))
  process.env.XDG_CACHE_HOME = cache
  process.env.PIP_CONFIG_FILE = '/dev/null'
  process.env.CARGO_HOME = path.join(cache, 'no-cargo-home')
  delete process.env.MAVEN_HOME
  const mavenSettings = path.join(cache, 'maven-settings.xml')
  writeFileSync(mavenSettings, '<settings/>\n')
  process.env.GOENV = 'off'
  for (const k of GO_KEYS) delete process.env[k]
  return {
    cache,
    mavenSettings,
    restore() {
      for (const k of KEYS)
        if (saved[k] === undefined) delete process.env[k]
        else process.env[k] = saved[k]
      rmSync(cache, { recursive: true, force: true })
    },
  }
}
