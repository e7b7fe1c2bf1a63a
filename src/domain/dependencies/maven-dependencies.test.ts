import assert from 'node:assert/strict'
import { test } from 'node:test'
import { mavenDependencies, mavenManaged, mavenRangeComparators, splitMavenRequirement } from './maven-dependencies.ts'

test('scopes: compile and runtime followed, optional apart, test dev, provided peer, system left out', () => {
  const d = (artifactId: string, scope: string, optional = false, version = '1') => ({
    groupId: 'g',
    artifactId,
    version,
    scope,
    optional,
    exclusions: artifactId === 'a' ? [{ groupId: 'x', artifactId: '*' }] : [],
  })
  assert.deepEqual(
    mavenDependencies([
      d('a', 'compile'),
      d('b', 'runtime', true),
      d('c', 'test'),
      d('e', 'provided'),
      d('f', 'system'),
      d('a', 'compile', false, '2'),
    ]),
    [
      { scope: 'runtime', name: 'g:a', requirement: '1; exclude x:*', position: 0 },
      { scope: 'optional', name: 'g:b', requirement: '1', position: 1 },
      { scope: 'dev', name: 'g:c', requirement: '1', position: 2 },
      { scope: 'peer', name: 'g:e', requirement: '1', position: 3 },
    ],
  )
  assert.deepEqual(splitMavenRequirement('1; exclude x:* y:z'), { version: '1', exclusions: ['x:*', 'y:z'] })
})

test("Maven's range syntax as comparators (the POM reference's examples)", () => {
  assert.equal(mavenRangeComparators('1.0'), '1.0')
  assert.equal(mavenRangeComparators('[1.0]'), '=1.0')
  assert.equal(mavenRangeComparators('(,1.0]'), '<=1.0')
  assert.equal(mavenRangeComparators('[1.2,1.3]'), '>=1.2 <=1.3')
  assert.equal(mavenRangeComparators('[1.0,2.0)'), '>=1.0 <2.0')
  assert.equal(mavenRangeComparators('[1.5,)'), '>=1.5')
  assert.equal(mavenRangeComparators('(,1.0],[1.2,)'), '<=1.0 || >=1.2')
  assert.equal(mavenRangeComparators('(,1.1),(1.1,)'), '<1.1 || >1.1')
  assert.equal(mavenRangeComparators('[1.0,2.0'), undefined)
  assert.equal(mavenRangeComparators('[1,2,3]'), undefined)
})

test("dependencyManagement: each artifact's first managed version; imports and versionless entries left out", () => {
  const m = (artifactId: string, version: string | undefined, scope?: string) => ({
    groupId: 'g',
    artifactId,
    ...(version !== undefined ? { version } : {}),
    ...(scope ? { scope } : {}),
  })
  assert.deepEqual(
    mavenManaged([m('a', '1.0'), m('bom', '2', 'import'), m('a', '2.0'), m('b', undefined), m('c', ' 3 ')]),
    {
      'g:a': '1.0',
      'g:c': '3',
    },
  )
  assert.equal(mavenManaged([m('b', undefined)]), undefined)
})
