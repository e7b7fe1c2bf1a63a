// `compintel hash` and `compintel scan`: the demo golden case's request bytes, a scan of an unpacked fixture package
// against a listening server (table and --json), and the errors (arguments, folders, keys, an unreachable server).
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { after, before, describe, test } from 'node:test'
import { promisify } from 'node:util'
import * as tar from 'tar'
import { type CliIo, runHash } from '../src/cli/hash.ts'
import { runScan } from '../src/cli/scan.ts'
import { type IngestedFixtures, ingestedFixtures } from './helpers/ingested-fixtures.ts'

const work = await mkdtemp(join(tmpdir(), 'compintel-cli-hfh-'))
after(() => rm(work, { recursive: true, force: true }))

/** Runs a command in-process with its output captured and an environment without COMPINTEL_URL or a key. */
async function capture(run: (io: CliIo) => Promise<number>) {
  const out: string[] = []
  const err: string[] = []
  const code = await run({ out: (s) => out.push(s), err: (s) => err.push(s), env: {} })
  return { code, stdout: out.join(''), stderr: err.join('') }
}
const hash = (args: string[]) => capture((io) => runHash(args, io))
const scan = (args: string[]) => capture((io) => runScan({ host: '0.0.0.0', port: 1 }, args, io))

/** The golden case "demo" of test/fixtures/folder-hash recreated under work/demo. */
async function demoFolder(): Promise<string> {
  const vectors = JSON.parse(await readFile(new URL('fixtures/folder-hash/hfh-vectors.json', import.meta.url), 'utf8'))
  const demo = (vectors.cases as { name: string; files: { path: string; content_b64: string }[] }[]).find(
    (c) => c.name === 'demo',
  )
  const dir = join(work, 'demo')
  for (const f of demo?.files ?? []) {
    const to = join(dir, ...f.path.split('/'))
    await mkdir(dirname(to), { recursive: true })
    await writeFile(to, Buffer.from(f.content_b64, 'base64'))
  }
  return dir
}

describe('compintel hash', () => {
  let demo: string
  before(async () => {
    demo = await demoFolder()
  })
  test('prints the demo request at --depth 2 byte for byte as scanoss-py folder-hash does', async () => {
    const res = await hash([demo, '--depth', '2'])
    assert.equal(res.code, 0, res.stderr)
    assert.equal(
      res.stdout,
      '{"root": {"path_id": ".", "sim_hash_names": "c8fca47eab4f94bb", "sim_hash_content": "f7be617c23bff76f", "sim_hash_dir_names": "d83e1f13a97bce2d", "lang_extensions": {"md": 1, "h": 2, "c": 4}, "children": [{"path_id": "include", "sim_hash_names": null, "sim_hash_content": null, "sim_hash_dir_names": null, "lang_extensions": null, "children": []}, {"path_id": "src", "sim_hash_names": null, "sim_hash_content": null, "sim_hash_dir_names": null, "lang_extensions": null, "children": []}]}, "rank_threshold": 5, "recursive_threshold": 0.8, "min_accepted_score": 0.15}\n',
    )
  })
  test('the filter options change the body; category and query_limit follow only when given', async () => {
    const res = await hash([demo, '--rank-threshold', '3', '--min-accepted-score', '0.5', '--category', 'npm'])
    assert.equal(res.code, 0, res.stderr)
    assert.match(
      res.stdout,
      /"children": \[\]}, "rank_threshold": 3, "recursive_threshold": 0.8, "min_accepted_score": 0.5, "category": "npm"}\n$/,
    )
  })
  test('bad or missing arguments: usage on stderr, exit 2', async () => {
    for (const args of [
      [],
      ['a', 'b'],
      ['--depth', '0', 'x'],
      ['x', '--depth', '1.5'],
      ['x', '--rank-threshold', '10'],
      ['x', '--recursive-threshold', '2'],
      ['x', '--query-limit', '0'],
      ['x', '--bogus'],
    ]) {
      const res = await hash(args)
      assert.equal(res.code, 2, args.join(' '))
      assert.match(res.stderr, /^compintel hash: .*\nusage: compintel hash <dir>/, args.join(' '))
      assert.equal(res.stdout, '')
    }
  })
  test('a folder that does not exist or is a file: one line, exit 1', async () => {
    const missing = await hash([join(work, 'no-such-folder')])
    assert.equal(missing.code, 1)
    assert.equal(missing.stderr, `compintel hash: no such directory: ${join(work, 'no-such-folder')}\n`)
    const file = await hash([join(demo, 'Makefile')])
    assert.match(file.stderr, /^compintel hash: not a directory: .*Makefile\n$/)
  })
  test('bin/compintel.js dispatches hash and scan', async () => {
    const bin = new URL('../bin/compintel.js', import.meta.url).pathname
    const env = { ...process.env, SEED_DIR: 'none', LOG_LEVEL: 'silent' }
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, [bin, ...args], { env }).then(
        () => ({ code: 0, stderr: '' }),
        (e: { code: number; stderr: string }) => e,
      )
    const [noDir, missing] = await Promise.all([run(['hash']), run(['scan', join(work, 'nothing-here')])])
    assert.equal(noDir.code, 2)
    assert.match(noDir.stderr, /usage: compintel hash <dir>/)
    assert.equal(missing.code, 1)
    assert.match(missing.stderr, /^compintel scan: no such directory: /)
  })
})

