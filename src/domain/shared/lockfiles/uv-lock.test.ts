// uv.lock: registry packages as exact purls, the project's own (editable, virtual) and git/path/URL ones counted,
// dev worked out from the project's dependency groups. The first excerpt is flask's uv.lock cut down (its lists
// shortened, sdist and wheels left out, hosts replaced by index.example); the whole FIXTURE lock file of typer is
// read too; the extras and the unreachable cases are made up, in uv's shapes.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { ProjectFileError } from './project-file.ts'
import { readUvLock } from './uv-lock.ts'

const FLASK = `version = 1
revision = 3
requires-python = ">=3.10"

[[package]]
name = "asgiref"
version = "3.11.1"
source = { registry = "https://index.example/simple" }

[[package]]
name = "blinker"
version = "1.9.0"
source = { registry = "https://index.example/simple" }

[[package]]
name = "click"
version = "8.3.2"
source = { registry = "https://index.example/simple" }
dependencies = [
    { name = "colorama", marker = "sys_platform == 'win32'" },
]

[[package]]
name = "colorama"
version = "0.4.6"
source = { registry = "https://index.example/simple" }

[[package]]
name = "flask"
version = "3.2.0.dev0"
source = { editable = "." }
dependencies = [
    { name = "blinker" },
    { name = "click" },
]

[package.optional-dependencies]
async = [
    { name = "asgiref" },
]

[package.dev-dependencies]
dev = [
    { name = "ruff" },
]
docs = [
    { name = "sphinx", version = "8.1.3", source = { registry = "https://index.example/simple" }, marker = "python_full_version < '3.11'" },
]

[[package]]
name = "ruff"
version = "0.15.9"
source = { registry = "https://index.example/simple" }

[[package]]
name = "sphinx"
version = "8.1.3"
source = { registry = "https://index.example/simple" }
dependencies = [
    { name = "colorama", marker = "sys_platform == 'win32'" },
]
`

test('flask: dependencies and extras of the project are not dev, its dependency groups are; the editable counted', () => {
  const read = readUvLock(FLASK)
  assert.equal(read.format, 'uv-lock')
  assert.deepEqual(
    read.components.map((c) => [c.purl, c.dev]),
    [
      ['pkg:pypi/asgiref@3.11.1', false],
      ['pkg:pypi/blinker@1.9.0', false],
      ['pkg:pypi/click@8.3.2', false],
      ['pkg:pypi/colorama@0.4.6', false], // reached from click too, not only from sphinx
      ['pkg:pypi/ruff@0.15.9', true],
      ['pkg:pypi/sphinx@8.1.3', true],
    ],
  )
  assert.deepEqual(read.skipped, { editable: 1 })
})

test('an extra a reference asks for is followed (and a cycle of extras ends); other sources are counted', () => {
  const lock = `version = 1
revision = 3

[[package]]
name = "app"
version = "0.1.0"
source = { virtual = "." }
dependencies = [{ name = "celery", extra = ["redis"] }]

[[package]]
name = "celery"
version = "5.6.2"
source = { registry = "https://index.example/simple" }

[package.optional-dependencies]
redis = [{ name = "kombu", extra = ["redis"] }]
sqs = [{ name = "boto3" }]

[[package]]
name = "kombu"
version = "5.6.1"
source = { registry = "https://index.example/simple" }

[package.optional-dependencies]
redis = [{ name = "Redis" }, { name = "celery", extra = ["redis"] }]

[[package]]
name = "Redis"
version = "7.0.0"
source = { registry = "https://index.example/simple" }

[[package]]
name = "boto3"
version = "1.40.0"
source = { registry = "https://index.example/simple" }

[[package]]
name = "lib"
version = "1.0.0"
source = { git = "https://index.example/lib.git?rev=v1#0123456789abcdef0123456789abcdef01234567" }

[[package]]
name = "vendored"
version = "1.0.0"
source = { path = "vendor/vendored-1.0.0-py3-none-any.whl" }
`
  const read = readUvLock(lock)
  assert.deepEqual(
    read.components.map((c) => [c.purl, c.dev]),
    [
      ['pkg:pypi/boto3@1.40.0', true], // an extra nobody asks for
      ['pkg:pypi/celery@5.6.2', false],
      ['pkg:pypi/kombu@5.6.1', false],
      ['pkg:pypi/redis@7.0.0', false],
    ],
  )
  assert.deepEqual(read.skipped, { virtual: 1, git: 1, path: 1 })
})

test('the real lock file of typer: 11 registry packages (two versions of click, by Python version), typer itself editable', () => {
  const text = readFileSync(new URL('../../../../test/fixtures/lockfiles/typer/uv.lock', import.meta.url), 'utf8')
  const read = readUvLock(text)
  assert.equal(read.components.length, 11)
  assert.ok(read.components.every((c) => !c.dev))
  assert.deepEqual(
    read.components.filter((c) => c.purl.startsWith('pkg:pypi/click@')).map((c) => c.purl),
    ['pkg:pypi/click@8.1.8', 'pkg:pypi/click@8.3.1'],
  )
  assert.deepEqual(read.skipped, { editable: 1 })
})

test('a lock without the project in it (uv export of a subset): nothing is dev', () => {
  const lock =
    'version = 1\n[[package]]\nname = "six"\nversion = "1.17.0"\nsource = { registry = "https://index.example/simple" }\n'
  assert.deepEqual(readUvLock(lock).components, [{ purl: 'pkg:pypi/six@1.17.0', dev: false }])
})

test('refused with a clear error: another version of the format, not TOML', () => {
  assert.throws(() => readUvLock('version = 2\n'), /uv.lock: version 2: 1 is read/)
  assert.throws(() => readUvLock('[[package]]\nname = \n'), ProjectFileError)
})
