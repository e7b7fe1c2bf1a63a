// Test helper: validates SPDX 2.3 JSON documents with the SPDX project's own tools (python spdx-tools, through
// test/helpers/spdx-validate.py), fetched from Debian's archive into a cache on first use by scripts/spdx-tools.sh,
// so that `npm test` works from a fresh clone. A failure to fetch them throws (the test fails, it is not skipped).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const PYTHON = process.env.COMPINTEL_PYTHON ?? 'python3'
let tools: { pythonPath: string; examples: string } | undefined

function spdxTools(): { pythonPath: string; examples: string } {
  if (!tools) {
    const run = (...args: string[]) =>
      execFileSync('bash', [path.join(ROOT, 'scripts', 'spdx-tools.sh'), ...args], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 600_000,
      }).trim()
    try {
      tools = { pythonPath: run(), examples: run('--examples') }
    } catch (e) {
      const stderr = String((e as { stderr?: unknown }).stderr ?? '').trim()
      throw new Error(
        `The SPDX tools (python3-spdx-tools from Debian's archive) could not be fetched by scripts/spdx-tools.sh: ${
          stderr || (e as Error).message
        }`,
      )
    }
  }
  return tools
}

/** spdx-tools' messages for this document: unknown properties, parse errors, validation messages; [] = valid. */
export function spdxMessages(document: unknown): string[] {
  const { pythonPath } = spdxTools()
  const dir = mkdtempSync(path.join(tmpdir(), 'ci-spdx-'))
  try {
    const file = path.join(dir, 'document.spdx.json')
    writeFileSync(file, JSON.stringify(document))
    const out = execFileSync(PYTHON, [path.join(ROOT, 'test', 'helpers', 'spdx-validate.py'), file], {
      encoding: 'utf8',
      env: { ...process.env, PYTHONPATH: pythonPath },
    })
    return JSON.parse(out) as string[]
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The SPDX project's example SPDX 2.3 JSON document (from its Go tools' Debian package), as text. */
export function spdxExample(): string {
  return readFileSync(path.join(spdxTools().examples, 'SPDXJSONExample-v2.3.spdx.json'), 'utf8')
}
