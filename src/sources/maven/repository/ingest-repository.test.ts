// One artifact's unit over a Maven repository, with made-up POMs (FIXTURE: org.example:demo and its parent) and a
// recording writer: every listed version written, the POMs of the newest and the asked versions read and their
// parent once for all; the versions the KB holds written again only when read; a POM naming other coordinates refused
// with nothing written; the sources jar walked when there is one, else the jar. The whole path over a FIXTURE
// repository server: test/on-demand-maven-repository.test.ts.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { PackageState, PackageUpdate } from '../../../domain/kb/types.ts'
import type { Analyzer } from '../../../ingest/analyzers/types.ts'
import { PackageNotFound } from '../../npm/registry.ts'
import { ingestRepositoryArtifact } from './ingest-repository.ts'
import type { MavenJar } from './repository-client.ts'

const PARENT = `<project><modelVersion>4.0.0</modelVersion><groupId>org.example</groupId>
<artifactId>parent</artifactId><version>1</version><packaging>pom</packaging>
<licenses><license><name>MIT</name></license></licenses>
<dependencyManagement><dependencies><dependency><groupId>org.example</groupId><artifactId>lib</artifactId>
<version>2.0</version></dependency></dependencies></dependencyManagement></project>`
const pomOf = (v: string, artifactId = 'demo', packaging = 'jar') => `<project><modelVersion>4.0.0</modelVersion>
<parent><groupId>org.example</groupId><artifactId>parent</artifactId><version>1</version></parent>
<artifactId>${artifactId}</artifactId><version>${v}</version><packaging>${packaging}</packaging>
<dependencies><dependency><groupId>org.example</groupId><artifactId>lib</artifactId></dependency></dependencies>
</project>`

interface Run {
  asked: string[]
  state?: PackageState
  sources?: boolean
  other?: string
  analyze?: boolean
  /** The demo POMs' packaging (jar when not given). */
  packaging?: string
}

function run(o: Run) {
  const poms: string[] = []
  const jars: string[] = []
  const written: PackageUpdate[] = []
  const analyzer = { name: 'count', version: '1' } as Analyzer<unknown>
  const done = ingestRepositoryArtifact({
    client: {
      versions: async () => ({
        versions: ['1.0', '1.1', '2.0-SNAPSHOT'].map((version) => ({ version, repository: 'r' })),
        latest: '2.0-SNAPSHOT',
        release: '1.1',
        lastUpdated: '2026-01-02T00:00:00.000Z',
      }),
      pom: async (c, v) => {
        poms.push(`${c.artifactId}:${v}`)
        const text = c.artifactId === 'parent' ? PARENT : pomOf(v, v === o.other ? 'other' : 'demo', o.packaging)
        return { text, url: `u/${v}`, repository: 'r', lastModified: '2025-05-01T00:00:00.000Z', checksum: undefined }
      },
      withJar: async <T>(
        _c: unknown,
        v: string,
        classifier: 'sources' | undefined,
        use: (f: string, j: MavenJar) => Promise<T>,
      ) => {
        jars.push(`${v}${classifier ? `:${classifier}` : ''}`)
        if ((classifier && !o.sources) || o.packaging === 'pom') throw new PackageNotFound(v)
        const checksum = { algorithm: 'sha256' as const, hex: 'ab'.repeat(32) }
        return use(import.meta.filename, { url: 'u', repository: 'r', lastModified: undefined, checksum })
      },
    },
    writer: {
      state: async () => o.state,
      writePackage: async (u) => {
        written.push(u)
        return { componentChanged: true, versionsInserted: u.versions.length, versionsUpdated: 0, analysesWritten: 0 }
      },
    },
    name: 'org.example:demo',
    asked: o.asked,
    ...(o.analyze ? { analyzers: [analyzer] } : {}),
    archives: async () => ({ outputs: { count: 1 }, files: [], bytes: 0 }),
    maxUnpackedBytes: 1024,
    now: () => '2026-01-03T00:00:00.000Z',
  })
  return { done, poms, jars, written }
}

test('every listed version written; the newest and asked POMs read, their parent once', async () => {
  const { done, poms, written } = run({ asked: ['1.0'] })
  const r = await done
  assert.deepEqual(poms, ['demo:1.1', 'parent:1', 'demo:1.0'])
  assert.deepEqual([r.versions, r.read, r.analyzed, r.dependencies], [3, 2, 0, ['org.example:lib']])
  const [u] = written
  assert.equal(u?.component.latestVersion, '1.1')
  assert.equal(u?.component.registryModified, '2026-01-02T00:00:00.000Z')
  assert.deepEqual(
    u?.versions.map((v) => [v.version, v.releasedAt, v.license?.expression ?? null, v.dependencies.length]),
    [
      ['1.0', '2025-05-01T00:00:00.000Z', 'MIT', 1],
      ['1.1', '2025-05-01T00:00:00.000Z', 'MIT', 1],
      ['2.0-SNAPSHOT', null, null, 0],
    ],
  )
  // the dependency at the version its parent manages
  assert.deepEqual(u?.versions[0]?.dependencies, [
    { scope: 'runtime', name: 'org.example:lib', requirement: '2.0', position: 0 },
  ])
  // and that management kept, for the walk to apply below the version (docs/maven.md "Dependencies")
  assert.deepEqual(u?.versions[0]?.managed, { 'org.example:lib': '2.0' })
})

test('the versions the KB holds written again only when their POM was read', async () => {
  const state = { versions: new Set(['1.0', '2.0-SNAPSHOT']), analyses: new Map() }
  const { done, written } = run({ asked: [], state })
  await done
  assert.deepEqual(
    written[0]?.versions.map((v) => v.version),
    ['1.1'],
  )
  assert.equal(written[0]?.registryVersions?.length, 3)
})

test('a POM naming other coordinates: refused, nothing written', async () => {
  const { done, written } = run({ asked: [], other: '1.1' })
  await assert.rejects(done, /names org\.example:other/)
  assert.deepEqual(written, [])
})

test('the sources jar walked when the repository has one, else the jar (its checksum the integrity)', async () => {
  const withSources = run({ asked: ['1.0'], sources: true, analyze: true })
  assert.equal((await withSources.done).sourcesJars, 1)
  assert.deepEqual(withSources.jars, ['1.0:sources'])
  assert.equal(withSources.written[0]?.versions[0]?.integrity, null)
  const without = run({ asked: ['1.0'], analyze: true })
  assert.equal((await without.done).sourcesJars, 0)
  assert.deepEqual(without.jars, ['1.0:sources', '1.0'])
  assert.equal(
    without.written[0]?.versions[0]?.integrity,
    `sha256-${Buffer.from('ab'.repeat(32), 'hex').toString('base64')}`,
  )
  assert.equal(without.written[0]?.analyses.length, 1)
})

test('a `pom` packaging (a BOM): no jar asked nor walked, its versions and POM written', async () => {
  const bom = run({ asked: ['1.0'], analyze: true, packaging: 'pom' })
  const r = await bom.done
  assert.deepEqual(bom.jars, [])
  assert.deepEqual([r.versions, r.read, r.analyzed], [3, 2, 0])
  assert.deepEqual(
    bom.written[0]?.versions.map((v) => [v.version, v.license?.expression ?? null]),
    [
      ['1.0', 'MIT'],
      ['1.1', 'MIT'],
      ['2.0-SNAPSHOT', null],
    ],
  )
  assert.deepEqual(bom.written[0]?.analyses, [])
})
