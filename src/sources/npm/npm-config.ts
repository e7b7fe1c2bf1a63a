// The user's npm configuration (registry, proxy, auth, cache), read the way npm itself reads it.
import Config from '@npmcli/config'
import defs from '@npmcli/config/lib/definitions/index.js'

let loaded: Promise<Record<string, unknown>> | undefined

/** Flat options for pacote / npm-registry-fetch, loaded once per process. */
export function npmOptions(): Promise<Record<string, unknown>> {
  loaded ??= (async () => {
    const { definitions, shorthands, flatten, nerfDarts } = defs as unknown as Record<string, unknown>
    const config = new Config({
      npmPath: process.cwd(),
      definitions,
      shorthands,
      flatten,
      nerfDarts,
      argv: [],
      cwd: process.cwd(),
      env: process.env,
      execPath: process.execPath,
      platform: process.platform,
    })
    await config.load()
    return { ...config.flat }
  })()
  return loaded
}
