// An old Node gets a clear refusal, never a crash: bin/compintel.js checks the running Node before it loads anything
// native (bin/node-version.js), and its floor is package.json's engines (which npm enforces: .npmrc engine-strict).
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const BIN = fileURLToPath(new URL('../bin/compintel.js', import.meta.url))
const { NODE_FLOOR, nodeVersionProblem } = (await import(new URL('../bin/node-version.js', import.meta.url).href)) as {
  NODE_FLOOR: string
  nodeVersionProblem: (version: string, executable?: string) => string | undefined
}

test('the floor is package.json engines; .npmrc makes npm refuse an older Node and run no install script', () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }
  assert.equal(pkg.engines.node, `>=${NODE_FLOOR}`)
  assert.match(readFileSync('.npmrc', 'utf8'), /^engine-strict=true$/m)
  assert.match(readFileSync('.npmrc', 'utf8'), /^ignore-scripts=true$/m, 'npm install compiles nothing')
})

test('Node 22.12 and newer pass; older Nodes get which Node to install and how', () => {
  for (const v of ['22.12.0', '22.23.3', '23.0.0', '24.21.0', '25.1.0', '26.10.0', '30.0.0'])
    assert.equal(nodeVersionProblem(v), undefined, v)
  for (const v of ['22.11.0', '22.0.0', '21.7.3', '20.20.2', '18.20.8', '16.0.0']) {
    const problem = nodeVersionProblem(v, '/opt/old-node/bin/node')
    assert.ok(problem, v)
    assert.match(problem, /needs Node\.js 22\.12 or newer/)
    assert.match(problem, /Node 22 \(22\.12 or later\), 24 or 26/)
    assert.ok(problem.includes(`This is Node.js ${v} (/opt/old-node/bin/node)`), problem)
    assert.match(problem, /nvm install 24/)
  }
})

test('bin/compintel.js on an old Node prints which Node it needs and exits 1 before loading anything', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'compintel-old-node-'))
  try {
    const db = path.join(dir, 'kb.sqlite')
    // this Node made to report 20.20.2 before the bin runs: what the bin sees on a real Node 20
    const old = "Object.defineProperty(process.versions,'node',{value:'20.20.2'})"
    const run = promisify(execFile)(process.execPath, [`--import=data:text/javascript,${old}`, BIN, 'serve'], {
      env: { ...process.env, DATABASE_URL: `sqlite:${db}`, SEED_DIR: 'none', PORT: '0' },
    })
    const err = (await run.then(
      () => assert.fail('the bin ran on Node 20'),
      (e: unknown) => e,
    )) as { code: number; stdout: string; stderr: string }
    assert.equal(err.code, 1)
    assert.equal(err.stdout, '')
    assert.match(err.stderr, /^compintel needs Node\.js 22\.12 or newer/)
    assert.ok(err.stderr.includes(`This is Node.js 20.20.2 (${process.execPath})`), err.stderr)
    assert.ok(!existsSync(db), 'nothing was started: no knowledge base was created')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
