// Maven artifacts as a source (sources/source.ts; docs/maven.md): pkg:maven/<groupId>/<artifactId>, learned from the
// Java libraries Debian repackages (their POMs and jars under usr/share/maven-repo), found through the suites' Contents
// index, at their upstream versions; in two phases in `analyze` mode: what makes an artifact known (versions, POM
// licenses or the package's copyright, dependencies), then each version's jar walked; one phase in `metadata` mode.
// The queue's name is `groupId:artifactId`; a purl naming another repository (repository_url) is not this source's.
import { nameProblem } from '../../domain/kb/ecosystem-rules.ts'
import { sharedIndexes } from '../debian/debian-units.ts'
import type { PackageSource } from '../source.ts'
import { everyVersionPhases, unitIngest } from '../unit-ingest.ts'
import { mavenRunner } from './maven-units.ts'

const declared: Pick<PackageSource, 'source' | 'fetchable' | 'phases' | 'runner'> = {
  source: 'maven',
  fetchable: (name) => nameProblem('maven', name) === undefined,
  phases: everyVersionPhases,
  runner: (d) =>
    mavenRunner({
      indexes: sharedIndexes(d.growth.debian),
      writer: d.writer,
      advisories: d.advisories,
      analyzers: d.analyzers,
    }),
}

export const mavenSource: PackageSource = {
  ...declared,
  purlTypes: ['maven'],
  nameOf: (p) => (p.qualifiers?.repository_url || !p.namespace ? undefined : `${p.namespace}:${p.name}`),
  ingest: unitIngest(declared, declared.runner),
}
