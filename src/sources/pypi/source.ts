// PyPI as a source (sources/source.ts; docs/pypi.md): Python distributions, pkg:pypi/<name> with names as PEP 503
// normalises them, learned from the PyPI index the user configured when there is one (index-units.ts), else from the
// Debian packages that install them (the Contents index says which: no package name is guessed) at their upstream
// versions, in two phases in `analyze` mode: what makes a distribution known (its versions' metadata: license,
// Requires-Dist), then its files walked (one phase, the metadata, in `metadata` mode). Debian's units share the Debian
// units' indexes of the configuration; `compintel update` reads the known distributions' metadata again.
import { nameProblem } from '../../domain/kb/ecosystem-rules.ts'
import { serializeUnitOptions } from '../../domain/kb/ingest-queue.ts'
import { debianUnitDeps, sharedIndexes } from '../debian/debian-units.ts'
import { PackageNotFound } from '../npm/registry.ts'
import type { PackageSource, UnitRunner } from '../source.ts'
import { unitIngest } from '../unit-ingest.ts'
import { configuredPypiClient, pypiIndexRunner } from './index-units.ts'
import { ingestFromIndex } from './ingest-index.ts'
import { ingestPypi } from './ingest-pypi.ts'
import { pypiRunner } from './pypi-units.ts'

const declared: Pick<PackageSource, 'source' | 'fetchable' | 'phases' | 'runner'> = {
  source: 'pypi',
  fetchable: (name) => name.length <= 200 && nameProblem('pypi', name) === undefined,
  // the asked versions: those an index's unit reads and walks (a unit from Debian reads every version the suites hold)
  phases: (mode, r) => {
    const o = { versions: 'all', withDependencies: false, asked: r.asked }
    const known = serializeUnitOptions({ ...o, analyze: 'none', phase: 'known' })
    if (mode === 'metadata') return { known }
    return { known, analysis: serializeUnitOptions({ ...o, analyze: 'all', phase: 'analysis' }) }
  },
  runner: (d) => {
    // chosen at the first unit: a configuration error fails that unit, not the worker
    let chosen: UnitRunner | undefined
    return async (run) => {
      const client = chosen ? undefined : configuredPypiClient(d.growth)
      chosen ??= client
        ? pypiIndexRunner({
            client,
            writer: d.writer,
            analyzers: d.analyzers,
            ...(d.archives ? { archives: d.archives } : {}),
          })
        : pypiRunner(debianUnitDeps(d))
      return chosen(run)
    }
  },
}

export const pypiSource: PackageSource = {
  ...declared,
  purlTypes: ['pypi'],
  // a purl naming another index (repository_url) is not the configured archive's to answer
  nameOf: (p) => (p.qualifiers?.repository_url || p.namespace ? undefined : p.name),
  ingest: unitIngest(declared, declared.runner),
  // `compintel update`: each known distribution's metadata read again (the known phase), from the configured index,
  // else from the suites' packages
  refresh: {
    feed: 'pypi-debian',
    purlType: 'pypi',
    run: async (names, d) => {
      const client = configuredPypiClient(d.growth)
      const indexes = client ? undefined : sharedIndexes(d.growth.debian)
      const out = { changed: 0, notFound: [] as string[], failed: [] as string[] }
      for (const name of names) {
        try {
          if (client) {
            const r = await ingestFromIndex({ client, writer: d.writer, name, asked: [], now: d.now })
            if (r.changed) out.changed++
            continue
          }
          const r = await indexes?.read((archive, parsed) =>
            ingestPypi({ archive, indexes: parsed, writer: d.writer, name, now: d.now }),
          )
          if (r?.packages.length === 0) out.notFound.push(name)
          else if (!r?.written) out.failed.push(name)
          else if (r.changed) out.changed++
        } catch (err) {
          if (err instanceof PackageNotFound) out.notFound.push(name)
          else out.failed.push(name)
        }
      }
      return out
    },
  },
}
