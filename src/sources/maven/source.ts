// Maven artifacts as a source (sources/source.ts; docs/maven.md): pkg:maven/<groupId>/<artifactId>, learned from the
// Maven repository a user configured (repository/: maven-metadata.xml's versions, POMs, sources jars or jars) or, with
// none, from the Java libraries Debian repackages (their POMs and jars under usr/share/maven-repo), found through the
// suites' Contents index, at their upstream versions; in two phases in `analyze` mode: what makes an artifact known
// (versions, POM licenses or the package's copyright, dependencies), then the asked versions' jars walked (Debian's:
// every version's); one phase in `metadata` mode. The queue's name is `groupId:artifactId`; a purl naming another
// repository (repository_url) is not this source's. `compintel update` re-reads the known artifacts from the
// repository; with none configured it skips them (not configured).
import { nameProblem } from '../../domain/kb/ecosystem-rules.ts'
import { parsePurl } from '../../domain/shared/purl.ts'
import { repackagedRefresh, repackagedRunner } from '../repackaged-units.ts'
import type { PackageSource } from '../source.ts'
import { everyVersionPhases, unitIngest } from '../unit-ingest.ts'
import { mavenUnits } from './maven-units.ts'

const declared: Pick<PackageSource, 'source' | 'fetchable' | 'phases' | 'runner'> = {
  source: 'maven',
  fetchable: (name) => nameProblem('maven', name) === undefined,
  phases: everyVersionPhases,
  runner: (d) => repackagedRunner(d, mavenUnits),
}

export const mavenSource: PackageSource = {
  ...declared,
  purlTypes: ['maven'],
  nameOf: (p) => (p.qualifiers?.repository_url || !p.namespace ? undefined : `${p.namespace}:${p.name}`),
  ingest: unitIngest(declared, declared.runner),
  // each known artifact's maven-metadata.xml read again and written with its newest version's POM
  refresh: {
    ...repackagedRefresh(mavenUnits, 'maven-repository'),
    // a repository's paths are case-sensitive (`org/antlr/ST4`): the purl's groupId:artifactId, not the lower-case
    // purl_name
    nameOfPurl: (purl) => mavenSource.nameOf(parsePurl(purl)) ?? purl,
  },
}
