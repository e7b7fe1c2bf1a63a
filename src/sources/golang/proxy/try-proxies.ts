// The go command's walk down the GOPROXY list for one request (cmd/go/internal/modfetch TryProxies and lookup): each
// entry in turn until one answers; after an error that is not "not found" (404, 410) the walk stops unless the entry
// was followed by `|`. A module GONOPROXY (or GOPRIVATE) names is never asked of a proxy: it would be fetched from
// its version control (`direct`), which compintel does not do, so it is not fetched. The error reported is the go
// command's choice: `direct`'s first, then a proxy's other than "not found", then the last "not found".
import { PermanentError } from '../../../ingest/failure.ts'
import { PackageNotFound } from '../../npm/registry.ts'
import type { GoProxyConfig, ProxyEntry } from './goproxy-config.ts'
import { matchPrefixPatterns } from './module-patterns.ts'

/** The module would be fetched by the go command only from its version control, or not at all (GOPROXY=off). */
export class ModuleNotProxied extends PermanentError {
  override readonly name: string = 'ModuleNotProxied'
  constructor(
    message: string,
    /** The go command counts this as "not found" (off, GONOPROXY on a proxy entry) and goes on down the list. */
    readonly notExist = false,
  ) {
    super(message)
  }
}

export type ProxyUrlEntry = Extract<ProxyEntry, { kind: 'proxy' }>

/** `ask` throws PackageNotFound for an answer of 404 or 410. */
export async function tryProxies<T>(
  config: GoProxyConfig,
  module: string,
  ask: (proxy: ProxyUrlEntry) => Promise<T>,
): Promise<T> {
  const private_ = config.noProxy !== '' && matchPrefixPatterns(config.noProxy, module)
  const direct = () =>
    new ModuleNotProxied(
      private_
        ? `${module} matches GONOPROXY/GOPRIVATE (${config.noProxy}): the go command fetches it from its version control (direct), which compintel does not do`
        : `${module}: GOPROXY (${config.from}) hands it to its version control (direct), which compintel does not do`,
    )
  let best: Error | undefined
  let bestRank = 0 // 0: not found, 1: a proxy's error, 2: direct's
  for (const entry of config.entries) {
    let err: Error
    if (entry.kind === 'proxy' && !private_) {
      try {
        return await ask(entry)
      } catch (e) {
        err = e as Error
      }
    } else if (entry.kind === 'direct' || (entry.kind === 'noproxy' && private_)) err = direct()
    else if (entry.kind === 'off' && !private_)
      err = new ModuleNotProxied(`${module}: module lookup disabled by GOPROXY=off (${config.from})`, true)
    else if (entry.kind === 'noproxy') err = new ModuleNotProxied(`${module}: use a proxy`, true)
    else err = new ModuleNotProxied(`${module}: module lookup disabled by GONOPROXY/GOPRIVATE`, true)
    const notExist = err instanceof PackageNotFound || (err instanceof ModuleNotProxied && err.notExist)
    if (entry.kind === 'direct' || (entry.kind === 'noproxy' && private_)) {
      best = err
      bestRank = 2
    } else if (bestRank <= 1 && !notExist) {
      best = err
      bestRank = 1
    } else if (bestRank === 0) best = err
    const fallBack = entry.kind === 'proxy' ? entry.fallBackOnError : false
    if (!fallBack && !notExist) break
  }
  throw best ?? new PackageNotFound(module)
}
