// Debian as a source (sources/source.ts; docs/debian.md "On demand"): Debian's own binary packages (pkg:deb/debian/…,
// not Ubuntu's), learned in two phases: what makes a package known (every version in the suites; the newest one's
// .deb read for its license and changelog in `metadata` mode, every one in `analyze` mode), then the same versions'
// installed trees and upstream sources walked. Its units run ingestDebian over the indexes the process keeps.
import { debianNameProblem } from '../../domain/kb/ecosystem-rules.ts'
import { serializeUnitOptions } from '../../domain/kb/ingest-queue.ts'
import type { PackageSource } from '../source.ts'
import { debianRunner, debianUnitDeps } from './debian-units.ts'
import { debianIngest } from './ingest-command.ts'

export const debianSource: PackageSource = {
  source: 'debian',
  purlTypes: ['deb'],
  // Debian's archive has Debian's packages only; a unit reads licenses and changelogs and walks each version it
  // reads, so a known version's missing analysis is a reason to fetch too
  nameOf: (p) => (p.namespace === 'debian' ? p.name : undefined),
  // Debian Policy §5.6.1, at most 128 characters
  fetchable: (name) => name.length <= 128 && debianNameProblem(name) === undefined,
  phases: (mode) => {
    const o = { versions: 'all', analyze: mode === 'metadata' ? 'latest' : 'all', withDependencies: false }
    return {
      known: serializeUnitOptions({ ...o, phase: 'known' }),
      analysis: serializeUnitOptions({ ...o, phase: 'analysis' }),
    }
  },
  runner: (d) => debianRunner(debianUnitDeps(d)),
  ingest: debianIngest,
}
