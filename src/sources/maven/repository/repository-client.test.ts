import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, beforeEach, describe, test } from 'node:test'
import { inspect } from 'node:util'
import {
  LAST_MODIFIED,
  type MavenRepositoryServer,
  SNAPSHOT,
  SNAPSHOT_BUILD,
  startMavenRepositoryServer,
} from '../../../../test/helpers/maven-repository-server.ts'
import { defaultMavenLimits, type MavenLimits } from '../../../config/registries.ts'
import { walkArchiveHere } from '../../../ingest/archive-walk.ts'
import { UpstreamRefused } from '../../../ingest/failure.ts'
import { PackageNotFound } from '../../npm/registry.ts'
import { mavenRepositoriesFromSettings } from './repositories.ts'
import { MavenRepositoryClient } from './repository-client.ts'

const LANG3 = { groupId: 'org.apache.commons', artifactId: 'commons-lang3' }
const PARENT = { groupId: 'org.apache.commons', artifactId: 'commons-parent' }
const kind = (k: string) => (err: unknown) => err instanceof UpstreamRefused && err.kind === k
let server: MavenRepositoryServer

/** A client over a user settings.xml (HOME=/home/u) with these profiles, mirrors and servers. */
function client(settings: string, limits: Partial<MavenLimits> = {}, env: Record<string, string> = {}) {
  const files = (f: string) => (f === '/home/u/.m2/settings.xml' ? settings : undefined)
  const repos = mavenRepositoriesFromSettings({ HOME: '/home/u', ...env }, files, {
    repositoryUrl: limits.indexUrl,
  })
  assert.ok(repos)
  const workDir = mkdtempSync(path.join(tmpdir(), 'ci-maven-'))
  return { c: new MavenRepositoryClient(repos, { ...defaultMavenLimits(), ...limits }, {}, workDir), workDir }
}

/** settings.xml with one active profile of repositories (id → [url, snapshots enabled]) and extra sections. */
function profile(repos: Record<string, [string, boolean?]>, extra = ''): string {
  const list = Object.entries(repos)
    .map(
      ([id, [url, snapshots = true]]) =>
        `<repository><id>${id}</id><url>${url}</url><snapshots><enabled>${snapshots}</enabled></snapshots></repository>`,
    )
    .join('')
  return `<settings><profiles><profile><id>p</id><repositories>${list}</repositories></profile></profiles>
<activeProfiles><activeProfile>p</activeProfile></activeProfiles>${extra}</settings>`
}

before(async () => {
  server = await startMavenRepositoryServer()
})
after(() => server.close())
beforeEach(() => {
  server.reset()
  server.switches.checksums = ['sha256', 'sha1']
  server.switches.corrupt.clear()
  server.switches.requireAuth = undefined
  server.switches.requireHeader = undefined
  server.switches.repositories = undefined
})

