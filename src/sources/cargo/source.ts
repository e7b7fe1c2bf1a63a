// Crates as a source (sources/source.ts; docs/cargo.md): pkg:cargo/<crate>, learned from the registry a user
// configured (registry/: the sparse index, the asked versions' `.crate`s) or, with none, from the crates Debian
// repackages (`librust-*-dev` packages ship a crate's whole folder), found through the suites' Contents index; in two
// phases in `analyze` mode: what makes a crate known (its versions' facts), then the asked versions' files walked
// (Debian's: every version it ships); one phase, the facts, in `metadata` mode. A crate's name is the one Cargo looks
// it up by (lower-case, `_` as `-`); a purl naming another registry (repository_url) is not this source's to answer.
// `compintel update` re-reads the known crates from the registry; with none configured it skips them (not configured).
import { nameProblem } from '../../domain/kb/ecosystem-rules.ts'
import { purlName } from '../../domain/shared/purl.ts'
import { walkCommand } from '../debian/deb-file.ts'
import { sharedIndexes } from '../debian/debian-units.ts'
import { PackageNotFound } from '../npm/registry.ts'
import type { PackageSource } from '../source.ts'
import { everyVersionPhases, unitIngest } from '../unit-ingest.ts'
import { cargoRunner, DEFAULT_MAX_UNPACKED } from './cargo-units.ts'
import { configuredRegistry } from './registry/configured.ts'
import { ingestRegistryCrate } from './registry/ingest-registry.ts'

const declared: Pick<PackageSource, 'source' | 'fetchable' | 'phases' | 'runner'> = {
  source: 'cargo',
  fetchable: (name) => nameProblem('cargo', name) === undefined,
  phases: everyVersionPhases,
  runner: (d) =>
    cargoRunner({
      indexes: sharedIndexes(d.growth.debian),
      writer: d.writer,
      advisories: d.advisories,
      analyzers: d.analyzers,
      ...(d.walker ? { walker: d.walker } : {}),
      registry: configuredRegistry(d.growth.registries.cargo),
    }),
}

export const cargoSource: PackageSource = {
  ...declared,
  purlTypes: ['cargo'],
  nameOf: (p) => (p.qualifiers?.repository_url || p.namespace ? undefined : purlName(p)),
  ingest: unitIngest(declared, declared.runner),
  refresh: {
    feed: 'cargo-registry',
    purlType: 'cargo',
    // with no registry configured there is nothing to re-read (Debian's crates are not refreshed): not configured
    enabled: (growth) => configuredRegistry(growth.registries.cargo)() !== undefined,
    // each known crate's index file read again (a 304 when unchanged) and written: new versions, yanks (the known
    // phase, no walk)
    run: async (names, d) => {
      const out = { changed: 0, notFound: [] as string[], failed: [] as string[] }
      const client = configuredRegistry(d.growth.registries.cargo)()
      if (!client) return out
      for (const name of names) {
        try {
          const r = await ingestRegistryCrate({
            client,
            writer: d.writer,
            name,
            asked: [],
            walker: walkCommand,
            maxUnpackedBytes: DEFAULT_MAX_UNPACKED,
            now: d.now,
          })
          if (r.changed) out.changed++
        } catch (err) {
          if (err instanceof PackageNotFound) out.notFound.push(name)
          else out.failed.push(name)
        }
      }
      return out
    },
  },
}
