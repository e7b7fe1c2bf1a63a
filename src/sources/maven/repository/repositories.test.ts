import assert from 'node:assert/strict'
import { test } from 'node:test'
import { inspect } from 'node:util'
import { PermanentError } from '../../../ingest/failure.ts'
import { mavenRepositoriesFromSettings } from './repositories.ts'

/** Maven's `${…}` expression of `name`. */
const expr = (name: string) => `\${${name}}`
const repos = (settings: string, o: { repositoryUrl?: string } = {}, env: Record<string, string> = {}) =>
  mavenRepositoriesFromSettings({ HOME: '/u', ...env }, (f) => (f === '/u/.m2/settings.xml' ? settings : undefined), o)
const profile = (id: string, repoXml: string, activation = '') =>
  `<profile><id>${id}</id>${activation}<repositories>${repoXml}</repositories></profile>`
const repo = (id: string, url: string, extra = '') => `<repository><id>${id}</id><url>${url}</url>${extra}</repository>`

test('nothing configured: no repository (Maven central is never named)', () => {
  assert.equal(
    mavenRepositoriesFromSettings({ HOME: '/u' }, () => undefined),
    undefined,
  )
  assert.equal(repos('<settings/>'), undefined)
})

test('active profiles: activeProfiles, else activeByDefault; repositories in order, central only through a mirror', () => {
  const byDefault = '<activation><activeByDefault>true</activeByDefault></activation>'
  const settings = (active: string) => `<settings><profiles>
    ${profile('a', repo('one', 'https://one.example/m2'), byDefault)}
    ${profile('b', `${repo('two', 'https://two.example/m2/')}${repo('legacy', 'https://l.example/', '<layout>legacy</layout>')}`)}
    </profiles>${active}</settings>`
  assert.deepEqual(
    repos(settings(''))?.map((r) => [r.id, r.url]),
    [['one', 'https://one.example/m2/']],
  )
  assert.deepEqual(
    repos(settings('<activeProfiles><activeProfile>b</activeProfile></activeProfiles>'))?.map((r) => r.id),
    ['two'],
  )
  const mirrored = `<settings><mirrors><mirror><id>m</id><url>https://m.example/</url><mirrorOf>central</mirrorOf></mirror></mirrors></settings>`
  assert.deepEqual(
    repos(mirrored)?.map((r) => [r.id, r.url, r.releases.enabled, r.snapshots.enabled]),
    [['m', 'https://m.example/', true, false]],
  )
})

test('repositories one mirror takes are read once, enabled where any is; a blocked mirror removes its repositories', () => {
  const settings = `<settings><profiles>${profile(
    'p',
    `${repo('s', 'https://s.example/', '<releases><enabled>false</enabled></releases>')}${repo('h', 'http://plain.example/')}`,
  )}</profiles><activeProfiles><activeProfile>p</activeProfile></activeProfiles><mirrors>
  <mirror><id>blocker</id><url>http://0.0.0.0/</url><mirrorOf>external:http:*</mirrorOf><blocked>true</blocked></mirror>
  <mirror><id>all</id><url>https://all.example/</url><mirrorOf>*</mirrorOf></mirror></mirrors></settings>`
  assert.deepEqual(
    repos(settings)?.map((r) => [r.id, r.releases.enabled, r.snapshots.enabled]),
    [['all', true, true]],
  )
})

test('server credentials by id, held redacted; encrypted passwords and unset variables refused', () => {
  const settings = (password: string) => `<settings><mirrors><mirror><id>m</id><url>https://m.example/</url>
    <mirrorOf>*</mirrorOf></mirror></mirrors><servers><server><id>m</id><username>me</username>
    <password>${password}</password></server></servers></settings>`
  const [r] = repos(settings(expr('env.PW')), {}, { PW: 'hunter2' }) ?? []
  assert.equal(r?.credential?.header(), `Basic ${Buffer.from('me:hunter2').toString('base64')}`)
  assert.doesNotMatch(inspect(r, { depth: 5 }) + JSON.stringify(r), /hunter2|bWU6aHVudGVyMg/)
  assert.throws(
    () => repos(settings('{COQLCE6DU6GtcS5P=}')),
    (e) => e instanceof PermanentError && /password is encrypted \(settings-security\.xml\)/.test(e.message),
  )
  assert.throws(() => repos(settings(expr('env.PW'))), /names \$\{env\.PW\}, which is not set/)
})

test('MAVEN_REPOSITORY_URL: one repository, with the id of a configured one of the same URL, else central', () => {
  const settings = `<settings><profiles>${profile('p', repo('corp', 'https://corp.example/m2/', '<snapshots><enabled>false</enabled></snapshots>'))}
    </profiles><activeProfiles><activeProfile>p</activeProfile></activeProfiles></settings>`
  assert.deepEqual(
    repos(settings, { repositoryUrl: 'https://corp.example/m2' })?.map((r) => [
      r.id,
      r.url,
      r.snapshots.enabled,
      r.from,
    ]),
    [['corp', 'https://corp.example/m2/', false, 'MAVEN_REPOSITORY_URL']],
  )
  assert.equal(repos('<settings/>', { repositoryUrl: 'https://x.example/' })?.[0]?.id, 'central')
  assert.throws(() => repos('<settings/>', { repositoryUrl: 'https://u:p@x.example/' }), /credentials go in a <server>/)
})
