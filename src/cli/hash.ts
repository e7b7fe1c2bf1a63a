// `compintel hash <dir>`: the folder-hash request scanoss-py would send for a folder (its `folder-hash` command),
// byte for byte; the options shared with `compintel scan`, and the request body both commands produce.
import { stat } from 'node:fs/promises'
import { type ParseArgsConfig, parseArgs } from 'node:util'
import { CLIENT_DEFAULTS, pythonJson, scanRequest } from '../domain/folder-hash/request.ts'
import { hashFolder } from './folder-walk.ts'
import { FOLDER_OPTIONS, HASH_USAGE } from './hash-usage.ts'

/** Where a command writes, and the environment it reads: the process's by default, captured in tests. */
export interface CliIo {
  out(text: string): void
  err(text: string): void
  env: NodeJS.ProcessEnv
}

export const PROCESS_IO: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  env: process.env,
}

/** A bad or missing argument: the command prints its usage and exits with 2. */
export class UsageError extends Error {}

export const REQUEST_OPTIONS = {
  depth: { type: 'string' },
  'rank-threshold': { type: 'string' },
  'recursive-threshold': { type: 'string' },
  'min-accepted-score': { type: 'string' },
  category: { type: 'string' },
  'query-limit': { type: 'string' },
} as const satisfies ParseArgsConfig['options']

type RequestValues = { [K in keyof typeof REQUEST_OPTIONS]?: string | undefined }

/** Parses argv with `options` added to the request options: exactly one positional, the folder. */
export function parseCommandArgs<O extends ParseArgsConfig['options']>(args: string[], options: O) {
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; options: O; allowPositionals: true; strict: true }>>
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true })
  } catch (err) {
    throw new UsageError((err as Error).message)
  }
  if (parsed.positionals.length !== 1) throw new UsageError('give exactly one directory')
  return { dir: parsed.positionals[0] as string, values: parsed.values }
}

function integer(raw: string | undefined, name: string, min: number, max?: number): number | undefined {
  if (raw === undefined) return undefined
  const n = Number(raw)
  if (!/^\d+$/.test(raw) || n < min || n > (max ?? Number.MAX_SAFE_INTEGER))
    throw new UsageError(`--${name}: an integer ${max === undefined ? `of ${min} or more` : `from ${min} to ${max}`}`)
  return n
}

function fraction(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined) return undefined
  const n = Number(raw)
  if (raw.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1)
    throw new UsageError(`--${name}: a number from 0 to 1`)
  return n
}

/**
 * The request body for `dir` as scanoss-py's bytes (pythonJson); category and query_limit, which scanoss-py does not
 * send, follow only when given. Checks the options first, then that `dir` is a directory.
 */
export async function requestBody(dir: string, values: RequestValues): Promise<string> {
  const depth = integer(values.depth, 'depth', 1) ?? CLIENT_DEFAULTS.depth
  const filters = {
    ...CLIENT_DEFAULTS,
    rank_threshold: integer(values['rank-threshold'], 'rank-threshold', 0, 9) ?? CLIENT_DEFAULTS.rank_threshold,
    recursive_threshold:
      fraction(values['recursive-threshold'], 'recursive-threshold') ?? CLIENT_DEFAULTS.recursive_threshold,
    min_accepted_score:
      fraction(values['min-accepted-score'], 'min-accepted-score') ?? CLIENT_DEFAULTS.min_accepted_score,
  }
  const category = values.category?.trim()
  if (category === '') throw new UsageError('--category: a PURL type such as npm')
  const queryLimit = integer(values['query-limit'], 'query-limit', 1, 100)
  const st = await stat(dir).catch((err: NodeJS.ErrnoException) => {
    throw err.code === 'ENOENT' ? new Error(`no such directory: ${dir}`) : err
  })
  if (!st.isDirectory()) throw new Error(`not a directory: ${dir}`)
  const request = {
    ...scanRequest(await hashFolder(dir), depth, filters),
    ...(category ? { category } : {}),
    ...(queryLimit ? { query_limit: queryLimit } : {}),
  }
  return pythonJson(request)
}

/**
 * Runs a command body: a UsageError prints `usage` and returns 2; any other error one line and 1 (no stack).
 */
export async function runCommand(name: string, usage: string, io: CliIo, body: () => Promise<number>) {
  try {
    return await body()
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`compintel ${name}: ${err.message}\nusage: compintel ${usage}\n  ${FOLDER_OPTIONS}\n`)
      return 2
    }
    io.err(`compintel ${name}: ${(err as Error).message}\n`)
    return 1
  }
}

export function runHash(args: string[], io: CliIo = PROCESS_IO): Promise<number> {
  return runCommand('hash', HASH_USAGE, io, async () => {
    const { dir, values } = parseCommandArgs(args, REQUEST_OPTIONS)
    io.out(`${await requestBody(dir, values)}\n`)
    return 0
  })
}
