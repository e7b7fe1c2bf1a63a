// The compintel command as a user runs it: migrate, keys create/list/revoke, ingest npm's flags (against the fixture
// registry on 127.0.0.1), bad configuration, serve + SIGTERM.
import assert from 'node:assert/strict'
import { execFile, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { promisify } from 'node:util'
import { openStorage } from '../src/storage/database.ts'
import { startFixtureRegistry } from './helpers/fixture-registry.ts'

const BIN = new URL('../bin/compintel.js', import.meta.url).pathname
const run = promisify(execFile)

function kbEnv(): NodeJS.ProcessEnv {
  const dir = mkdtempSync(path.join(tmpdir(), 'compintel-cli-'))
  return {
    ...process.env,
    DATABASE_URL: `sqlite:${path.join(dir, 'kb.sqlite')}`,
    LOG_LEVEL: 'silent',
    SEED_DIR: 'none',
    MAX_EVENT_LOOP_DELAY_MS: '0',
  }
}

async function cli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env })
    return { code: 0, stdout, stderr }
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

test('migrate applies the migrations once', async () => {
  const env = kbEnv()
  const first = await cli(['migrate'], env)
  assert.equal(first.code, 0)
  assert.match(first.stdout, /applied \d+ migration\(s\): 0001-foundation/)
  assert.match((await cli(['migrate'], env)).stdout, /schema is current/)
})

test('keys create prints the key once; list never shows it; revoke disables it', async () => {
  const env = kbEnv()
  const created = await cli(['keys', 'create', '--name', 'ci bot', '--scope', 'licenses+vulnerabilities'], env)
  assert.equal(created.code, 0, created.stderr)
  const key = created.stdout.trim().split('\n').at(-1) ?? ''
  assert.match(key, /^ci_[A-Za-z0-9_-]{43}$/)
  const list = await cli(['keys', 'list'], env)
  assert.match(list.stdout, /licenses\+vulnerabilities/)
  assert.ok(!list.stdout.includes(key), 'list does not show the key')
  const json = JSON.parse((await cli(['keys', 'list', '--json'], env)).stdout)
  assert.equal(json.length, 1)
  assert.equal(json[0].hash, undefined)
  const revoked = await cli(['keys', 'revoke', json[0].id], env)
  assert.equal(revoked.code, 0)
  assert.match((await cli(['keys', 'list'], env)).stdout, /revoked/)
  assert.equal((await cli(['keys', 'revoke', json[0].id], env)).code, 1)
})

test('keys create refuses an unknown scope', async () => {
  const res = await cli(['keys', 'create', '--name', 'x', '--scope', 'everything'], kbEnv())
  assert.equal(res.code, 1)
  assert.match(res.stderr, /unknown scope\(s\) everything/)
})

test('ingest npm: --from-file, --versions N, --analyze N, --skip-analyzer and --concurrency 64 through the npm configuration', async () => {
  const reg = await startFixtureRegistry()
  try {
    const env = kbEnv()
    // The registry comes from the user's npm configuration, here its environment form.
    const npmEnv = { ...env, npm_config_registry: reg.url, npm_config_cache: mkdtempSync(path.join(tmpdir(), 'npm-')) }
    const list = path.join(mkdtempSync(path.join(tmpdir(), 'compintel-cli-')), 'names.tsv')
    writeFileSync(list, '# a comment\nfixture-alpha\t1234\n\n  \nno-such-package\n')
    const res = await cli(
      [
        'ingest',
        'npm',
        '@fixture/scoped',
        '--from-file',
        list,
        '--versions',
        '2',
        '--analyze',
        '1',
        '--concurrency',
        '64',
        '--skip-analyzer',
        'snippets',
      ],
      npmEnv,
    )
    assert.equal(res.code, 0, res.stderr)
    assert.match(res.stdout, /^2 package\(s\), 3 version\(s\), 2 tarball\(s\) analyzed/m)
    assert.match(res.stdout, /not found \(1\): no-such-package/)
    assert.match(res.stderr, /ingest 3\/3 /, 'plain progress lines: stderr is not a terminal')
    const storage = openStorage({ kind: 'sqlite', path: (env.DATABASE_URL as string).slice('sqlite:'.length) })
    try {
      const rows = await storage.db
        .selectFrom('versions as v')
        .innerJoin('components as c', 'c.id', 'v.component_id')
        .leftJoin('analyses as a', (j) => j.onRef('a.version_id', '=', 'v.id').on('a.analyzer', '=', 'code-stats'))
        .select(['c.purl_name', 'v.version', 'a.analyzer'])
        .orderBy(['c.purl_name', 'v.sort_key'])
        .execute()
      assert.deepEqual(
        rows.map((r) => `${r.purl_name}@${r.version}${r.analyzer ? ' analyzed' : ''}`),
        // --versions 2: the newest two; --analyze 1: the newest of those, replaced by the latest tag (1.1.0).
        ['@fixture/scoped@2.0.0 analyzed', 'fixture-alpha@1.1.0 analyzed', 'fixture-alpha@2.0.0-beta.1'],
      )
      // --skip-analyzer snippets: every other analyzer ran, that one did not
      const analyzers = await storage.db.selectFrom('analyses').select('analyzer').distinct().execute()
      const names = analyzers.map((a) => a.analyzer).sort()
      assert.ok(names.includes('code-stats') && names.includes('notices'), names.join(', '))
      assert.ok(!names.includes('snippets'), names.join(', '))
    } finally {
      await storage.close()
    }
  } finally {
    await reg.close()
  }
})

