import assert from 'node:assert/strict'
import { test } from 'node:test'
import { UpstreamRefused } from '../../../ingest/failure.ts'
import { mavenDate, parseArtifactMetadata, parseSnapshotMetadata } from './metadata.ts'

const c = { groupId: 'org.apache.commons', artifactId: 'commons-lang3' }
const artifact = (body: string, group = c.groupId) =>
  `<metadata><groupId>${group}</groupId><artifactId>commons-lang3</artifactId>${body}</metadata>`

test('versions, latest, release, lastUpdated; versions that cannot be laid out are left out', () => {
  const m = parseArtifactMetadata(
    artifact(`<versioning><latest>3.12.0</latest><release>3.12.0</release>
      <versions><version>3.11</version><version>3.12.0</version><version>../x</version><version>3.11</version></versions>
      <lastUpdated>20210302100000</lastUpdated></versioning>`),
    c,
    'm',
  )
  assert.deepEqual(m, {
    versions: ['3.11', '3.12.0'],
    latest: '3.12.0',
    release: '3.12.0',
    lastUpdated: '2021-03-02T10:00:00.000Z',
  })
})

test('metadata naming another artifact is refused', () => {
  assert.throws(
    () => parseArtifactMetadata(artifact('', 'org.evil'), c, 'm'),
    (e) => e instanceof UpstreamRefused && e.kind === 'identity',
  )
  assert.throws(
    () => parseArtifactMetadata('<other/>', c, 'm'),
    (e) => e instanceof UpstreamRefused && e.kind === 'format',
  )
})

test("a SNAPSHOT's builds: snapshotVersions per file, else Maven 2's snapshot timestamp", () => {
  const m3 = parseSnapshotMetadata(
    artifact(`<version>1.0-SNAPSHOT</version><versioning><snapshot><timestamp>20240102.030405</timestamp>
      <buildNumber>2</buildNumber></snapshot><snapshotVersions><snapshotVersion><classifier>sources</classifier>
      <extension>jar</extension><value>1.0-20240102.030405-2</value><updated>20240102030405</updated>
      </snapshotVersion></snapshotVersions></versioning>`),
    c,
    '1.0-SNAPSHOT',
    'm',
  )
  assert.equal(m3.build, '20240102.030405-2')
  assert.deepEqual(m3.files, [
    { classifier: 'sources', extension: 'jar', value: '1.0-20240102.030405-2', updated: '2024-01-02T03:04:05.000Z' },
  ])
  assert.throws(
    () => parseSnapshotMetadata(artifact('<version>2.0-SNAPSHOT</version>'), c, '1.0-SNAPSHOT', 'm'),
    UpstreamRefused,
  )
  assert.equal(mavenDate('2024'), undefined)
})
