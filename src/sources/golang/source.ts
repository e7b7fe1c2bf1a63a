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
import { parsePurl } from '../../domain/shared/purl.ts'
import { repackagedRefresh, repackagedRunner } from '../repackaged-units.ts'
import type { PackageSource } from '../source.ts'
import { everyVersionPhases, unitIngest } from '../unit-ingest.ts'
import { golangUnits } from './golang-units.ts'

const declared: Pick<PackageSource, 'source' | 'fetchable' | 'phases' | 'runner'> = {
  source: 'golang',
  fetchable: (name) => nameProblem('golang', name) === undefined,
  phases: everyVersionPhases,
  runner: (d) => repackagedRunner(d, golangUnits),
}

export const golangSource: PackageSource = {
  ...declared,
  purlTypes: ['golang'],
  nameOf: (p) => (p.qualifiers?.repository_url ? undefined : p.namespace ? `${p.namespace}/${p.name}` : p.name),
  ingest: unitIngest(declared, declared.runner),
  // each known module's version list and `.info`s read again (revalidated against the client's cache) and its new
  // versions written, with the newest's go.mod (no zip); one kept from proxies is skipped
  refresh: {
    ...repackagedRefresh(golangUnits, 'golang-proxy'),
    // a module path is case-sensitive: the purl's, not the lower-case purl_name
    nameOfPurl: (purl) => golangSource.nameOf(parsePurl(purl)) ?? purl,
  },
}
