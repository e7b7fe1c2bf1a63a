// The compintel command as a user runs it: migrate, keys create/list/revoke, bad configuration, serve + SIGTERM.
import assert from 'node:assert/strict'
import { execFile, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { promisify } from 'node:util'

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

test('serve: prints the first key, serves it, and exits 0 on SIGTERM', async () => {
  const env = { ...kbEnv(), PORT: '0' }
  const child = spawn(process.execPath, [BIN, 'serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stdout.on('data', (c) => {
    out += c
  })
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line: ${out}`)), 20_000)
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
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  child.kill('SIGTERM')
  assert.equal(await exit, 0)
})
