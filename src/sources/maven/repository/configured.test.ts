// The maven source's repositories: none without MAVEN_REPOSITORY_URL or Maven's settings, one client kept for the
// process when there are some, settings that cannot be read (or an encrypted password) refused each time.
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, test } from 'node:test'
import { defaultMavenLimits } from '../../../config/registries.ts'
import { PermanentError } from '../../../ingest/failure.ts'
import { configuredMavenRepository } from './configured.ts'

const home = mkdtempSync(path.join(tmpdir(), 'ci-maven-home-'))
process.env.HOME = home
delete process.env.MAVEN_HOME
after(() => rmSync(home, { recursive: true, force: true }))

test('nothing configured: none; MAVEN_REPOSITORY_URL: one client, kept', () => {
  assert.equal(configuredMavenRepository(defaultMavenLimits())(), undefined)
  const limits = { ...defaultMavenLimits(), indexUrl: 'http://127.0.0.1:9/maven/' }
  const repository = configuredMavenRepository(limits)
  const client = repository()
  assert.ok(client)
  assert.equal(repository(), client)
})

test('settings.xml with an encrypted password, or not XML: refused at each unit', () => {
  mkdirSync(path.join(home, '.m2'), { recursive: true })
  writeFileSync(
    path.join(home, '.m2', 'settings.xml'),
    `<settings><mirrors><mirror><id>m</id><url>http://127.0.0.1:9/</url><mirrorOf>*</mirrorOf></mirror></mirrors>
     <servers><server><id>m</id><username>u</username><password>{jSMOWnoPFgsHVpMvz5VrIt5kRbzGpI8u+9EF1iFQyJQ=}</password>
     </server></servers></settings>`,
  )
  const repository = configuredMavenRepository(defaultMavenLimits())
  assert.throws(() => repository(), /encrypted/)
  assert.throws(() => repository(), PermanentError)
  writeFileSync(path.join(home, '.m2', 'settings.xml'), '<settings>')
  assert.throws(() => configuredMavenRepository(defaultMavenLimits())(), PermanentError)
})