describe('metadata and POMs', () => {
  test('versions from maven-metadata.xml, checked against its checksum; lastUpdated as a date', async () => {
    const { c } = client(profile({ internal: [server.url('releases')] }))
    const v = await c.versions(LANG3)
    assert.deepEqual(v, {
      versions: [
        { version: '3.12.0', repository: 'internal' },
        { version: SNAPSHOT, repository: 'internal' },
      ],
      latest: SNAPSHOT,
      release: '3.12.0',
      lastUpdated: '2021-03-02T10:00:00.000Z',
    })
    assert.deepEqual(
      server.seen.map((s) => s.path),
      [
        '/releases/org/apache/commons/commons-lang3/maven-metadata.xml',
        '/releases/org/apache/commons/commons-lang3/maven-metadata.xml.sha512',
        '/releases/org/apache/commons/commons-lang3/maven-metadata.xml.sha256',
      ],
    )
    await assert.rejects(c.versions({ groupId: 'org.example', artifactId: 'absent' }), PackageNotFound)
  })

  test('a release-only repository lists no SNAPSHOT, and is never asked for one', async () => {
    const { c } = client(profile({ internal: [server.url('releases'), false] }))
    assert.deepEqual(
      (await c.versions(LANG3)).versions.map((v) => v.version),
      ['3.12.0'],
    )
    server.reset()
    await assert.rejects(c.pom(LANG3, SNAPSHOT), PackageNotFound)
    assert.deepEqual(server.seen, [])
  })

  test("a POM's text (a parent's too), verified, with its Last-Modified as the date", async () => {
    const { c } = client(profile({ internal: [server.url('releases')] }))
    const pom = await c.pom(LANG3, '3.12.0')
    assert.equal(
      pom.text,
      readFileSync(
        path.join(import.meta.dirname, '../../../../test/fixtures/maven-repository/commons-lang3-3.12.0.pom'),
        'utf8',
      ),
    )
    assert.equal(pom.repository, 'internal')
    assert.equal(pom.lastModified, new Date(LAST_MODIFIED).toISOString())
    assert.deepEqual(pom.checksum?.algorithm, 'sha256')
    assert.match((await c.pom(PARENT, '56')).text, /<artifactId>commons-parent<\/artifactId>/)
    await assert.rejects(c.pom(LANG3, '9.9.9'), PackageNotFound)
    await assert.rejects(c.pom(LANG3, '../x'), kind('protocol'))
  })

  test('sha512 is preferred; sha1 alone is checked; none at all is taken unverified, unless checksumPolicy fail', async () => {
    server.switches.checksums = ['sha1', 'sha512']
    const { c } = client(profile({ internal: [server.url('releases')] }))
    assert.equal((await c.pom(LANG3, '3.12.0')).checksum?.algorithm, 'sha512')
    server.switches.checksums = ['sha1', 'md5']
    assert.equal((await c.pom(LANG3, '3.12.0')).checksum?.algorithm, 'sha1')
    server.switches.checksums = []
    assert.equal((await c.pom(LANG3, '3.12.0')).checksum, undefined)
    const strict = client(
      `<settings><profiles><profile><id>p</id><activation><activeByDefault>true</activeByDefault></activation>
      <repositories><repository><id>internal</id><url>${server.url('releases')}</url>
      <releases><checksumPolicy>fail</checksumPolicy></releases></repository></repositories></profile></profiles></settings>`,
    ).c
    await assert.rejects(strict.pom(LANG3, '3.12.0'), kind('integrity'))
  })

  test('metadata with a DTD, or naming another artifact, is refused', async () => {
    const { c } = client(profile({ internal: [server.url('releases')] }))
    const at = '/releases/org/apache/commons/commons-lang3/maven-metadata.xml'
    server.switches.checksums = []
    server.route(at, (_req, res) => res.end('<!DOCTYPE m [<!ENTITY a "aaaa">]><metadata>&a;</metadata>'))
    await assert.rejects(c.versions(LANG3), kind('format'))
    server.route(at, (_req, res) => res.end('<metadata><groupId>org.evil</groupId></metadata>'))
    await assert.rejects(c.versions(LANG3), kind('identity'))
  })

  test('a POM or metadata over its bound is refused', async () => {
    const { c } = client(profile({ internal: [server.url('releases')] }), { maxPomBytes: 1024, maxDocumentBytes: 64 })
    await assert.rejects(c.pom(LANG3, '3.12.0'), kind('size'))
    await assert.rejects(c.versions(LANG3), kind('size'))
  })
})

describe('jars', () => {
  test('the jar and sources jar verified into a temporary file the zip walk reads, removed after', async () => {
    const { c, workDir } = client(profile({ internal: [server.url('releases')] }))
    const served = server.files.get('org/apache/commons/commons-lang3/3.12.0/commons-lang3-3.12.0.jar') as Buffer
    const got = await c.withJar(LANG3, '3.12.0', undefined, async (file, jar) => {
      assert.deepEqual(readFileSync(file), served)
      assert.equal(jar.checksum?.hex, createHash('sha256').update(served).digest('hex'))
      assert.equal(jar.lastModified, new Date(LAST_MODIFIED).toISOString())
      return walkArchiveHere({ file, format: 'zip' }, [])
    })
    assert.deepEqual(got.files.length, 6)
    const names = await c.withJar(LANG3, '3.12.0', 'sources', async (file) => readFileSync(file).includes('NOTICE.txt'))
    assert.equal(names, true)
    assert.deepEqual(readdirSync(workDir), [])
    await assert.rejects(
      c.withJar(PARENT, '56', undefined, async () => 1),
      PackageNotFound,
    )
  })

  test('a jar or POM that does not match its checksum is refused and nothing is given or left', async () => {
    const { c, workDir } = client(profile({ internal: [server.url('releases')] }))
    server.switches.corrupt.add('org/apache/commons/commons-lang3/3.12.0/commons-lang3-3.12.0.jar')
    server.switches.corrupt.add('org/apache/commons/commons-lang3/3.12.0/commons-lang3-3.12.0.pom')
    let used = false
    await assert.rejects(
      c.withJar(LANG3, '3.12.0', undefined, async () => {
        used = true
      }),
      kind('integrity'),
    )
    assert.equal(used, false)
    assert.deepEqual(readdirSync(workDir), [])
    await assert.rejects(c.pom(LANG3, '3.12.0'), kind('integrity'))
  })

  test('a jar over MAVEN_MAX_JAR_MB is refused while it downloads', async () => {
    const { c, workDir } = client(profile({ internal: [server.url('releases')] }), { maxArtifactBytes: 1000 })
    await assert.rejects(
      c.withJar(LANG3, '3.12.0', undefined, async () => 1),
      kind('size'),
    )
    assert.deepEqual(readdirSync(workDir), [])
  })
})

