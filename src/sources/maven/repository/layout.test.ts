import assert from 'node:assert/strict'
import { test } from 'node:test'
import { UpstreamRefused } from '../../../ingest/failure.ts'
import { artifactPath, filePath, isMavenId, isSnapshot, versionPath } from './layout.ts'

const c = { groupId: 'org.apache.commons', artifactId: 'commons-lang3' }

test('the default layout: group path, artifact, version, file names with classifier and extension', () => {
  assert.equal(artifactPath(c), 'org/apache/commons/commons-lang3/')
  assert.equal(versionPath(c, '3.12.0'), 'org/apache/commons/commons-lang3/3.12.0/')
  assert.equal(
    filePath(c, '3.12.0', { extension: 'pom' }),
    'org/apache/commons/commons-lang3/3.12.0/commons-lang3-3.12.0.pom',
  )
  assert.equal(
    filePath(c, '1.0-SNAPSHOT', { fileVersion: '1.0-20240102.030405-2', classifier: 'sources', extension: 'jar' }),
    'org/apache/commons/commons-lang3/1.0-SNAPSHOT/commons-lang3-1.0-20240102.030405-2-sources.jar',
  )
  assert.ok(isSnapshot('1.0-SNAPSHOT'))
  assert.ok(!isSnapshot('1.0'))
})

test('coordinates that could leave the layout are refused before any URL is built', () => {
  for (const id of ['..', 'a..b', '.a', 'a/b', 'a\\b', '', 'a b']) assert.equal(isMavenId(id), false, id)
  assert.throws(() => artifactPath({ groupId: 'org..x', artifactId: 'a' }), UpstreamRefused)
  assert.throws(() => versionPath(c, '../1'), UpstreamRefused)
  assert.throws(() => versionPath(c, '1/2'), UpstreamRefused)
  assert.throws(() => filePath(c, '1.0', { classifier: '../x', extension: 'jar' }), UpstreamRefused)
})
