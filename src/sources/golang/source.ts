// Go modules as a source (sources/source.ts; docs/golang.md): pkg:golang/<module path>, learned from the modules
// Debian repackages (`golang-*-dev` packages ship a module's source under usr/share/gocode/src/<module path>/), found
// through the suites' Contents index by the module's go.mod; in two phases in `analyze` mode: what makes a module
// known (its versions, licenses, go.mod requirements), then its files walked; one phase in `metadata` mode. A module
// path is case-sensitive: the purl's namespace and name as written; a purl naming another repository
// (repository_url) is not this source's to answer. `compintel update` has nothing to re-read (Debian's modules are
// read again when asked after the suites' indexes change).
import { nameProblem } from '../../domain/kb/ecosystem-rules.ts'
import { serializeUnitOptions } from '../../domain/kb/ingest-queue.ts'
import { sharedIndexes } from '../debian/debian-units.ts'
import type { PackageSource } from '../source.ts'
import { unitIngest } from '../unit-ingest.ts'
import { golangRunner } from './golang-units.ts'

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
    }),
}

export const golangSource: PackageSource = {
  ...declared,
  purlTypes: ['golang'],
  nameOf: (p) => (p.qualifiers?.repository_url ? undefined : p.namespace ? `${p.namespace}/${p.name}` : p.name),
  ingest: unitIngest(declared, declared.runner),
}