describe('SNAPSHOTs', () => {
  test("a SNAPSHOT resolves through its version's metadata to the timestamped build", async () => {
    const { c } = client(profile({ snaps: [server.url('snapshots')] }))
    const pom = await c.pom(LANG3, SNAPSHOT)
    assert.match(pom.text, new RegExp(`<version>${SNAPSHOT}</version>`))
    assert.deepEqual(pom.build, { value: SNAPSHOT_BUILD, updated: '2024-01-02T03:04:05.000Z' })
    assert.ok(pom.url.endsWith(`/commons-lang3-${SNAPSHOT_BUILD}.pom`))
    const size = await c.withJar(LANG3, SNAPSHOT, undefined, async (file) => readFileSync(file).length)
    assert.ok(size > 1000)
  })
})

describe('repositories, mirrors and credentials', () => {
  test('repositories are asked in order; the first that has the file answers', async () => {
    server.switches.repositories = new Set(['second'])
    const { c } = client(profile({ first: [server.url('first')], second: [server.url('second')] }))
    assert.equal((await c.pom(LANG3, '3.12.0')).repository, 'second')
    assert.deepEqual(
      server.seen.map((s) => s.path.split('/')[1]),
      ['first', 'second', 'second', 'second'],
    )
  })

  test("a mirror of * takes every repository's place (central's too), with its server's credentials", async () => {
    const auth = `Basic ${Buffer.from('deployer:s3cret').toString('base64')}`
    server.switches.requireAuth = auth
    const settings = profile(
      { internal: [server.url('not-used')] },
      `<mirrors><mirror><id>corp</id><url>${server.url('mirror')}</url><mirrorOf>*</mirrorOf></mirror></mirrors>
       <servers><server><id>corp</id><username>deployer</username><password>\${env.REPO_PASSWORD}</password></server></servers>`,
    )
    const { c } = client(settings, {}, { REPO_PASSWORD: 's3cret' })
    assert.equal((await c.pom(LANG3, '3.12.0')).repository, 'corp')
    assert.ok(server.seen.every((s) => s.path.startsWith('/mirror/') && s.authorization === auth))
    assert.doesNotMatch(inspect(c, { depth: 8 }), /s3cret|ZGVwbG95ZXI6czNjcmV0/)
    assert.doesNotMatch(JSON.stringify(c), /s3cret|ZGVwbG95ZXI6czNjcmV0/)
  })

  test('external:* mirrors central but not a repository on 127.0.0.1; !id excludes it; a refused password is named', async () => {
    const settings = profile(
      { local: [server.url('local')], other: [server.url('other')] },
      `<mirrors><mirror><id>ext</id><url>${server.url('ext')}</url><mirrorOf>external:*</mirrorOf></mirror>
       <mirror><id>all-but-other</id><url>${server.url('abo')}</url><mirrorOf>*,!other,!local</mirrorOf></mirror></mirrors>
       <servers><server><id>local</id><username>u</username><password>wrong</password></server></servers>`,
    )
    server.switches.requireAuth = 'Basic nobody'
    const { c } = client(settings)
    const err = await c.pom(LANG3, '3.12.0').then(
      () => undefined,
      (e: Error) => e,
    )
    assert.match(
      String(err?.message),
      /repository local answered 401 \(are the credentials of <server> local right\?\)/,
    )
    assert.deepEqual([...new Set(server.seen.map((s) => s.path.split('/')[1]))], ['local', 'other', 'ext'])
  })

  test("a server's httpHeaders are sent to its repository", async () => {
    server.switches.requireHeader = ['Private-Token', 'tok-123']
    const settings = profile(
      { gitlab: [server.url('releases')] },
      `<servers><server><id>gitlab</id><configuration><httpHeaders><property><name>Private-Token</name>
       <value>tok-123</value></property></httpHeaders></configuration></server></servers>`,
    )
    const { c } = client(settings)
    assert.equal((await c.versions(LANG3)).release, '3.12.0')
    assert.doesNotMatch(inspect(c, { depth: 8 }), /tok-123/)
  })

  test('MAVEN_REPOSITORY_URL replaces the settings, taking the credentials of the mirror with its URL', async () => {
    server.switches.requireAuth = `Basic ${Buffer.from('a:b').toString('base64')}`
    const settings = profile(
      { internal: [server.url('elsewhere')] },
      `<mirrors><mirror><id>corp</id><url>${server.url('corp')}</url><mirrorOf>nothing</mirrorOf></mirror></mirrors>
       <servers><server><id>corp</id><username>a</username><password>b</password></server></servers>`,
    )
    const { c } = client(settings, { indexUrl: server.url('corp') })
    assert.equal((await c.pom(LANG3, '3.12.0')).repository, 'corp')
    assert.ok(server.seen.every((s) => s.path.startsWith('/corp/')))
  })
})
