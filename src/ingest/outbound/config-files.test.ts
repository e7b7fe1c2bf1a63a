import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { PermanentError } from '../failure.ts'
import { configuredHttpUrl, readConfigFile } from './config-files.ts'

test('a configuration file: its text; none, a folder or a path through a file: undefined; a huge one refused', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ci-conf-'))
  writeFileSync(path.join(dir, 'pip.conf'), '[global]\n')
  mkdirSync(path.join(dir, 'folder'))
  writeFileSync(path.join(dir, 'big'), Buffer.alloc(1024 * 1024 + 1))
  assert.equal(readConfigFile(path.join(dir, 'pip.conf')), '[global]\n')
  assert.equal(readConfigFile(path.join(dir, 'missing.conf')), undefined)
  assert.equal(readConfigFile(path.join(dir, 'folder')), undefined)
  assert.equal(readConfigFile(path.join(dir, 'pip.conf', 'x')), undefined)
  assert.throws(() => readConfigFile(path.join(dir, 'big')), PermanentError)
})

test('a configured URL: http(s) only, named by where it was configured', () => {
  assert.equal(configuredHttpUrl('https://repo.example/m2', 'MAVEN_REPOSITORY_URL', 'repositories').pathname, '/m2')
  assert.throws(() => configuredHttpUrl('not a url', 'X', 'repositories'), /X: the repository URL is not a URL/)
  assert.throws(
    () => configuredHttpUrl('ftp://a.example/', 'Y', 'indexes'),
    /Y: only http\(s\) indexes are read, not ftp:/,
  )
})
