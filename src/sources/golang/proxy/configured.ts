// The module proxies the golang source reads, when the user configured one (docs/registries.md "Go module
// proxies"): the go command's configuration in this process's environment and go env file, under compintel's
// GOLANG_PROXY_URL. Read at the first unit and kept for the process (one client, one document cache); undefined when
// no GOPROXY is configured or it names no proxy compintel reads (only `direct` or `off`): the source then reads
// Debian. A configuration that cannot be read fails each unit (a PermanentError naming it) until it is fixed.
import type { GoProxyLimits } from '../../../config/registries.ts'
import { readConfigFile } from '../../../ingest/outbound/config-files.ts'
import { networkFromEnv } from '../../../ingest/outbound/guarded-get.ts'
import { goProxyFromEnv, hasProxy } from './goproxy-config.ts'
import { GoProxyClient } from './proxy-client.ts'

export function configuredGoProxy(limits: GoProxyLimits): () => GoProxyClient | undefined {
  let made: { client: GoProxyClient | undefined } | undefined
  return () => {
    if (!made) {
      const config = goProxyFromEnv(process.env, readConfigFile, limits.indexUrl)
      made = {
        client: config && hasProxy(config) ? new GoProxyClient(config, limits, networkFromEnv(process.env)) : undefined,
      }
    }
    return made.client
  }
}
