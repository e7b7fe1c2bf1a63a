// Configuration: defaults, each bad value reported by name with what was expected, and the config file.
import assert from 'node:assert/strict'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { ConfigError, DEFAULT_SQLITE_PATH, loadConfig, parseConfig } from './config.ts'

test('defaults: embedded KB under ./data, 127.0.0.1:8080, keys required', () => {
  const c = parseConfig({})
  assert.equal(c.host, '127.0.0.1')
  assert.equal(c.port, 8080)
  assert.deepEqual(c.database, { kind: 'sqlite', path: DEFAULT_SQLITE_PATH })
  assert.equal(c.maxBatchSize, 1000)
  assert.equal(c.authMode, 'keys')
  assert.equal(c.redisUrl, undefined)
  assert.equal(c.logLevel, 'info')
})

const good = [
  {
    name: 'sqlite path',
    env: { DATABASE_URL: 'sqlite:/tmp/kb.db' },
    check: { database: { kind: 'sqlite', path: '/tmp/kb.db' } },
  },
  {
    name: 'sqlite relative path',
    env: { DATABASE_URL: 'sqlite:kb/x.sqlite' },
    check: { database: { kind: 'sqlite', path: 'kb/x.sqlite' } },
  },
  {
    name: 'postgres URL',
    env: { DATABASE_URL: 'postgres://u@127.0.0.1:5432/test' },
    check: { database: { kind: 'postgres', url: 'postgres://u@127.0.0.1:5432/test' } },
  },
  { name: 'redis URL', env: { REDIS_URL: 'redis://127.0.0.1:6379' }, check: { redisUrl: 'redis://127.0.0.1:6379' } },
  {
    name: 'numbers',
    env: { PORT: '9000', MAX_BATCH_SIZE: '50', RATE_LIMIT_PER_MINUTE: '7' },
    check: { port: 9000, maxBatchSize: 50, rateLimitPerMinute: 7 },
  },
  { name: 'log level any case', env: { LOG_LEVEL: 'DEBUG' }, check: { logLevel: 'debug' } },
  { name: 'no-auth opt-in', env: { AUTH: 'none' }, check: { authMode: 'none' } },
  {
    name: 'seed keys with and without scopes',
    env: { COMPINTEL_API_KEYS: 'k1-0123456789abcdef,k2-0123456789abcdef:licenses+vulnerabilities' },
    check: {
      seedKeys: [
        { key: 'k1-0123456789abcdef', scopes: ['*'] },
        { key: 'k2-0123456789abcdef', scopes: ['licenses', 'vulnerabilities'] },
      ],
    },
  },
]
for (const c of good) {
  test(`accepts ${c.name}`, () => {
    const cfg = parseConfig(c.env) as unknown as Record<string, unknown>
    for (const [k, v] of Object.entries(c.check)) assert.deepEqual(cfg[k], v)
  })
}

