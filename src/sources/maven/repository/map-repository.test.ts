// A repository's artifact mapped (FIXTURE: a made-up POM): the newest release is the latest over a newer SNAPSHOT or
// pre-release, a Last-Modified that is not a date dates nothing, an MD5 is no integrity, and without the newest
// version's POM nothing is mapped.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { effectivePomSync } from '../../../domain/maven/effective-pom.ts'
import { mapRepositoryArtifact, newestMavenVersion } from './map-repository.ts'

const model = effectivePomSync(
  `<project><modelVersion>4.0.0</modelVersion><groupId>org.example</groupId><artifactId>demo</artifactId>
<version>1.1</version><licenses><license><name>Apache License, Version 2.0</name></license></licenses></project>`,
  () => undefined,
)
const times = { asOf: '2026-01-03T00:00:00.000Z', lastUpdated: undefined }

test('the newest release, else the newest', () => {
  assert.equal(newestMavenVersion(['1.0', '1.1', '2.0-SNAPSHOT', '2.0-beta-1']), '1.1')
  assert.equal(newestMavenVersion(['2.0-SNAPSHOT']), '2.0-SNAPSHOT')
  assert.equal(newestMavenVersion([]), undefined)
})

test("a date that is no date, an MD5, and the newest version's POM missing", () => {
  const jar = { bytes: 10, checksum: { algorithm: 'md5' as const, hex: 'ab'.repeat(16) } }
  const m = mapRepositoryArtifact(['1.1', '1.0'], new Map([['1.1', { model, lastModified: 'yesterday', jar }]]), times)
  assert.equal(m?.component.registryModified, times.asOf)
  assert.deepEqual(
    m?.versions.map((v) => [v.version, v.releasedAt, v.integrity, v.unpackedSize, v.license?.expression ?? null]),
    [
      ['1.0', null, null, null, null],
      ['1.1', null, null, 10, 'Apache-2.0'],
    ],
  )
  assert.deepEqual(m?.versions[1]?.licenseOrigin, { source: 'maven-repository', path: 'demo-1.1.pom' })
  assert.equal(mapRepositoryArtifact(['1.1'], new Map(), times), undefined)
})
