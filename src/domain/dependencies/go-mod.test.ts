// go.mod files read: the real go.mod files Debian's golang-*-dev packages ship (FIXTURE, test/fixtures/golang/README.md:
// block and single-line requires, `// indirect`, quoted paths) and the directives the Go modules reference defines
// (replace, exclude, retract, comments) in its own examples.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { parseGoMod } from './go-mod.ts'

const fixture = (dir: string) =>
  readFileSync(new URL(`../../../test/fixtures/golang/go-mod/${dir}/go.mod`, import.meta.url), 'utf8')

test('testify 1.8.1 (Debian golang-github-stretchr-testify-dev 1.8.1-1): a require block', () => {
  const m = parseGoMod(fixture('github.com_stretchr_testify'))
  assert.equal(m.module, 'github.com/stretchr/testify')
  assert.equal(m.go, '1.13')
  assert.deepEqual(
    m.require.map((r) => `${r.path}@${r.version}${r.indirect ? ' indirect' : ''}`),
    [
      'github.com/davecgh/go-spew@v1.1.1',
      'github.com/pmezard/go-difflib@v1.0.0',
      'github.com/stretchr/objx@v0.5.0',
      'gopkg.in/yaml.v3@v3.0.1',
    ],
  )
  assert.deepEqual(m.problems, [])
})

test('golang.org/x/crypto 0.4.0: a block and a single-line require marked // indirect', () => {
  const m = parseGoMod(fixture('golang.org_x_crypto'))
  assert.equal(m.module, 'golang.org/x/crypto')
  assert.deepEqual(
    m.require.map((r) => [r.path, r.version, r.indirect]),
    [
      ['golang.org/x/net', 'v0.3.0', false],
      ['golang.org/x/sys', 'v0.3.0', false],
      ['golang.org/x/term', 'v0.3.0', false],
      ['golang.org/x/text', 'v0.5.0', true],
    ],
  )
})

test('gopkg.in/yaml.v3 3.0.1: quoted module path and requirement, no go directive', () => {
  const m = parseGoMod(fixture('gopkg.in_yaml.v3'))
  assert.equal(m.module, 'gopkg.in/yaml.v3')
  assert.equal(m.go, undefined)
  assert.deepEqual(m.require, [
    { path: 'gopkg.in/check.v1', version: 'v0.0.0-20161208181325-20d25e280405', indirect: false },
  ])
})

test('gorilla/mux 1.8.0 and objx 0.5.0: no requirement, one single-line requirement', () => {
  assert.deepEqual(parseGoMod(fixture('github.com_gorilla_mux')).require, [])
  const objx = parseGoMod(fixture('github.com_stretchr_objx'))
  assert.deepEqual(objx.require, [{ path: 'github.com/stretchr/testify', version: 'v1.8.0', indirect: false }])
})

test("the reference's directives: replace, exclude, retract, comments, raw strings, toolchain", () => {
  const m = parseGoMod(`// Deprecated: use example.com/mod/v2 instead.
module example.com/mod

go 1.21
toolchain go1.21.3

require (
    example.com/other/thing v1.0.2 // indirect; needed by x
    \`example.com/new/thing/v2\` v2.3.4+incompatible
)

exclude example.com/old/thing v1.2.3
exclude (
    example.com/old/thing v1.2.4
)
replace example.com/bad/thing v1.4.5 => example.com/good/thing v1.4.5
replace (
    example.com/a => ../a
    example.com/b v1.0.0 => /abs/b
)
retract v1.0.0 // published by mistake
retract [v1.9.0, v1.9.5]
godebug default=go1.21
`)
  assert.equal(m.module, 'example.com/mod')
  assert.equal(m.deprecated, 'use example.com/mod/v2 instead.')
  assert.equal(m.go, '1.21')
  assert.equal(m.toolchain, 'go1.21.3')
  assert.deepEqual(m.require, [
    { path: 'example.com/other/thing', version: 'v1.0.2', indirect: true },
    { path: 'example.com/new/thing/v2', version: 'v2.3.4+incompatible', indirect: false },
  ])
  assert.deepEqual(m.exclude, [
    { path: 'example.com/old/thing', version: 'v1.2.3' },
    { path: 'example.com/old/thing', version: 'v1.2.4' },
  ])
  assert.deepEqual(m.replace, [
    { path: 'example.com/bad/thing', version: 'v1.4.5', newPath: 'example.com/good/thing', newVersion: 'v1.4.5' },
    { path: 'example.com/a', newPath: '../a' },
    { path: 'example.com/b', version: 'v1.0.0', newPath: '/abs/b' },
  ])
  assert.deepEqual(m.retract, [
    { low: 'v1.0.0', high: 'v1.0.0', rationale: 'published by mistake' },
    { low: 'v1.9.0', high: 'v1.9.5', rationale: '' },
  ])
  assert.deepEqual(m.problems, [])
})

test("a directive's comment as the go command reads it: the lines right above and its own; a block's", () => {
  const m = parseGoMod(`// Package mod does things.
//
// Deprecated: the API moved to
// example.com/mod/v2.
//
// More words.
module example.com/mod

// not above the retract: a blank line between

// Remote-triggered crash.
// See the advisory.
retract v1.0.5 // really
// the block's comment
retract (
    v1.0.0
    v1.0.1 // its own
)
require example.com/x v1.0.0 // indirect
`)
  assert.equal(m.deprecated, 'the API moved to\nexample.com/mod/v2.')
  assert.deepEqual(
    m.retract.map((r) => `${r.low} ${r.rationale}`),
    ['v1.0.5 Remote-triggered crash.\nSee the advisory.\nreally', "v1.0.0 the block's comment", 'v1.0.1 its own'],
  )
  assert.equal(m.require[0]?.indirect, true)
  // "Deprecated:" elsewhere than a paragraph's start, or another case, is none
  assert.equal(parseGoMod('// Not Deprecated: x\nmodule a // deprecated: y\n').deprecated, undefined)
  assert.equal(parseGoMod('module a // Deprecated: y\n').deprecated, 'y')
})

test('malformed lines are reported, not fatal; an oversized file is refused', () => {
  const m = parseGoMod('module a\nrequire b\nreplace c => d\nrequire "e v1\nfrobnicate x\nrequire (\n f v1.0.0\n')
  assert.equal(m.module, 'a')
  assert.deepEqual(m.require, [{ path: 'f', version: 'v1.0.0', indirect: false }])
  assert.equal(m.problems.length, 5, m.problems.join('\n'))
  assert.throws(() => parseGoMod('x'.repeat(2 * 1024 * 1024)), /larger than/)
})
