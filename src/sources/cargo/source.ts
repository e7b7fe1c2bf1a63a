// Crates as a source (sources/source.ts; docs/cargo.md): pkg:cargo/<crate>, learned from the crates Debian repackages
// (`librust-*-dev` packages ship a crate's whole folder), found through the suites' Contents index, in two phases
// in `analyze` mode: what makes a crate known (every version Debian ships: its Cargo.toml's facts), then the same
// versions' files walked; one phase, the facts, in `metadata` mode. A crate's name is the one Cargo looks it up by
// (lower-case, `_` as `-`); a purl naming another registry (repository_url) is not Debian's to answer.
import { nameProblem } from '../../domain/kb/ecosystem-rules.ts'
import { serializeUnitOptions } from '../../domain/kb/ingest-queue.ts'
import { purlName } from '../../domain/shared/purl.ts'
import { sharedIndexes } from '../debian/debian-units.ts'
import type { PackageSource } from '../source.ts'
import { unitIngest } from '../unit-ingest.ts'
import { cargoRunner } from './cargo-units.ts'

const declared: Pick<PackageSource, 'source' | 'fetchable' | 'phases' | 'runner'> = {
  source: 'cargo',
  fetchable: (name) => nameProblem('cargo', name) === undefined,
  phases: (mode) => {
    const o = { versions: 'all', analyze: 'all', withDependencies: false }
    const known = serializeUnitOptions({ ...o, phase: 'known' })
    return mode === 'metadata' ? { known } : { known, analysis: serializeUnitOptions({ ...o, phase: 'analysis' }) }
  },
  runner: (d) =>
    cargoRunner({
      indexes: sharedIndexes(d.growth.debian),
      writer: d.writer,
      advisories: d.advisories,
      analyzers: d.analyzers,
      ...(d.walker ? { walker: d.walker } : {}),
    }),
}

export const cargoSource: PackageSource = {
  ...declared,
  purlTypes: ['cargo'],
  nameOf: (p) => (p.qualifiers?.repository_url || p.namespace ? undefined : purlName(p)),
  ingest: unitIngest(declared, declared.runner),
}
