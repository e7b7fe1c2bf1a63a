import assert from 'node:assert/strict'
import { test } from 'node:test'
import { settingReaders } from './readers.ts'
import { parseRegistriesConfig } from './registries.ts'

const parse = (src: Record<string, string>) => {
  const problems: string[] = []
  return { config: parseRegistriesConfig(settingReaders(src, problems)), problems }
}

test('the index settings: URLs, other origins, bounds', () => {
  const { config, problems } = parse({
    PYPI_INDEX_URL: 'https://mirror.example/simple/',
    PYPI_FILE_ORIGINS: 'https://files.example',
    CARGO_INDEX_URL: 'sparse+https://mirror.example/crates/',
    CARGO_DL_ORIGINS: 'https://dl.example/',
    INDEX_MAX_ARTIFACT_MB: '10',
  })
  assert.deepEqual(problems, [])
  assert.equal(config.pypi.indexUrl, 'https://mirror.example/simple/')
  assert.deepEqual(config.pypi.fileOrigins, ['https://files.example'])
  assert.equal(config.cargo.indexUrl, 'sparse+https://mirror.example/crates/')
  assert.deepEqual(config.cargo.fileOrigins, ['https://dl.example'])
  assert.equal(config.cargo.maxArtifactBytes, 10 * 1024 * 1024)
  assert.equal(parse({}).config.pypi.indexUrl, undefined)
})

test("the Go module proxy settings: a GOPROXY list, other origins, lower bounds than the go command's", () => {
  const { config, problems } = parse({
    GOLANG_PROXY_URL: 'https://goproxy.example/go|https://other.example,direct',
    GOLANG_FILE_ORIGINS: 'https://files.example',
    GOLANG_MAX_ZIP_MB: '64',
  })
  assert.deepEqual(problems, [])
  assert.equal(config.golang.indexUrl, 'https://goproxy.example/go|https://other.example,direct')
  assert.deepEqual(config.golang.fileOrigins, ['https://files.example'])
  assert.equal(config.golang.maxArtifactBytes, 64 * 1024 * 1024)
  const defaults = parse({}).config.golang
  assert.deepEqual(
    [defaults.indexUrl, defaults.maxArtifactBytes, defaults.maxModBytes],
    [undefined, 128 * 1024 * 1024, 4 * 1024 * 1024],
  )
  const bad = parse({
    GOLANG_PROXY_URL: 'goproxy.example,ftp://u:pw@bad.example',
    GOLANG_MAX_ZIP_MB: '501',
    GOLANG_MAX_MOD_MB: '17',
  })
  assert.equal(bad.problems.length, 3)
  assert.ok(bad.problems.some((p) => p.startsWith('GOLANG_PROXY_URL: expected a GOPROXY list')))
  assert.ok(!bad.problems.join(' ').includes('pw'))
})

test("Maven's settings: the repository, the settings file, other origins and the bounds of each file", () => {
  const { config, problems } = parse({
    MAVEN_REPOSITORY_URL: 'https://repo.example/maven2/',
    MAVEN_SETTINGS: '/etc/compintel/settings.xml',
    MAVEN_FILE_ORIGINS: 'https://blobs.example',
    MAVEN_MAX_POM_MB: '2',
  })
  assert.deepEqual(problems, [])
  assert.equal(config.maven.indexUrl, 'https://repo.example/maven2/')
  assert.equal(config.maven.settingsFile, '/etc/compintel/settings.xml')
  assert.deepEqual(config.maven.fileOrigins, ['https://blobs.example'])
  assert.equal(config.maven.maxPomBytes, 2 * 1024 * 1024)
  assert.equal(config.maven.maxDocumentBytes, 8 * 1024 * 1024)
  assert.equal(config.maven.maxArtifactBytes, 256 * 1024 * 1024)
  assert.equal(parse({}).config.maven.indexUrl, undefined)
  assert.equal(parse({ MAVEN_REPOSITORY_URL: 'file:///m2' }).problems.length, 1)
})

test('bad values are named', () => {
  const { problems } = parse({
    PYPI_INDEX_URL: 'sparse+https://x.example/',
    CARGO_INDEX_URL: 'git://x.example/index',
    PYPI_FILE_ORIGINS: 'https://files.example/path',
  })
  assert.equal(problems.length, 3)
  for (const name of ['PYPI_INDEX_URL', 'CARGO_INDEX_URL', 'PYPI_FILE_ORIGINS'])
    assert.ok(
      problems.some((p) => p.startsWith(`${name}: expected`)),
      name,
    )
})
