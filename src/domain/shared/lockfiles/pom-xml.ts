// A Maven project's pom.xml (docs/maven.md "Project files"): the dependencies it declares, after the effective model
// (maven/effective-pom.ts): the file's own properties and dependencyManagement applied, its parents' too when a
// loader finds them (the command reads a parent from the project's folders: its <relativePath>, ../pom.xml by
// default), BOM imports likewise. A soft version is the exact purl; a range (`[1.0,2.0)`) a requirement in the
// comparator syntax; a version still unknown (a parent not found, a `${…}` nothing defines) leaves the purl without
// one. test and provided dependencies are dev ones (the build's, not shipped); system ones name a local file and are
// counted as skipped.
import { mavenRangeComparators } from '../../dependencies/maven-dependencies.ts'
import { effectivePomSync, type SyncPomLoader } from '../../maven/effective-pom.ts'
import { PomError } from '../../maven/pom.ts'
import { checkSize, ProjectCollector, type ProjectFile, ProjectFileError } from './project-file.ts'

const WHAT = 'pom.xml'
const DEV_SCOPES = new Set(['test', 'provided'])

export function readPomXml(text: string, load: SyncPomLoader = () => undefined): ProjectFile {
  checkSize(text, WHAT)
  let model: ReturnType<typeof effectivePomSync>
  try {
    model = effectivePomSync(text, load)
  } catch (err) {
    if (err instanceof PomError) throw new ProjectFileError(`${WHAT}: ${err.message}`)
    throw err
  }
  const out = new ProjectCollector('pom-xml', 'maven')
  for (const d of model.dependencies) {
    if (d.scope === 'system') {
      out.skip('system')
      continue
    }
    const name = `${d.groupId}:${d.artifactId}`
    const dev = DEV_SCOPES.has(d.scope)
    const version = d.version?.includes('${') ? undefined : d.version
    const range = version === undefined ? undefined : mavenRangeComparators(version)
    if (version === undefined || range === undefined) out.add(name, { requirement: '' }, dev)
    else if (range === version) out.add(name, { exact: version }, dev)
    else out.add(name, { requirement: range }, dev)
  }
  return out.done()
}
