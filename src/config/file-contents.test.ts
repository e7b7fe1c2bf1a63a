// The settings of GET /file_contents: the engine's defaults, values read, bad values named.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ConfigError, parseConfig } from './config.ts'

const MB = 1024 * 1024

test('defaults: 50 MB files (the engine limit), 60 s fetches, a 1 GB cache in the user cache folder', () => {
  assert.deepEqual(parseConfig({}).fileContents, {
    maxBytes: 50 * MB,
    timeoutMs: 60_000,
    cacheDir: undefined,
    cacheMaxBytes: 1024 * MB,
  })
})

test('values are read, and a bad one is named with what was expected', () => {
  const env = {
    FILE_CONTENTS_LIMIT_MB: '5',
    FILE_CONTENTS_TIMEOUT_MS: '2000',
    FILE_CONTENTS_CACHE_DIR: 'files',
    FILE_CONTENTS_CACHE_MAX_MB: '10',
  }
  assert.deepEqual(parseConfig(env).fileContents, {
    maxBytes: 5 * MB,
    timeoutMs: 2000,
    cacheDir: 'files',
    cacheMaxBytes: 10 * MB,
  })
  assert.throws(
    () => parseConfig({ FILE_CONTENTS_LIMIT_MB: '0', FILE_CONTENTS_TIMEOUT_MS: 'soon' }),
    (err: unknown) =>
      err instanceof ConfigError &&
      err.problems.some((p) => p.startsWith('FILE_CONTENTS_LIMIT_MB: expected an integer from 1')) &&
      err.problems.some((p) => p.startsWith('FILE_CONTENTS_TIMEOUT_MS: expected an integer from 1000')),
  )
})