describe('compintel scan against a listening server', () => {
  let f: IngestedFixtures
  let url: string
  let dir: string
  before(async () => {
    f = await ingestedFixtures(['fixture-hfh', 'fixture-hfh-twin', 'fixture-hfh-other'])
    url = await f.t.app.listen({ port: 0, host: '127.0.0.1' })
    const res = await fetch(new URL('fixture-hfh/-/fixture-hfh-1.1.0.tgz', f.reg.url))
    dir = join(work, 'node_modules', 'fixture-hfh')
    await mkdir(dir, { recursive: true })
    await pipeline(Readable.fromWeb(res.body as never), tar.x({ cwd: dir, strip: 1 }))
  })
  after(() => f.close())

  test('a table: the package, its version, score, rank and licenses', async () => {
    const res = await scan([dir, '--url', url, '--key', f.t.keys.full])
    assert.equal(res.code, 0, res.stderr)
    const [header, first] = res.stdout.split('\n')
    assert.match(header ?? '', /^PATH +ORDER +PURL +VERSION +SCORE +RANK +LICENSES$/)
    assert.match(first ?? '', /^\. +1 +pkg:npm\/fixture-hfh +1\.1\.0 +1\.00 +5 +MIT$/)
  })
  test('--json: the response as the server sent it; the key and URL may come from the environment', async () => {
    const res = await capture((io) =>
      runScan({ host: '0.0.0.0', port: 1 }, [dir, '--json'], {
        ...io,
        env: { COMPINTEL_URL: `${url}/`, COMPINTEL_API_KEY: f.t.keys.full },
      }),
    )
    assert.equal(res.code, 0, res.stderr)
    const reply = JSON.parse(res.stdout)
    assert.equal(reply.results[0].components[0].purl, 'pkg:npm/fixture-hfh')
    assert.equal(reply.status.status, 'SUCCESS')
    assert.ok(res.stdout.startsWith('{\n  "results": ['), 'pretty-printed with 2 spaces')
  })
  test('nothing above the filters: "no components identified"', async () => {
    const res = await scan([dir, '--url', url, '--key', f.t.keys.full, '--category', 'pypi'])
    assert.equal(res.code, 0, res.stderr)
    assert.equal(res.stdout, 'no components identified\n')
  })
  test('a wrong key: the server message and code on stderr, exit 1, the key never printed', async () => {
    const res = await scan([dir, '--url', url, '--key', 'ci_not-a-real-key'])
    assert.equal(res.code, 1)
    assert.match(res.stderr, /HTTP 401: Invalid API key \(UNAUTHORIZED\)\n$/)
    assert.ok(!res.stderr.includes('ci_not-a-real-key'))
    assert.equal(res.stdout, '')
  })
  test('an unreachable server: one line, exit 1', async () => {
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    await new Promise((resolve) => server.close(resolve))
    const res = await scan([dir, '--url', `http://127.0.0.1:${port}`])
    assert.equal(res.code, 1)
    assert.match(
      res.stderr,
      /^compintel scan: cannot reach http:\/\/127\.0\.0\.1:\d+\/v2\/scanning\/hfh\/scan: .*ECONNREFUSED.*\n$/,
    )
  })
})
