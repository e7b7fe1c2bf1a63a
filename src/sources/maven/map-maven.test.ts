// Debian's rewritten POMs mapped to upstream facts (FIXTURE POMs: test/fixtures/maven/README.md): jackson-databind's
// dependencies at the versions Debian recorded (`2.x` in the POM, 2.14.0 in its debian.*.originalVersion
// properties), guava's where Debian recorded none (left without a version), the newest Debian version of an upstream
// version kept, the copyright file's license when the POM has none.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { fixtureLoader, fixturePom } from '../../../test/helpers/maven-repo.ts'
import { effectivePom } from '../../domain/maven/effective-pom.ts'
import { mapMaven, type ShippedArtifact } from './map-maven.ts'

const shipped = async (g: string, a: string, v: string, debianVersion: string): Promise<ShippedArtifact> => ({
  model: await effectivePom(fixturePom(g, a, v), fixtureLoader()),
  version: v,
  package: 'libx-java',
  debianVersion,
  arch: 'all',
  suites: ['bookworm'],
  copyright: {
    license: { raw: 'Apache-2.0', expression: 'Apache-2.0', ids: ['Apache-2.0'], valid: true },
    method: 'dep5',
  },
  jarBytes: 10,
})

test('jackson-databind: upstream versions of its dependencies, the copyright license, the Debian package recorded', async () => {
  const older = await shipped('com.fasterxml.jackson.core', 'jackson-databind', '2.14.0', '2.14.0-1')
  const newer = await shipped('com.fasterxml.jackson.core', 'jackson-databind', '2.14.0', '2.14.0-1+deb12u1')
  const m = mapMaven([newer, older], '2026-11-28T00:00:00Z')
  assert.equal(m?.component.purl, 'pkg:maven/com.fasterxml.jackson.core/jackson-databind')
  assert.equal(m?.component.sourcePurl, 'pkg:deb/debian/libx-java@2.14.0-1%2Bdeb12u1?arch=all')
  assert.equal(m?.versions.length, 1)
  const [v] = m?.versions ?? []
  assert.equal(v?.statusRaw, 'debian:libx-java@2.14.0-1+deb12u1 (bookworm)')
  assert.deepEqual(v?.dependencies, [
    // in the declaration order (the walk's tie-break at equal depth): the POM's own, then its parents'
    { scope: 'runtime', name: 'com.fasterxml.jackson.core:jackson-annotations', requirement: '2.14.0', position: 0 },
    { scope: 'runtime', name: 'com.fasterxml.jackson.core:jackson-core', requirement: '2.14.0', position: 1 },
    // inherited; jackson-base records junit's upstream version (`${version.junit}`, defined further up)
    { scope: 'dev', name: 'junit:junit', requirement: '4.12', position: 2 },
  ])
  // its dependencyManagement (jackson-bom's, imported through jackson-base) where Debian recorded upstream versions;
  // the rest manage Debian's alias versions, no upstream version
  assert.deepEqual(v?.managed, {
    'com.fasterxml.jackson.core:jackson-annotations': '2.14.0',
    'com.fasterxml.jackson.core:jackson-core': '2.14.0',
  })
  assert.equal(v?.license?.expression, 'Apache-2.0')
  assert.equal(v?.licenseOrigin?.path, 'usr/share/doc/libx-java/copyright')
})

test("guava: Debian's `debian` and `0.x` versions are no upstream versions", async () => {
  const m = mapMaven([await shipped('com.google.guava', 'guava', '31.1-jre', '31.1-1')], '2026-11-28T00:00:00Z')
  assert.deepEqual(
    m?.versions[0]?.dependencies.map((d) => `${d.name} ${d.requirement}`),
    ['org.jsr-305:jsr305 ', 'com.google.errorprone:error_prone_annotations '],
  )
  assert.equal(m?.versions[0]?.managed, undefined) // its management's versions are Debian's (0.x, 4.x, debian)
})