test('ingest npm: bad --concurrency, --versions, --analyze, --skip-analyzer and --from-file are refused before any work', async () => {
  const cases: [string[], RegExp][] = [
    [['--concurrency', '0'], /--concurrency: expected 1 to 64/],
    [['--concurrency', '65'], /--concurrency: expected 1 to 64/],
    [['--concurrency', '2.5'], /--concurrency: expected 1 to 64/],
    [['--versions', '0'], /expected all, latest or a positive number, got "0"/],
    [['--versions', 'none'], /expected all, latest or a positive number, got "none"/],
    [['--analyze', 'some'], /expected all, latest, none or a positive number, got "some"/],
    [['--from-file', 'no/such/file.txt'], /ENOENT|no such file/],
    [['--skip-analyzer', 'nope'], /--skip-analyzer: no analyzer nope/],
  ]
  const env = kbEnv()
  for (const [args, message] of cases) {
    const res = await cli(['ingest', 'npm', 'left-pad', ...args], env)
    assert.equal(res.code, 1, args.join(' '))
    assert.match(res.stderr, message, args.join(' '))
  }
  assert.equal((await cli(['ingest', 'npm'], env)).code, 1, 'no names at all')
})

test('ingest: help lists every source of the table; an unknown source and an option no queue takes are refused', async () => {
  const { FEED_SOURCES, PACKAGE_SOURCES } = await import('../src/sources/index.ts')
  const env = kbEnv()
  const help = await cli(['ingest', 'help'], env)
  assert.equal(help.code, 0)
  for (const s of [...PACKAGE_SOURCES.map((p) => p.source), ...FEED_SOURCES.map((f) => f.kind), 'github-users'])
    assert.match(help.stdout, new RegExp(`compintel ingest ${s} `), s)
  const unknown = await cli(['ingest', 'nosuch', 'x'], env)
  assert.equal(unknown.code, 1)
  assert.match(unknown.stderr, /no source "nosuch"[\s\S]*compintel ingest debian <name…>/)
  const local = await cli(['ingest', 'debian', 'bc', '--installed', '--enqueue'], env)
  assert.equal(local.code, 2)
  assert.match(local.stderr, /compintel ingest debian --enqueue: --installed cannot be queued/)
})

test('bad configuration is reported by name and exits 2', async () => {
  const res = await cli(['migrate'], { ...kbEnv(), PORT: 'abc', DATABASE_URL: 'mysql://x' })
  assert.equal(res.code, 2)
  assert.match(res.stderr, /PORT: expected an integer/)
  assert.match(res.stderr, /DATABASE_URL: expected sqlite:<path> or postgres:\/\//)
})

test('unknown command → usage and exit 2', async () => {
  const res = await cli(['frobnicate'], kbEnv())
  assert.equal(res.code, 2)
  assert.match(res.stderr, /usage: compintel/)
})

test('serve: prints the first key, serves it, and exits 0 on SIGTERM', async (t) => {
  const env = { ...kbEnv(), PORT: '0' }
  const child = spawn(process.execPath, [BIN, 'serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  // whatever fails below, the server does not outlive the test (its pipes would keep this file's process running)
  t.after(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  })
  let out = ''
  child.stdout.on('data', (c) => {
    out += c
  })
  const url = await new Promise<string>((resolve, reject) => {
    // a first start on a busy machine loads its modules for many seconds
    const timer = setTimeout(() => reject(new Error(`no listening line: ${out}`)), 60_000)
    child.stdout.on('data', () => {
      const m = out.match(/listening on (http:\/\/[0-9.:]+)/)
      if (m?.[1]) {
        clearTimeout(timer)
        resolve(m[1])
      }
    })
  })
  const key = out.match(/ci_[A-Za-z0-9_-]{43}/)?.[0] ?? ''
  const res = await fetch(`${url}/v2/geoprovenance/echo`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: '{"message":"m"}',
  })
  assert.equal(res.status, 200)
  child.kill('SIGTERM')
  assert.equal(await exit, 0)
})

