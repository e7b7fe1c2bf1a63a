// Crates as a source (sources/source.ts; docs/cargo.md): pkg:cargo/<crate>, learned from the registry a user
// configured (registry/: the sparse index, the asked versions' `.crate`s) or, with none, from the crates Debian
// repackages (`librust-*-dev` packages ship a crate's whole folder), found through the suites' Contents index; in two
// phases in `analyze` mode: what makes a crate known (its versions' facts), then the asked versions' files walked
// (Debian's: every version it ships); one phase, the facts, in `metadata` mode. A crate's name is the one Cargo looks
// it up by (lower-case, `_` as `-`); a purl naming another registry (repository_url) is not this source's to answer.
// `compintel update` re-reads the known crates from the registry; with none configured it skips them (not configured).
import { nameProblem } from '../../domain/kb/ecosystem-rules.ts'
import { purlName } from '../../domain/shared/purl.ts'
import { repackagedRefresh, repackagedRunner } from '../repackaged-units.ts'
import type { PackageSource } from '../source.ts'
import { everyVersionPhases, unitIngest } from '../unit-ingest.ts'
import { cargoUnits } from './cargo-units.ts'

const declared: Pick<PackageSource, 'source' | 'fetchable' | 'phases' | 'runner'> = {
  source: 'cargo',
  fetchable: (name) => nameProblem('cargo', name) === undefined,
  phases: everyVersionPhases,
  runner: (d) => repackagedRunner(d, cargoUnits),
}

export const cargoSource: PackageSource = {
  ...declared,
  purlTypes: ['cargo'],
  nameOf: (p) => (p.qualifiers?.repository_url || p.namespace ? undefined : purlName(p)),
  ingest: unitIngest(declared, declared.runner),
  // each known crate's index file read again (a 304 when unchanged) and written: new versions, yanks
  refresh: repackagedRefresh(cargoUnits, 'cargo-registry'),
}
