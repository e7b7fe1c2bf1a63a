// PyPI as a source (sources/source.ts; docs/pypi.md): Python distributions, pkg:pypi/<name> with names as PEP 503
// normalises them, learned from the Debian packages that install them (the Contents index says which: no package
// name is guessed) at their upstream versions, in two phases in `analyze` mode: what makes a distribution known
// (every version's metadata: license, Requires-Dist), then its files walked (one phase, the metadata, in `metadata`
// mode). Its units share the Debian units' indexes of the configuration; `compintel update` reads the known
// distributions' metadata again.
import { nameProblem } from '../../domain/kb/ecosystem-rules.ts'
import { serializeUnitOptions } from '../../domain/kb/ingest-queue.ts'
import { sharedIndexes } from '../debian/debian-units.ts'
import type { PackageSource } from '../source.ts'
import { unitIngest } from '../unit-ingest.ts'
import { ingestPypi } from './ingest-pypi.ts'
import { pypiRunner } from './pypi-units.ts'

const declared: Pick<PackageSource, 'source' | 'fetchable' | 'phases' | 'runner'> = {
  source: 'pypi',
  fetchable: (name) => name.length <= 200 && nameProblem('pypi', name) === undefined,
  phases: (mode) => {
    const o = { versions: 'all', withDependencies: false }
    const known = serializeUnitOptions({ ...o, analyze: 'none', phase: 'known' })
    if (mode === 'metadata') return { known }
    return { known, analysis: serializeUnitOptions({ ...o, analyze: 'all', phase: 'analysis' }) }
  },
  runner: (d) =>
    pypiRunner({
      indexes: sharedIndexes(d.growth.debian),
      writer: d.writer,
      advisories: d.advisories,
      analyzers: d.analyzers,
      ...(d.walker ? { walker: d.walker } : {}),
    }),
}

export const pypiSource: PackageSource = {
  ...declared,
  purlTypes: ['pypi'],
  // a purl naming another index (repository_url) is not the configured archive's to answer
  nameOf: (p) => (p.qualifiers?.repository_url || p.namespace ? undefined : p.name),
  ingest: unitIngest(declared, declared.runner),
  // `compintel update`: each known distribution's metadata read again from the suites' packages (the known phase)
  refresh: {
    feed: 'pypi-debian',
    purlType: 'pypi',
    run: async (names, d) => {
      const indexes = sharedIndexes(d.growth.debian)
      const out = { changed: 0, notFound: [] as string[], failed: [] as string[] }
      for (const name of names) {
        try {
          const r = await indexes.read((archive, parsed) =>
            ingestPypi({ archive, indexes: parsed, writer: d.writer, name, now: d.now }),
          )
          if (r.packages.length === 0) out.notFound.push(name)
          else if (!r.written) out.failed.push(name)
          else if (r.changed) out.changed++
        } catch {
          out.failed.push(name)
        }
      }
      return out
    },
  },
}
