import assert from 'node:assert/strict'
import { test } from 'node:test'
import { fixturePom } from '../../../test/helpers/maven-repo.ts'
import { MAX_POM_BYTES, PomError, parsePom } from './pom.ts'

test("a Debian POM (FIXTURE: jackson-databind's) read as written", () => {
  const p = parsePom(fixturePom('com.fasterxml.jackson.core', 'jackson-databind', '2.14.0'))
  assert.equal(p.artifactId, 'jackson-databind')
  assert.equal(p.packaging, 'bundle')
  assert.deepEqual(p.parent, { groupId: 'com.fasterxml.jackson', artifactId: 'jackson-base', version: 'debian' })
  assert.equal(p.properties['debian.package'], 'libjackson2-databind-java')
  assert.equal(p.dependencies.length, 2)
  assert.equal(p.dependencies[0]?.version, '2.x')
})

test('a DTD, an entity, a huge text, non-XML and a non-project are refused', () => {
  const bomb = '<?xml version="1.0"?><!DOCTYPE p [<!ENTITY a "aaaa">]><project><artifactId>&a;</artifactId></project>'
  assert.throws(() => parsePom(bomb), PomError)
  assert.throws(() => parsePom(`<project>${' '.repeat(MAX_POM_BYTES)}</project>`), PomError)
  assert.throws(() => parsePom('<project><artifactId>x</artifactId>'), PomError)
  assert.throws(() => parsePom('<settings/>'), PomError)
})

test('predefined entities and character references decoded; values stay strings (1.10 is not 1.1)', () => {
  const p = parsePom(
    '<project><artifactId>a</artifactId><version>1.10</version><name>A &amp; B &#x263A;</name><licenses><license><name>MIT</name></license></licenses></project>',
  )
  assert.equal(p.version, '1.10')
  assert.equal(p.name, 'A & B ☺')
  assert.deepEqual(p.licenses, [{ name: 'MIT' }])
})
