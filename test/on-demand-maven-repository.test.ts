// Maven artifacts learned from the Maven repository a user configured (docs/maven.md "From a Maven repository"),
// against the FIXTURE repository test/helpers/maven-repository-server.ts on 127.0.0.1 (Debian's commons-lang3 3.12.0
// POM and its `debian` parents, a jar of files from Debian's commons-lang3.jar; README in
// test/fixtures/maven-repository): an unknown artifact asked on demand is known with every version maven-metadata.xml
// lists (the POM read dated by its Last-Modified, the other undated), its parents read, its dependencies as the
// effective POM says (none: Debian's POM keeps none), then the asked version's sources jar walked (its LICENSE.txt:
// Apache-2.0; Debian removed `<licenses>` from these POMs, so no license is declared); `compintel ingest maven` reads
// the repository too, and `update` re-reads it (an artifact spelled with capitals asked as spelled); a jar failing its checksum fails the unit and nothing is written.
// Without a repository: test/on-demand-maven.test.ts, unchanged.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { after, before, beforeEach, test } from 'node:test'
import { parseUnitOptions } from '../src/domain/kb/ingest-queue.ts'
import { unitRunners } from '../src/jobs/unit-runner.ts'
import { mavenSource } from '../src/sources/maven/source.ts'
import { makeTestApp, type TestApp } from './helpers/app.ts'
import { post } from './helpers/debian-kb.ts'
import { type MavenRepositoryServer, SNAPSHOT, startMavenRepositoryServer } from './helpers/maven-repository-server.ts'
import { isolateRegistryClients } from './helpers/registry-client-env.ts'
import { runIngest, updateMetadata } from './helpers/source-commands.ts'

const LANG3 = 'org/apache/commons/commons-lang3'
const PURL = 'pkg:maven/org.apache.commons/commons-lang3'
let server: MavenRepositoryServer
let env: ReturnType<typeof isolateRegistryClients>

before(async () => {
  env = isolateRegistryClients()
  server = await startMavenRepositoryServer()
})
after(async () => {
  await server.close()
  env.restore()
})
beforeEach(() => {
  server.reset()
  server.switches.corrupt.clear()
})

async function app(extra: Record<string, string> = {}): Promise<TestApp> {
  return makeTestApp({
    env: {
      ON_DEMAND_WAIT_MS: '30000',
      MAVEN_REPOSITORY_URL: server.url('maven2'),
      MAVEN_SETTINGS: env.mavenSettings,
      ...extra,
    },
    onDemandRegistry: { registry: 'http://127.0.0.1:9/' },
  })
}

async function versionRows(t: TestApp) {
  return t.storage.db
    .selectFrom('versions')
    .innerJoin('components', 'components.id', 'versions.component_id')
    .select(['versions.id', 'version', 'released_at', 'integrity', 'versions.source', 'unpacked_size'])
    .where('components.purl', '=', PURL)
    .orderBy('version')
    .execute()
}

test('an unknown artifact on demand: its versions and effective POM from the repository, then its sources jar walked', async () => {
  const t = await app()
  try {
    // known: no POM of the chain declares a license (Debian removed `<licenses>`), so none is known yet
    const [known] = await post(t, '/v2/licenses/components', [{ purl: `${PURL}@3.12.0` }])
    assert.deepEqual([known?.version, known?.info_code], ['3.12.0', 'NO_INFO'], JSON.stringify(known))
    const component = await t.storage.db
      .selectFrom('components')
      .select(['purl', 'source', 'latest_version', 'homepage_url', 'source_purl'])
      .where('purl_type', '=', 'maven')
      .executeTakeFirstOrThrow()
    assert.deepEqual(
      [component.purl, component.source, component.latest_version, component.source_purl],
      [PURL, 'maven-repository', '3.12.0', null],
    )
    // every version the metadata lists; the read POM dated by its Last-Modified, the SNAPSHOT (not read) undated
    const rows = await versionRows(t)
    assert.deepEqual(
      rows.map((v) => [v.version, v.released_at ? new Date(v.released_at).toISOString() : null, v.source]),
      [
        ['3.12.0', '2021-03-02T10:00:00.000Z', 'maven-repository'],
        [SNAPSHOT, null, 'maven-repository'],
      ],
    )
    // the parents Debian's POM names were read from the repository, once each
    const asked = server.seen.map((s) => s.path)
    for (const parent of ['commons/commons-parent/debian/commons-parent-debian.pom', 'apache/debian/apache-debian.pom'])
      assert.equal(asked.filter((p) => p.endsWith(parent)).length, 1, asked.join(' '))
    const v = rows[0]
    const deps = await t.storage.db
      .selectFrom('version_dependencies')
      .select('name')
      .where('version_id', '=', v?.id as number)
      .execute()
    assert.deepEqual(deps, []) // Debian's rewritten POM keeps no dependency
    // the analysis: the sources jar (checked against its checksum) walked; its LICENSE.txt found
    const [crypto] = await post(t, '/v2/cryptography/algorithms/components', [{ purl: `${PURL}@3.12.0` }])
    assert.doesNotMatch(JSON.stringify(crypto), /being fetched/)
    assert.ok(server.seen.some((s) => s.path.endsWith('commons-lang3-3.12.0-sources.jar')))
    assert.ok(!server.seen.some((s) => s.path.endsWith('commons-lang3-3.12.0.jar')), 'the sources jar is enough')
    const found = await t.storage.db
      .selectFrom('version_licenses')
      .select(['license_id', 'path'])
      .where('version_id', '=', v?.id as number)
      .where('kind', '=', 'detected')
      .execute()
    assert.ok(
      found.some((l) => l.path === 'META-INF/LICENSE.txt' && l.license_id === 'Apache-2.0'),
      JSON.stringify(found),
    )
    const [lic] = await post(t, '/v2/licenses/components', [{ purl: `${PURL}@3.12.0` }])
    assert.ok(
      lic?.licenses?.some((l) => l.id === 'Apache-2.0'),
      JSON.stringify(lic),
    )
    const units = await t.storage.db.selectFrom('ingest_queue').select(['name', 'options', 'state']).execute()
    assert.deepEqual(
      units.map((u) => [u.name, parseUnitOptions(u.options).phase, u.state]),
      [
        ['org.apache.commons:commons-lang3', 'known', 'done'],
        ['org.apache.commons:commons-lang3', 'analysis', 'done'],
      ],
    )
  } finally {
    await t.close()
  }
})

