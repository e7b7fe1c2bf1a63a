// `compintel check` as a user runs it: a clean KB exits 0; a KB with planted rows (FIXTURE, helpers/planted-rows.ts)
// exits 1 with the count per rule and the first rows, escaped (a control character never reaches the terminal);
// --json for machines; a bad --examples is refused. The shipped seed's check: test/seed-debian.test.ts.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { promisify } from 'node:util'
import { openStorage } from '../src/storage/database.ts'
import { migrate } from '../src/storage/migrate.ts'
import { plantBadRows } from './helpers/planted-rows.ts'

const BIN = new URL('../bin/compintel.js', import.meta.url).pathname
const run = promisify(execFile)

async function check(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, 'check', ...args], { env })
    return { code: 0, stdout, stderr }
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

test('compintel check: 0 on a clean KB; 1 with planted rows, counted per rule, escaped; --json', async () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'compintel-check-')), 'kb.sqlite')
  const env = { ...process.env, DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'silent', SEED_DIR: 'none' }
  const storage = openStorage({ kind: 'sqlite', path: file })
  await migrate(storage)
  const clean = await check([], env)
  assert.equal(clean.code, 0, clean.stderr)
  assert.match(clean.stdout, /checked 0 components and 0 versions/)
  assert.match(clean.stdout, /nothing found/)

  await plantBadRows(storage)
  await storage.close()
  const found = await check(['--examples', '3'], env)
  assert.equal(found.code, 1, found.stderr)
  assert.match(found.stdout, /checked 4 components and 3 versions/)
  assert.match(found.stdout, /^ {2}identity-mismatch +2$/m)
  assert.match(found.stdout, /^ {2}version-rejected +4$/m)
  assert.match(found.stdout, /10 row\(s\) no rule allows; the first 3:/)
  assert.equal(found.stdout.split('\n').filter((l) => /^ {2}\S+ (components|versions) /.test(l)).length, 3)

  const json = await check(['--json', '--examples', '50'], env)
  assert.equal(json.code, 1)
  const report = JSON.parse(json.stdout)
  assert.equal(report.counts['name-rejected'], 2)
  assert.equal(report.findings.length, 10)
  const latest = report.findings.find((f: { detail: string }) => f.detail.startsWith('latest_version "99'))
  assert.match(latest.detail, /99\.0\.0\\u001b\[31m/, 'the control character is escaped in the detail')
  assert.ok(!found.stdout.includes('\u001b') && !json.stdout.includes('\u001b'), 'no raw control character')

  const bad = await check(['--examples', 'x'], env)
  assert.equal(bad.code, 2)
  assert.match(bad.stderr, /--examples: a whole number/)
})