test('notices: one file for a lockfile or a CycloneDX SBOM, identical texts once, unknown components listed', async () => {
  const reg = await startFixtureRegistry()
  try {
    const env = kbEnv()
    const npmEnv = { ...env, npm_config_registry: reg.url, npm_config_cache: mkdtempSync(path.join(tmpdir(), 'npm-')) }
    const ingest = await cli(
      ['ingest', 'npm', 'fixture-alpha', 'fixture-beta', '--versions', 'all', '--analyze', 'all'],
      npmEnv,
    )
    assert.equal(ingest.code, 0, ingest.stderr)
    const dir = mkdtempSync(path.join(tmpdir(), 'compintel-notices-'))
    const lock = path.join(dir, 'package-lock.json')
    const pkg = (version: string, extra = {}) => ({ version, ...extra })
    writeFileSync(
      lock,
      JSON.stringify({
        lockfileVersion: 3,
        packages: {
          '': { name: 'app' },
          'node_modules/fixture-alpha': pkg('1.1.0'),
          'node_modules/fixture-beta': pkg('0.3.0'),
          'node_modules/x/node_modules/fixture-alpha': pkg('1.0.0'),
          'node_modules/no-such-fixture': pkg('1.0.0'),
          'node_modules/fixture-dev-only': pkg('1.0.0', { dev: true }),
        },
      }),
    )
    const out = path.join(dir, 'THIRD-PARTY-NOTICES.txt')
    const res = await cli(['notices', lock, '--out', out], env)
    assert.equal(res.code, 0, res.stderr)
    assert.match(res.stderr, /2 of 4 components with notices/)
    const text = readFileSync(out, 'utf8')
    const license = readFileSync(new URL('./fixtures/npm/fixture-alpha/1.1.0/LICENSE', import.meta.url), 'utf8')
    assert.equal(text.split(license.trimEnd()).length - 1, 1, 'the LICENSE both alpha versions ship, once')
    assert.match(text, /^fixture-alpha 1\.0\.0: LICENSE\nfixture-alpha 1\.1\.0: LICENSE$/m)
    assert.match(text, /fixture-beta 0\.3\.0 \(pkg:npm\/fixture-beta@0\.3\.0\): ships no notice file/)
    assert.match(text, /no-such-fixture 1\.0\.0 \(pkg:npm\/no-such-fixture@1\.0\.0\): Component not found/)
    assert.doesNotMatch(text, /fixture-dev-only/, 'dev dependencies are not shipped')
    const bom = path.join(dir, 'bom.cdx.json')
    writeFileSync(
      bom,
      JSON.stringify({ bomFormat: 'CycloneDX', components: [{ purl: 'pkg:npm/fixture-alpha@1.1.0' }] }),
    )
    const fromBom = await cli(['notices', bom], env)
    assert.equal(fromBom.code, 0, fromBom.stderr)
    assert.match(fromBom.stdout, /^fixture-alpha 1\.1\.0: LICENSE$/m)
    // a requirements file (made up) by its name: PyPI components, none known to this KB
    writeFileSync(path.join(dir, 'requirements.txt'), 'six==1.17.0\nrequests>=2.31  # pinned below 3\n-e ./tool\n')
    const fromRequirements = await cli(['notices', path.join(dir, 'requirements.txt')], env)
    assert.equal(fromRequirements.code, 0, fromRequirements.stderr)
    assert.match(fromRequirements.stderr, /0 of 2 components with notices/)
    assert.match(fromRequirements.stdout, /six 1\.17\.0 \(pkg:pypi\/six@1\.17\.0\): Component not found/)
    const bad = await cli(['notices', path.join(dir, 'THIRD-PARTY-NOTICES.txt')], env)
    assert.equal(bad.code, 1, 'not JSON')
    writeFileSync(path.join(dir, 'other.json'), '{"name":"x"}')
    assert.equal((await cli(['notices', path.join(dir, 'other.json')], env)).code, 2)
  } finally {
    await reg.close()
  }
})
