// Gradle's dependency lock file, gradle.lockfile (Gradle's user guide, "Locking dependency versions"; Gradle 6+): one
// line `group:artifact:version=configuration,…` per locked module, `empty=…` naming the configurations that resolve
// nothing, `#` comments. Each module is the exact purl pkg:maven/group/artifact@version; it is a dev one unless a
// configuration it is locked in is one of the project's own classpaths (`compileClasspath`, `runtimeClasspath`, a
// variant's `…CompileClasspath`/`…RuntimeClasspath`) that is no test one (`test…`, `…Test…` as androidTest or
// integrationTest): a module locked only for the tests or for a build tool's own configuration (checkstyle, jacocoAnt,
// sonarlintPlugins, the build script's classpath) is not what the project ships.
import { checkSize, ProjectCollector, type ProjectFile, ProjectFileError } from './project-file.ts'

const WHAT = 'gradle.lockfile'
const LINE = /^([^:=\s]+):([^:=\s]+):([^:=\s]+)=(.*)$/

export function readGradleLockfile(text: string): ProjectFile {
  checkSize(text, WHAT)
  const out = new ProjectCollector('gradle-lockfile', 'maven')
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim()
    if (line === '' || line.startsWith('#') || line.startsWith('empty=')) continue
    const m = LINE.exec(line)
    if (!m) throw new ProjectFileError(`${WHAT}: line ${i + 1} is not group:artifact:version=configurations`)
    const [, group, artifact, version, configurations = ''] = m as unknown as [string, string, string, string, string]
    const confs = configurations.split(',').filter(Boolean)
    const dev = confs.length > 0 && !confs.some(shipped)
    out.add(`${group}:${artifact}`, { exact: version }, dev)
  }
  return out.done()
}

/** One of the project's own classpaths, not a test one. */
const shipped = (configuration: string) =>
  /(^c|C)ompileClasspath$|(^r|R)untimeClasspath$/.test(configuration) && !/^test|Test/.test(configuration)