test('without a sources jar the jar is walked, its checksum recorded as the integrity', async () => {
  const t = await app({ ON_DEMAND_CONCURRENCY: '0' })
  const sources = server.files.get(`${LANG3}/3.12.0/commons-lang3-3.12.0-sources.jar`) as Buffer
  server.files.delete(`${LANG3}/3.12.0/commons-lang3-3.12.0-sources.jar`)
  try {
    const { maven } = unitRunners(t.storage, t.config.growth)
    const done = await maven?.({ name: 'org.apache.commons:commons-lang3', options: ALL })
    assert.equal(done?.facts.sourcesJars, 0)
    const [v] = await versionRows(t)
    const jar = server.files.get(`${LANG3}/3.12.0/commons-lang3-3.12.0.jar`) as Buffer
    assert.equal(v?.integrity, `sha256-${sha256Base64(jar)}`)
    assert.equal(v?.unpacked_size, jar.length)
  } finally {
    server.files.set(`${LANG3}/3.12.0/commons-lang3-3.12.0-sources.jar`, sources)
    await t.close()
  }
})

const ALL = { versions: 'all', analyze: 'all', withDependencies: false }
const sha256Base64 = (b: Buffer) => createHash('sha256').update(b).digest('base64')

test('`compintel ingest maven` reads the repository; `update` reads it again', async () => {
  const t = await app({ ON_DEMAND_CONCURRENCY: '0' })
  try {
    const { done, lines } = await runIngest(t, mavenSource, ['org.apache.commons:commons-lang3'], {
      'metadata-only': true,
    })
    assert.deepEqual(
      [done.summary, lines],
      ['maven: 1 packages written; not found: 0; failed: 0', ['maven: org.apache.commons:commons-lang3 written']],
    )
    assert.deepEqual(
      (await versionRows(t)).map((v) => [v.version, v.source]),
      [
        ['3.12.0', 'maven-repository'],
        [SNAPSHOT, 'maven-repository'],
      ],
    )
    server.reset()
    const report = await updateMetadata(t)
    assert.deepEqual(report.metadata, { checked: 1, changed: 0, notFound: 0, failed: 0 })
    assert.ok(server.seen.some((s) => s.path === `/maven2/${LANG3}/maven-metadata.xml`))
  } finally {
    await t.close()
  }
})

test('`update` asks the repository by the artifact as spelled (org.antlr:ST4), not by the lower-case purl_name', async () => {
  const t = await app({ ON_DEMAND_CONCURRENCY: '0' })
  try {
    await runIngest(t, mavenSource, ['org.antlr:ST4'], { 'metadata-only': true })
    const component = await t.storage.db
      .selectFrom('components')
      .select(['purl', 'purl_name'])
      .where('purl_type', '=', 'maven')
      .executeTakeFirstOrThrow()
    assert.deepEqual([component.purl, component.purl_name], ['pkg:maven/org.antlr/ST4', 'org.antlr/st4'])
    server.reset()
    const report = await updateMetadata(t)
    assert.deepEqual(report.metadata, { checked: 1, changed: 0, notFound: 0, failed: 0 })
    assert.deepEqual(
      server.seen.map((s) => s.path).filter((p) => p.endsWith('maven-metadata.xml')),
      ['/maven2/org/antlr/ST4/maven-metadata.xml'],
    )
  } finally {
    await t.close()
  }
})

test('a jar failing its checksum fails the unit: nothing written', async () => {
  const t = await app({ ON_DEMAND_CONCURRENCY: '0' })
  try {
    server.switches.corrupt.add(`${LANG3}/3.12.0/commons-lang3-3.12.0-sources.jar`)
    const { maven } = unitRunners(t.storage, t.config.growth)
    await assert.rejects(
      maven?.({ name: 'org.apache.commons:commons-lang3', options: ALL }) as Promise<unknown>,
      /sha256/,
    )
    assert.deepEqual(await t.storage.db.selectFrom('components').select('purl').execute(), [])
    assert.deepEqual(await t.storage.db.selectFrom('versions').select('version').execute(), [])
  } finally {
    await t.close()
  }
})
