// gradle.lockfile (FIXTURE: made-up lines in the format Gradle writes, its user guide's "Locking dependency
// versions": a header comment, `group:artifact:version=configurations`, `empty=`; and a real project's,
// test/fixtures/lockfiles/maybe/gradle.lockfile, README there).
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { test } from 'node:test'
import { readGradleLockfile } from './gradle-lockfile.ts'
import { ProjectFileError } from './project-file.ts'

const LOCK = `# This is a Gradle generated file for dependency locking.
# Manual edits can break the build and are not advised.
# This file is expected to be part of source control.
com.google.guava:guava:31.1-jre=compileClasspath,runtimeClasspath,testCompileClasspath,testRuntimeClasspath
junit:junit:4.13.2=testCompileClasspath,testRuntimeClasspath
org.hamcrest:hamcrest-core:1.3=androidTestRuntimeClasspath
empty=annotationProcessor,testAnnotationProcessor
`

test('modules as exact purls; test-only configurations are dev; empty= and comments skipped', () => {
  assert.deepEqual(readGradleLockfile(LOCK), {
    format: 'gradle-lockfile',
    components: [
      { purl: 'pkg:maven/com.google.guava/guava@31.1-jre', dev: false },
      { purl: 'pkg:maven/junit/junit@4.13.2', dev: true },
      { purl: 'pkg:maven/org.hamcrest/hamcrest-core@1.3', dev: true },
    ],
    skipped: {},
  })
})

test('a line of another form is refused', () => {
  assert.throws(() => readGradleLockfile('com.google.guava:guava=compileClasspath\n'), ProjectFileError)
})

test("a real project's lock file: its classpaths shipped, test and build tools' configurations dev", () => {
  const file = path.join(import.meta.dirname, '../../../../test/fixtures/lockfiles/maybe/gradle.lockfile')
  const read = readGradleLockfile(readFileSync(file, 'utf8'))
  assert.equal(read.components.length, 45) // every module line
  // compileClasspath (jsr305 also for checkstyle): shipped; checkstyle, jacocoAnt, sonarlintPlugins, test classpaths: dev
  assert.deepEqual(
    read.components.filter((c) => !c.dev).map((c) => c.purl),
    ['pkg:maven/com.google.code.findbugs/jsr305@3.0.2', 'pkg:maven/org.eclipse.jdt/org.eclipse.jdt.annotation@2.2.600'],
  )
  // capitals kept in the purl (Saxon-HE), a version with words (9999.0-empty-to-avoid-conflict-with-guava)
  const purls = read.components.map((c) => c.purl)
  assert.ok(purls.includes('pkg:maven/net.sf.saxon/Saxon-HE@11.4'), purls.join(' '))
  assert.ok(purls.includes('pkg:maven/com.google.guava/listenablefuture@9999.0-empty-to-avoid-conflict-with-guava'))
  assert.deepEqual(read.skipped, {})
})
