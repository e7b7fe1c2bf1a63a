// pom.xml read on real files (FIXTURE: ZooKeeper 3.8.0's root POM and its zookeeper-server module, from Debian's
// source package; test/fixtures/lockfiles/README.md) and on small made-up ones for the rules they do not exercise.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { readPomXml } from './pom-xml.ts'
import { ProjectFileError } from './project-file.ts'

const fixture = (path: string) =>
  readFileSync(new URL(`../../../../test/fixtures/lockfiles/zookeeper/${path}`, import.meta.url), 'utf8')

test('zookeeper-server: versions and scopes from its parent (the root pom.xml) when the loader finds it', () => {
  const root = fixture('pom.xml')
  const asked: string[] = []
  const read = readPomXml(fixture('zookeeper-server/pom.xml'), (g, a, v) => {
    asked.push(`${g}:${a}:${v}`)
    return g === 'org.apache.zookeeper' && a === 'parent' && v === '3.8.0' ? root : undefined
  })
  // the root's own parent, org.apache:apache:23, is not at hand
  assert.deepEqual(asked, ['org.apache.zookeeper:parent:3.8.0', 'org.apache:apache:23'])
  assert.equal(read.components.length, 31)
  const byPurl = new Map(read.components.map((c) => [c.purl, c]))
  // <version>${netty.version}</version> in the root's dependencyManagement, the property the root defines
  assert.equal(byPurl.get('pkg:maven/io.netty/netty-handler@4.1.73.Final')?.dev, false)
  // <scope>provided</scope> in the module: the build's, not shipped
  assert.equal(byPurl.get('pkg:maven/org.eclipse.jetty/jetty-server@9.4.43.v20210629')?.dev, true)
  // ${project.version} of a module is its parent's version
  assert.equal(byPurl.get('pkg:maven/org.apache.zookeeper/zookeeper-jute@3.8.0')?.dev, false)
  assert.ok(read.components.every((c) => /@/.test(c.purl)))
})

test('zookeeper-server alone: its dependencies named, without the versions its parent manages', () => {
  const read = readPomXml(fixture('zookeeper-server/pom.xml'))
  assert.equal(read.components.length, 31)
  assert.ok(read.components.some((c) => c.purl === 'pkg:maven/io.netty/netty-handler'))
})

test('the root pom.xml declares no dependency of its own (only management)', () => {
  assert.deepEqual(readPomXml(fixture('pom.xml')).components, [])
})

test('made-up POM (FIXTURE): a range is a requirement, system skipped, an undefined property leaves no version', () => {
  const dep = (a: string, v: string, extra = '') =>
    `<dependency><groupId>g</groupId><artifactId>${a}</artifactId><version>${v}</version>${extra}</dependency>`
  const text = `<project><groupId>g</groupId><artifactId>app</artifactId><version>1</version><dependencies>${dep('r', '[1.0,2.0)')}${dep('s', '1', '<scope>system</scope>')}${dep('u', '$' + '{nope}')}</dependencies></project>`
  const read = readPomXml(text)
  assert.deepEqual(read.components, [
    { purl: 'pkg:maven/g/r', requirement: '>=1.0 <2.0', dev: false },
    { purl: 'pkg:maven/g/u', dev: false },
  ])
  assert.deepEqual(read.skipped, { system: 1 })
  assert.throws(() => readPomXml('<!DOCTYPE x><project/>'), ProjectFileError)
})
