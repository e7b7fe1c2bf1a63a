// Go units of the ingestion queue (docs/golang.md "On demand"), run by repackaged-units.ts: each learns one module
// from the module proxy a user configured (proxy/ingest-proxy.ts: its versions and times, go.mod files, the asked
// versions' zips), else — no proxy, a module the configuration keeps from proxies (GOPRIVATE, GONOPROXY, off:
// ModuleNotProxied), or one the proxies do not have (404, 410: PackageNotFound) — from Debian's golang-*-dev packages
// (ingest-module.ts).
import { PackageNotFound } from '../npm/registry.ts'
import type { Repackaged } from '../repackaged-units.ts'
import { ingestModule } from './ingest-module.ts'
import { configuredGoProxy } from './proxy/configured.ts'
import { ingestProxyModule, type ProxyIngestReport } from './proxy/ingest-proxy.ts'
import type { GoProxyClient } from './proxy/proxy-client.ts'
import { ModuleNotProxied } from './proxy/try-proxies.ts'

export const golangUnits: Repackaged<GoProxyClient, ProxyIngestReport> = {
  source: 'golang',
  configured: (growth) => configuredGoProxy(growth.registries.golang),
  fromConfigured: (client, work) => ingestProxyModule({ ...work, client }),
  // kept from proxies, or one the proxies do not have (404, 410): Debian's, as without a proxy
  fallsBack: (err) => err instanceof ModuleNotProxied || err instanceof PackageNotFound,
  fromDebian: (archive, indexes, work) => ingestModule({ ...work, archive, indexes }),
}
