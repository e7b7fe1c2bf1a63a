// go.sum as a project file, on real ones (FIXTURE test/fixtures/lockfiles/: fzf 0.38.0's from Debian's fzf source
// package, testify 1.8.1's and golang.org/x/net 0.7.0's as Debian's golang-*-dev packages ship them): each module
// version with a hash of its files, the versions with only a go.mod hash counted apart.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { readProjectFile } from '../project-components.ts'
import { readGoSum } from './go-sum.ts'
import { ProjectFileError } from './project-file.ts'

const fixture = (f: string) =>
  readFileSync(new URL(`../../../../test/fixtures/lockfiles/${f}`, import.meta.url), 'utf8')

test("testify 1.8.1's go.sum: five module versions built, six read for their go.mod only", () => {
  const f = readProjectFile('go.sum', fixture('testify/go.sum'))
  assert.equal(f?.format, 'go-sum')
  assert.deepEqual(
    f?.components.map((c) => c.purl),
    [
      'pkg:golang/github.com/davecgh/go-spew@v1.1.1',
      'pkg:golang/github.com/pmezard/go-difflib@v1.0.0',
      'pkg:golang/github.com/stretchr/objx@v0.5.0',
      'pkg:golang/gopkg.in/check.v1@v0.0.0-20161208181325-20d25e280405',
      'pkg:golang/gopkg.in/yaml.v3@v3.0.1',
    ],
  )
  assert.deepEqual(f?.skipped, { 'go.mod only': 6 })
})

test("fzf's and x/net's go.sum: counts by hand (grep of the files)", () => {
  const fzf = readGoSum(fixture('fzf/go.sum'))
  assert.equal(fzf.components.length, 12)
  assert.deepEqual(fzf.skipped, { 'go.mod only': 23 })
  assert.ok(fzf.components.some((c) => c.purl === 'pkg:golang/github.com/gdamore/tcell/v2@v2.5.4'))
  const net = readGoSum(fixture('golang-x-net/go.sum'))
  assert.equal(net.components.length, 3)
  assert.deepEqual(net.skipped, { 'go.mod only': 23 })
})

test('a line of another shape is refused', () => {
  assert.throws(() => readGoSum('github.com/a/b v1.0.0 h1:short\n'), ProjectFileError)
  assert.throws(() => readGoSum('just text\n'), /line 1/)
})
