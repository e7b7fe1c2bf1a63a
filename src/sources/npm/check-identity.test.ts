// A packument is refused unless it is the one asked for, with names and versions npm allows (FIXTURE packuments).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { UpstreamRefused } from '../../ingest/failure.ts'
import { checkIdentity } from './check-identity.ts'
import type { Packument } from './registry.ts'

/** FIXTURE: a minimal packument of `name` with these versions. */
function packument(name: string, versions: string[] = ['1.0.0']): Packument {
  return {
    name,
    'dist-tags': { latest: versions.at(-1) as string },
    versions: Object.fromEntries(versions.map((version) => [version, { name, version }])),
    time: { created: '2026-01-01T00:00:00.000Z', modified: '2026-01-02T00:00:00.000Z' },
  }
}

function refusal(requested: string, p: unknown): string {
  try {
    checkIdentity(requested, p as Packument)
  } catch (err) {
    assert.ok(err instanceof UpstreamRefused)
    assert.equal(err.kind, 'identity')
    return err.message
  }
  assert.fail(`${requested}: accepted`)
}

test('the packument asked for passes: old mixed-case names are compared as they are', () => {
  checkIdentity('react', packument('react', ['0.0.1', '18.3.1']))
  checkIdentity('JSONStream', packument('JSONStream'))
  checkIdentity('@babel/core', packument('@babel/core'))
  checkIdentity('express', packument('express', ['1.0.0beta', '4.21.2']))
})

test("another package's packument is refused: a renamed answer, another case", () => {
  assert.match(refusal('ci-rename', packument('react')), /packument for "ci-rename" refused: it names "react"/)
  assert.match(refusal('jsonstream', packument('JSONStream')), /it names "JSONStream"/)
  assert.match(refusal('x', { versions: {} }), /it names undefined/)
  assert.match(refusal('x', null), /not an object/)
})

test("a manifest naming another package, or a version key that is not its manifest's version, is refused", () => {
  const other = packument('left-pad', ['1.0.0', '1.1.0'])
  ;(other.versions as Record<string, { name: string }>)['1.1.0'] = { name: 'react', version: '1.1.0' } as never
  assert.match(refusal('left-pad', other), /version "1.1.0"'s manifest names "react"/)
  const moved = packument('left-pad', ['1.0.0', '99.0.0'])
  ;(moved.versions as Record<string, unknown>)['99.0.0'] = { name: 'left-pad', version: '1.0.0' }
  assert.match(refusal('left-pad', moved), /version "99.0.0"'s manifest is version "1.0.0"/)
})

test('names and versions npm does not allow are refused, escaped and bounded in the message', () => {
  assert.match(refusal('<img src=x>', packument('<img src=x>')), /not an npm package name/)
  assert.match(refusal('x?a=b#c', packument('x?a=b#c')), /URL-friendly/)
  assert.match(refusal('', packument('')), /length must be greater than zero/)
  assert.match(refusal('fx', packument('fx', ['<img src=x>'])), /version "<img src=x>": not an npm version/)
  assert.match(refusal('fx', packument('fx', [''])), /version "": not an npm version/)
  const dated = packument('fx')
  dated.time = { ...dated.time, '1.0.0?a=b#c': '2026-01-01T00:00:00.000Z' }
  assert.match(refusal('fx', dated), /dated version "1.0.0\?a=b#c"/)
  const tagged = { ...packument('fx'), 'dist-tags': { latest: 'x\u001b[31m' } }
  assert.match(refusal('fx', tagged), /latest tag "x\\u001b\[31m"/)
  const long = refusal('fx', packument('fx', [`1.0.0-${'a'.repeat(5000)}`]))
  assert.ok(long.length < 400, `bounded: ${long.length}`)
})
