import assert from 'node:assert/strict'
import { test } from 'node:test'
import { matchesPattern, mirrorFor } from './mirrors.ts'

const central = { id: 'central', url: undefined }
const remote = { id: 'corp', url: 'https://repo.example/maven/' }
const plain = { id: 'old', url: 'http://repo.example/maven/' }
const local = { id: 'local', url: 'http://127.0.0.1:8081/repo/' }

test("mirrorOf patterns as Maven's mirror selector reads them", () => {
  assert.ok(matchesPattern(central, '*'))
  assert.ok(matchesPattern(central, 'central'))
  assert.ok(matchesPattern(remote, 'a, corp'))
  assert.ok(!matchesPattern(remote, 'a,b'))
  assert.ok(matchesPattern(remote, 'external:*'))
  assert.ok(!matchesPattern(local, 'external:*'))
  assert.ok(matchesPattern(central, 'external:*'))
  assert.ok(matchesPattern(plain, 'external:http:*'))
  assert.ok(!matchesPattern(remote, 'external:http:*'))
  assert.ok(!matchesPattern(remote, '*,!corp'))
  assert.ok(!matchesPattern(remote, '!corp,*'))
  assert.ok(matchesPattern(local, '*,!corp'))
})

test('an exact id wins over an earlier pattern; else the first pattern that matches', () => {
  const m = (id: string, mirrorOf: string) => ({
    id,
    url: `https://${id}.example/`,
    mirrorOf,
    blocked: false,
    from: id,
  })
  const mirrors = [m('all', '*'), m('mine', 'corp')]
  assert.equal(mirrorFor(remote, mirrors)?.id, 'mine')
  assert.equal(mirrorFor(central, mirrors)?.id, 'all')
  assert.equal(mirrorFor(central, [m('x', 'other')]), undefined)
})
