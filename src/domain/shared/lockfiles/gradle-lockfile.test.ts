// gradle.lockfile (FIXTURE: made-up lines in the format Gradle writes, its user guide's "Locking dependency
// versions": a header comment, `group:artifact:version=configurations`, `empty=`).
import assert from 'node:assert/strict'
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
