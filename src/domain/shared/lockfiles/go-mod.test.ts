// go.mod as a project file: fzf 0.38.0's (FIXTURE test/fixtures/lockfiles/fzf, from Debian's fzf source package: a
// /v2 module path, pseudo-versions, `// indirect` requirements) and the main module's replace directives.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { readProjectFile } from '../project-components.ts'
import { readGoMod } from './go-mod.ts'
import { ProjectFileError } from './project-file.ts'

const fixture = (f: string) =>
  readFileSync(new URL(`../../../../test/fixtures/lockfiles/${f}`, import.meta.url), 'utf8')

test("fzf 0.38.0's go.mod: its direct requirements as purls, case and /v2 kept; the indirect ones counted", () => {
  const f = readProjectFile('app/go.mod', fixture('fzf/go.mod'))
  assert.equal(f?.format, 'go-mod')
  assert.deepEqual(
    f?.components.map((c) => c.purl),
    [
      'pkg:golang/github.com/gdamore/tcell/v2@v2.5.4',
      'pkg:golang/github.com/mattn/go-isatty@v0.0.17',
      'pkg:golang/github.com/mattn/go-runewidth@v0.0.14',
      'pkg:golang/github.com/mattn/go-shellwords@v1.0.12',
      'pkg:golang/github.com/rivo/uniseg@v0.4.2',
      'pkg:golang/github.com/saracen/walker@v0.1.3',
      'pkg:golang/golang.org/x/sys@v0.0.0-20220811171246-fbc7d0a398ab',
      'pkg:golang/golang.org/x/term@v0.0.0-20210927222741-03fcf44c2211',
    ],
  )
  assert.deepEqual(f?.skipped, { indirect: 4 })
  assert.ok(f?.components.every((c) => !c.dev))
})

test('replace: by a module (its purl and version), by a folder (path); a module path with upper case kept', () => {
  const f = readGoMod(`module example.com/app
require (
  github.com/BurntSushi/toml v1.2.1
  example.com/old v1.0.0
  example.com/local v0.1.0
  "bad path with spaces" v1.0.0
)
replace example.com/old => example.com/new v1.1.0
replace example.com/local v0.1.0 => ./local
`)
  assert.deepEqual(
    f.components.map((c) => c.purl),
    ['pkg:golang/example.com/new@v1.1.0', 'pkg:golang/github.com/BurntSushi/toml@v1.2.1'],
  )
  assert.deepEqual(f.skipped, { path: 1, invalid: 1 })
})

test('a file that is no go.mod is refused', () => {
  assert.throws(() => readGoMod('{"not": "a go.mod"}'), ProjectFileError)
})
