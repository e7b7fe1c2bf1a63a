// Go modules as a source (sources/source.ts; docs/golang.md): pkg:golang/<module path>, learned from the module proxy
// a user configured (proxy/: every listed version and its time, go.mod files, the asked versions' zips) or, with
// none, for a module kept from proxies (GOPRIVATE, GONOPROXY) or one the proxies do not have, from the modules Debian
// repackages (`golang-*-dev` packages ship a module's source under usr/share/gocode/src/<module path>/), found
// through the suites' Contents index by the module's go.mod or the import path the source package names
// (Go-Import-Path); in two phases in `analyze` mode: what makes a module known (its versions, licenses, go.mod
// requirements), then its files walked; one phase in `metadata` mode. A module path is case-sensitive: the purl's
// namespace and name as written; a purl naming another repository (repository_url) is not this source's to answer.
// `compintel update` re-reads the known modules from the proxy; with none configured it skips them (not configured:
// Debian's modules are read again when asked after the suites' indexes change).

import { nameProblem } from '../../domain/kb/ecosystem-rules.ts'
import { serializeUnitOptions } from '../../domain/kb/ingest-queue.ts'
import { parsePurl } from '../../domain/shared/purl.ts'
import { sharedIndexes } from '../debian/debian-units.ts'
import { PackageNotFound } from '../npm/registry.ts'
import type { PackageSource } from '../source.ts'
import { unitIngest } from '../unit-ingest.ts'
import { golangRunner } from './golang-units.ts'
import { configuredGoProxy } from './proxy/configured.ts'
import { ingestProxyModule } from './proxy/ingest-proxy.ts'
import { ModuleNotProxied } from './proxy/try-proxies.ts'

const declared: Pick<PackageSource, 'source' | 'fetchable' | 'phases' | 'runner'> = {
  source: 'golang',
  fetchable: (name) => nameProblem('golang', name) === undefined,
  phases: (mode, r) => {
    const o = { versions: 'all', analyze: 'asked', asked: r.asked, withDependencies: false }
    const known = serializeUnitOptions({ ...o, phase: 'known' })
    return mode === 'metadata' ? { known } : { known, analysis: serializeUnitOptions({ ...o, phase: 'analysis' }) }
  },
  runner: (d) =>
    golangRunner({
      indexes: sharedIndexes(d.growth.debian),
      writer: d.writer,
      advisories: d.advisories,
      analyzers: d.analyzers,
      ...(d.walker ? { walker: d.walker } : {}),
      ...(d.archives ? { archives: d.archives } : {}),
      proxy: configuredGoProxy(d.growth.registries.golang),
    }),
}

export const golangSource: PackageSource = {
  ...declared,
  purlTypes: ['golang'],
  nameOf: (p) => (p.qualifiers?.repository_url ? undefined : p.namespace ? `${p.namespace}/${p.name}` : p.name),
  ingest: unitIngest(declared, declared.runner),
  refresh: {
    feed: 'golang-proxy',
    purlType: 'golang',
    // with no proxy configured there is nothing to re-read (Debian's modules are not refreshed): not configured
    enabled: (growth) => configuredGoProxy(growth.registries.golang)() !== undefined,
    // a module path is case-sensitive: the purl's, not the lower-case purl_name
    nameOfPurl: (purl) => golangSource.nameOf(parsePurl(purl)) ?? purl,
    // each known module's version list and `.info`s read again (revalidated against the client's cache) and its new
    // versions written, with the newest's go.mod (the known phase, no zip); one kept from proxies, or gone, is skipped
    run: async (names, d) => {
      const out = { changed: 0, notFound: [] as string[], failed: [] as string[] }
      const client = configuredGoProxy(d.growth.registries.golang)()
      if (!client) return out
      for (const name of names) {
        try {
          const r = await ingestProxyModule({ client, writer: d.writer, name, asked: [], now: d.now })
          if (r.changed) out.changed++
        } catch (err) {
          if (err instanceof ModuleNotProxied) continue
          if (err instanceof PackageNotFound) out.notFound.push(name)
          else out.failed.push(name)
        }
      }
      return out
    },
  },
}
