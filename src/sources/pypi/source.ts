// PyPI as a source (sources/source.ts; docs/pypi.md): Python distributions, pkg:pypi/<name> with names as PEP 503
// normalises them, learned from the Debian packages that install them (the Contents index says which: no package
// name is guessed) at their upstream versions, in two phases in `analyze` mode: what makes a distribution known
// (every version's metadata: license, Requires-Dist), then its files walked (one phase, the metadata, in `metadata`
// mode). Its units share the Debian units' indexes of the configuration.
import { serializeUnitOptions } from '../../domain/kb/ingest-queue.ts'
import { sharedIndexes } from '../debian/debian-units.ts'
import type { PackageSource } from '../source.ts'
import { pypiRunner } from './pypi-units.ts'

/** PEP 508's project names: ASCII letters and digits, inner `.`, `-`, `_`. */
const PYPI_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/

export const pypiSource: PackageSource = {
  source: 'pypi',
  purlTypes: ['pypi'],
  // a purl naming another index (repository_url) is not the configured archive's to answer
  nameOf: (p) => (p.qualifiers?.repository_url || p.namespace ? undefined : p.name),
  fetchable: (name) => name.length <= 200 && PYPI_NAME.test(name),
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
