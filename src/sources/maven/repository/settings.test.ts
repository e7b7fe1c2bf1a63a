import assert from 'node:assert/strict'
import { test } from 'node:test'
import { PermanentError } from '../../../ingest/failure.ts'
import { interpolate, parseSettings, readMavenSettings } from './settings.ts'

const USER = `<settings>
  <mirrors><mirror><id>corp</id><url>https://\${env.REPO_HOST}/maven/</url><mirrorOf>*</mirrorOf></mirror></mirrors>
  <servers>
    <server><id>corp</id><username>me</username><password>\${env.REPO_PASSWORD}</password></server>
    <server><id>gitlab</id><configuration><httpHeaders>
      <property><name>Private-Token</name><value>tok</value></property></httpHeaders></configuration></server>
  </servers>
  <profiles><profile><id>extra</id>
    <repositories><repository><id>snaps</id><url>https://snaps.example/</url>
      <releases><enabled>false</enabled></releases><snapshots><checksumPolicy>fail</checksumPolicy></snapshots>
    </repository></repositories></profile></profiles>
  <activeProfiles><activeProfile>extra</activeProfile></activeProfiles>
</settings>`
const GLOBAL = `<settings><mirrors>
  <mirror><id>corp</id><url>https://global.example/</url><mirrorOf>*</mirrorOf></mirror>
  <mirror><id>maven-default-http-blocker</id><mirrorOf>external:http:*</mirrorOf><url>http://0.0.0.0/</url>
    <blocked>true</blocked></mirror></mirrors>
  <activeProfiles><activeProfile>g</activeProfile></activeProfiles></settings>`
const env = { HOME: '/home/u', MAVEN_HOME: '/opt/maven', REPO_HOST: 'repo.example', REPO_PASSWORD: 'pw' }
const files = (f: string) =>
  ({ '/home/u/.m2/settings.xml': USER, '/opt/maven/conf/settings.xml': GLOBAL, '/etc/other.xml': GLOBAL })[f]

test('one file: mirrors, servers with credentials and headers, profiles and policies, env expressions replaced', () => {
  const s = parseSettings(USER, 'settings.xml', env)
  assert.deepEqual(s.mirrors, [
    {
      id: 'corp',
      url: 'https://repo.example/maven/',
      mirrorOf: '*',
      blocked: false,
      from: 'settings.xml <mirror> corp',
    },
  ])
  assert.equal(s.servers[0]?.password, 'pw')
  assert.deepEqual(s.servers[1]?.headers, [['Private-Token', 'tok']])
  assert.deepEqual(s.profiles[0]?.repositories[0], {
    id: 'snaps',
    url: 'https://snaps.example/',
    layout: 'default',
    releases: { enabled: false, checksumPolicy: 'warn' },
    snapshots: { enabled: true, checksumPolicy: 'fail' },
  })
  assert.deepEqual(s.activeProfiles, ['extra'])
})

test("the user's file over the global one: its items first, the global's added by id; active profiles of both", () => {
  const s = readMavenSettings(env, files)
  assert.deepEqual(
    s.mirrors.map((m) => [m.id, m.url, m.blocked]),
    [
      ['corp', 'https://repo.example/maven/', false],
      ['maven-default-http-blocker', 'http://0.0.0.0/', true],
    ],
  )
  assert.deepEqual(s.activeProfiles, ['extra', 'g'])
  assert.deepEqual(s.files, ['/opt/maven/conf/settings.xml', '/home/u/.m2/settings.xml'])
})

test("MAVEN_SETTINGS replaces the user's file (as -s does) and must exist; no file at all is empty settings", () => {
  assert.deepEqual(readMavenSettings(env, files, '/etc/other.xml').files, [
    '/opt/maven/conf/settings.xml',
    '/etc/other.xml',
  ])
  assert.throws(
    () => readMavenSettings(env, files, '/missing.xml'),
    /MAVEN_SETTINGS: the settings file \/missing.xml does not exist/,
  )
  assert.deepEqual(readMavenSettings({ HOME: '/nowhere' }, () => undefined).mirrors, [])
})

test('a file that is not settings XML is refused naming it', () => {
  assert.throws(() => parseSettings('<settings><x></settings>', '/a/settings.xml', {}), PermanentError)
  assert.throws(() => parseSettings('<project/>', '/a/settings.xml', {}), /no <settings> element/)
})

test('interpolation: env and user.home; anything else left as written', () => {
  assert.equal(
    interpolate(`\${user.home}/x \${env.A} \${env.NOPE} \${project.version}`, { HOME: '/h', A: 'a' }),
    `/h/x a \${env.NOPE} \${project.version}`,
  )
})
