// pyproject.toml: PEP 621 dependencies and extras, PEP 735 groups (dev), Poetry's tables with their requirements in
// PEP 440. The excerpts are real (flask's and rich's manifests); the whole FIXTURE manifests are read too; the
// Poetry requirement cases follow Poetry's documented caret and tilde rules.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { readPyproject } from './pyproject-toml.ts'

const fixture = (path: string) =>
  readFileSync(new URL(`../../../../test/fixtures/lockfiles/${path}`, import.meta.url), 'utf8')
const rows = (text: string) =>
  readPyproject(text).components.map((c) => [c.purl, c.requirement ?? '', c.dev] as [string, string, boolean])

test('PEP 621 and PEP 735 (flask): dependencies and extras run, dependency groups are dev', () => {
  const manifest = `[project]
name = "Flask"
dependencies = [
    "blinker>=1.9.0",
    "click>=8.1.3",
]

[project.optional-dependencies]
async = ["asgiref>=3.2"]
dotenv = ["python-dotenv"]

[dependency-groups]
docs = [
    "pallets-sphinx-themes",
    "sphinx<9",
]
gha-update = [
    "gha-update ; python_full_version >= '3.12'",
]
`
  assert.deepEqual(rows(manifest), [
    ['pkg:pypi/asgiref', '>=3.2', false],
    ['pkg:pypi/blinker', '>=1.9.0', false],
    ['pkg:pypi/click', '>=8.1.3', false],
    ['pkg:pypi/gha-update', '', true],
    ['pkg:pypi/pallets-sphinx-themes', '', true],
    ['pkg:pypi/python-dotenv', '', false],
    ['pkg:pypi/sphinx', '<9', true],
  ])
})

test('Poetry (rich): python is no dependency, caret and tilde in PEP 440, dev-dependencies dev', () => {
  const manifest = `[tool.poetry.dependencies]
python = ">=3.8.0"
pygments = "^2.13.0"
ipywidgets = { version = ">=7.5.1,<9", optional = true }
markdown-it-py = ">=2.2.0"

[tool.poetry.dev-dependencies]
black = "^22.6"
typing-extensions = ">=4.0.0, <5.0"
`
  assert.deepEqual(rows(manifest), [
    ['pkg:pypi/black', '>=22.6,<23', true],
    ['pkg:pypi/ipywidgets', '>=7.5.1,<9', false],
    ['pkg:pypi/markdown-it-py', '>=2.2.0', false],
    ['pkg:pypi/pygments', '>=2.13.0,<3', false],
    ['pkg:pypi/typing-extensions', '>=4.0.0,<5.0', true],
  ])
})

const poetry: [string, string][] = [
  ['^1.2.3', '>=1.2.3,<2'],
  ['^0.2.3', '>=0.2.3,<0.3'],
  ['^0.0.3', '>=0.0.3,<0.0.4'],
  ['^0.0', '>=0.0,<0.1'],
  ['^0', '>=0,<1'],
  ['~1.2.3', '>=1.2.3,<1.3'],
  ['~1', '>=1,<2'],
  ['~=1.4', '~=1.4'],
  ['1.2.*', '==1.2.*'],
  ['>=1.0,<1.5 || >=2.0', '>=1.0,<1.5||>=2.0'],
]
for (const [given, pep440] of poetry)
  test(`Poetry requirement ${given} → ${pep440}`, () => {
    assert.deepEqual(rows(`[tool.poetry.dependencies]\nx = "${given}"\n`), [['pkg:pypi/x', pep440, false]])
  })

test('Poetry: a bare version is exact, groups but "main" are dev, path/git/url counted, a bad requirement invalid', () => {
  const manifest = `[tool.poetry.dependencies]
requests = "2.31.0"
local = { path = "../local", develop = true }
fork = { git = "https://index.example/fork.git" }
odd = "^x"

[tool.poetry.group.main.dependencies]
six = "*"

[tool.poetry.group.test.dependencies]
pytest = [{ version = "^7", python = "<3.8" }, { version = "^8", python = ">=3.8" }]
`
  assert.deepEqual(rows(manifest), [
    ['pkg:pypi/pytest', '>=7,<8', true],
    ['pkg:pypi/pytest', '>=8,<9', true],
    ['pkg:pypi/requests@2.31.0', '', false],
    ['pkg:pypi/six', '', false],
  ])
  assert.deepEqual(readPyproject(manifest).skipped, { path: 1, git: 1, invalid: 1 })
})

test('the real manifests: rich (Poetry, 7 dev of 10) and flask (PEP 621 and 735)', () => {
  const rich = readPyproject(fixture('rich/pyproject.toml'))
  assert.deepEqual([rich.components.length, rich.components.filter((c) => c.dev).length], [10, 7])
  const flask = readPyproject(fixture('flask/pyproject.toml'))
  assert.equal(flask.components.filter((c) => !c.dev).length, 8)
  assert.ok(flask.components.some((c) => c.purl === 'pkg:pypi/ruff' && c.dev))
})
