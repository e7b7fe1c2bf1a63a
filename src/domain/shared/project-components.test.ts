// readProjectFile chooses the reader by the file's name: the FIXTURE lock files of real projects
// (test/fixtures/lockfiles/) and a made-up package-lock.json; a name it does not know is undefined.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { ProjectFileError } from './lockfiles/project-file.ts'
import { projectPurls, readProjectFile } from './project-components.ts'

const fixture = (path: string) =>
  readFileSync(new URL(`../../../test/fixtures/lockfiles/${path}`, import.meta.url), 'utf8')

const byName: [path: string, format: string, components: number][] = [
  ['fd/Cargo.lock', 'cargo-lock', 129],
  ['ripgrep/Cargo.toml', 'cargo-toml', 11],
  ['rich/pyproject.toml', 'pyproject', 10],
  ['rich/poetry.lock', 'poetry-lock', 49],
  ['typer/uv.lock', 'uv-lock', 11],
  ['flask-celery-example/requirements.txt', 'requirements', 21],
  ['warehouse/requirements/deploy.txt', 'requirements', 8],
  ['warehouse/requirements/main.in', 'requirements', 79],
  ['zookeeper/zookeeper-server/pom.xml', 'pom-xml', 31],
]
for (const [path, format, components] of byName)
  test(`${path}: read as ${format}`, () => {
    const read = readProjectFile(`some/where/${path}`, fixture(path))
    assert.equal(read?.format, format)
    assert.equal(read?.components.length, components)
  })

test('package-lock.json: runtime and dev packages, links counted; the same purls projectPurls gives without dev', () => {
  const lock = {
    lockfileVersion: 3,
    packages: {
      '': { name: 'app', version: '1.0.0' },
      'node_modules/lodash': { version: '4.17.21' },
      'node_modules/@types/node': { version: '22.20.5', dev: true },
      'node_modules/local': { resolved: 'packages/local', link: true },
    },
  }
  const read = readProjectFile('package-lock.json', JSON.stringify(lock))
  assert.deepEqual(read, {
    format: 'package-lock',
    components: [
      { purl: 'pkg:npm/%40types/node@22.20.5', dev: true },
      { purl: 'pkg:npm/lodash@4.17.21', dev: false },
    ],
    skipped: { link: 1 },
  })
  assert.deepEqual(projectPurls(lock), ['pkg:npm/lodash@4.17.21'])
})

test('other names are not project files; a broken one is a ProjectFileError', () => {
  assert.equal(readProjectFile('Cargo.toml.orig', '[package]\nname = "x"\n'), undefined)
  assert.equal(readProjectFile('notes.txt', 'six==1.17.0'), undefined)
  assert.throws(() => readProjectFile('package-lock.json', '{'), ProjectFileError)
  assert.throws(() => readProjectFile('package-lock.json', '{"lockfileVersion":1}'), /no "packages" object/)
})