const bad = [
  { env: { PORT: '70000' }, says: /PORT: expected an integer from 0 to 65535, got "70000"/ },
  { env: { PORT: 'eighty' }, says: /PORT: expected an integer/ },
  { env: { DATABASE_URL: 'mysql://x' }, says: /DATABASE_URL: expected sqlite:<path> or postgres:\/\// },
  { env: { DATABASE_URL: 'sqlite:' }, says: /DATABASE_URL: expected sqlite:<path>, the path is empty/ },
  { env: { REDIS_URL: 'localhost:6379' }, says: /REDIS_URL: expected redis:\/\// },
  { env: { RATE_LIMIT_PER_MINUTE: '0' }, says: /RATE_LIMIT_PER_MINUTE: expected an integer from 1/ },
  { env: { MAX_BATCH_SIZE: '-1' }, says: /MAX_BATCH_SIZE: expected an integer/ },
  { env: { BODY_LIMIT: '1.5' }, says: /BODY_LIMIT: expected an integer/ },
  { env: { LOG_LEVEL: 'loud' }, says: /LOG_LEVEL: expected one of fatal, error, .*, silent, got "loud"/ },
  { env: { AUTH: 'maybe' }, says: /AUTH: expected "keys"/ },
  { env: { TRUST_PROXY: 'perhaps' }, says: /TRUST_PROXY: expected true or false/ },
  {
    env: { COMPINTEL_API_KEYS: 'short' },
    says: /COMPINTEL_API_KEYS: key 1 of 1 is 5 characters long; each key must be at least 16/,
  },
  {
    env: { COMPINTEL_API_KEYS: 'k1-0123456789abcdef, k2-0123456789abcdé' },
    says: /COMPINTEL_API_KEYS: key 2 of 2 is not printable ASCII without spaces/,
  },
  { env: { COMPINTEL_API_KEYS: 'k1-0123456789abcdef:nonsense' }, says: /COMPINTEL_API_KEYS: scopes after ":" must be/ },
]
for (const c of bad) {
  test(`rejects ${JSON.stringify(c.env)}`, () => {
    assert.throws(
      () => parseConfig(c.env),
      (err: unknown) => err instanceof ConfigError && c.says.test(err.message),
    )
  })
}

test('a rejected key is never shown in the message', () => {
  for (const key of ['secret', 'too-short-15chr', 'sixteen-chars-é!', 'with a space in it']) {
    try {
      parseConfig({ COMPINTEL_API_KEYS: `good-key-0123456789,${key}:licenses` })
      assert.fail(`${key} should be refused`)
    } catch (err) {
      assert.ok(err instanceof ConfigError, String(err))
      assert.ok(!err.message.includes(key), err.message)
    }
  }
})

test('every bad value is reported at once', () => {
  try {
    parseConfig({ PORT: 'x', LOG_LEVEL: 'y', MAX_BATCH_SIZE: 'z' })
    assert.fail('should throw')
  } catch (err) {
    assert.ok(err instanceof ConfigError)
    assert.equal(err.problems.length, 3)
  }
})

test('config file: read under the environment, unknown names rejected', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'compintel-cfg-'))
  const file = path.join(dir, 'c.json')
  writeFileSync(file, JSON.stringify({ PORT: 9100, LOG_LEVEL: 'warn' }))
  const c = loadConfig({ COMPINTEL_CONFIG: file, LOG_LEVEL: 'error' })
  assert.equal(c.port, 9100)
  assert.equal(c.logLevel, 'error')
  writeFileSync(file, JSON.stringify({ PROT: 1 }))
  assert.throws(() => loadConfig({ COMPINTEL_CONFIG: file }), /unknown setting\(s\) PROT/)
  writeFileSync(file, '{not json')
  assert.throws(() => loadConfig({ COMPINTEL_CONFIG: file }), /COMPINTEL_CONFIG: cannot read/)
})

test("Debian on demand: bookworm and the machine's mirrors by default; a trusted mirror must be local", () => {
  assert.deepEqual(parseConfig({}).growth.debian, {
    aptDir: undefined,
    suites: ['bookworm'],
    indexTtlMs: 6 * 3_600_000,
    mirror: undefined,
    securityMirror: undefined,
    trusted: false,
  })
  const local = { DEBIAN_MIRROR: 'file:/srv/repo', DEBIAN_SECURITY_MIRROR: 'file:/srv/repo' }
  const d = parseConfig({ ...local, DEBIAN_MIRROR_TRUSTED: 'true', DEBIAN_SUITES: 'bookworm,trixie' }).growth.debian
  assert.deepEqual([d.mirror, d.trusted, d.suites], ['file:/srv/repo', true, ['bookworm', 'trixie']])
  const refused = (env: Record<string, string>, says: RegExp) =>
    assert.throws(
      () => parseConfig(env),
      (err: unknown) => err instanceof ConfigError && says.test(err.message),
    )
  refused({ DEBIAN_MIRROR_TRUSTED: 'true' }, /DEBIAN_MIRROR_TRUSTED: only a local repository/)
  refused(
    { ...local, DEBIAN_SECURITY_MIRROR: 'https://security.example/debian-security', DEBIAN_MIRROR_TRUSTED: 'yes' },
    /DEBIAN_MIRROR_TRUSTED: only a local repository/,
  )
  refused({ DEBIAN_MIRROR: 'ftp://mirror.example/debian' }, /DEBIAN_MIRROR: expected an http\(s\) or file: URL/)
  refused({ DEBIAN_SUITES: 'bookworm,../etc' }, /DEBIAN_SUITES: expected codenames/)
  refused({ DEBIAN_INDEX_TTL: 'soon' }, /DEBIAN_INDEX_TTL: expected a duration/)
})
