// The server under load: a real `compintel serve` child process (so its memory and CPU are its own) on 127.0.0.1,
// over a private copy of the seeded SQLite KB or a fresh PostgreSQL database that `serve` loads the seed into, with
// an API key of the unlimited tier (no key budget) and the per-IP budget lifted, both dropped afterwards.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { request } from 'undici'
import { createRuntime } from '../src/app/runtime.ts'
import { type DatabaseConfig, parseConfig, SETTINGS } from '../src/config/config.ts'
import { removeCopy, seededCopy } from './seeded-kb.ts'
import { admin, beside } from './seeded-pg.ts'

export type Backend = 'sqlite' | 'postgres'

export interface LoadServer {
  backend: Backend
  url: string
  key: string
  /** The KB the server uses, for building the workload from the same data. */
  database: DatabaseConfig
  /** The last lines the server printed (shown when something failed). */
  output(): string
  /** SIGTERM, wait for the exit, then drop the KB copy or database. */
  stop(): Promise<void>
}

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const START_TIMEOUT_MS = 15 * 60_000 // loading the seed into PostgreSQL takes minutes on a busy machine

/** `settings`: more compintel settings for the server (e.g. ANSWER_CACHE_ENTRIES=0), over the load test's own. */
export async function startServer(
  backend: Backend,
  databaseUrl?: string,
  settings: Record<string, string> = {},
): Promise<LoadServer> {
  let database: DatabaseConfig
  let drop: () => Promise<void>
  if (backend === 'sqlite') {
    const file = await seededCopy()
    database = { kind: 'sqlite', path: file }
    drop = async () => removeCopy(file)
  } else {
    if (!databaseUrl) throw new Error('postgres: give --database-url or set TEST_DATABASE_URL')
    const name = `bench_load_${randomBytes(5).toString('hex')}`
    await admin(databaseUrl, `create database ${name}`)
    database = { kind: 'postgres', url: beside(databaseUrl, name) }
    drop = () => admin(databaseUrl, `drop database if exists ${name} with (force)`)
  }
  let child: ChildProcess | undefined
  try {
    const key = await unlimitedKey(database)
    const served = spawnServe(database.kind === 'sqlite' ? `sqlite:${database.path}` : database.url, settings)
    child = served.child
    const base = await served.listening
    const stop = async () => {
      await stopChild(served.child)
      await drop()
    }
    return { backend, url: base, key, database, output: served.output, stop }
  } catch (err) {
    if (child) await stopChild(child)
    await drop()
    throw err
  }
}

/** Migrates the KB and makes a full-scope key of the unlimited tier (the KB stays without components). */
async function unlimitedKey(database: DatabaseConfig): Promise<string> {
  const runtime = await createRuntime({ ...parseConfig({}), database, seedKeys: [], keyCacheTtlMs: 0 })
  try {
    return (await runtime.services.keys.create({ name: 'load test', scopes: ['*'], tier: 'unlimited' })).key
  } finally {
    await runtime.close()
  }
}

function spawnServe(databaseUrl: string, settings: Record<string, string>) {
  // nothing of this shell's compintel settings leaks in (a REDIS_URL, a config file): only what is set here
  const env: Record<string, string | undefined> = { ...process.env, COMPINTEL_CONFIG: undefined }
  for (const name of SETTINGS) delete env[name]
  Object.assign(env, {
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE_PER_IP: '100000000', // checked before the key; the key's tier lifts the other budget
    // the load test measures the request path on a fixed KB: nothing learned from the registry or feeds meanwhile
    // (--set ON_DEMAND=analyze to include on-demand learning; docs/benchmarks.md)
    ON_DEMAND: 'off',
    UPDATE_INTERVAL: 'off',
    ...settings,
  })
  const child = spawn(process.execPath, ['bin/compintel.js', 'serve'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  const keep = (d: Buffer) => {
    lines.push(...String(d).split('\n').filter(Boolean))
    lines.splice(0, Math.max(0, lines.length - 40))
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const output = () => lines.join('\n')
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${output()}`)), START_TIMEOUT_MS)
    child.stdout?.on('data', () => {
      const m = /compintel listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output())
      if (m) {
        clearTimeout(timer)
        resolve(m[1] as string)
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`serve exited with ${code}:\n${output()}`))
    })
  })
  return { child, listening, output }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
  await exited
  clearTimeout(timer)
}

export interface ServerSample {
  /** Seconds since the run started. */
  at: number
  rssBytes: number
  heapUsedBytes: number
  cpuSeconds: number
  /** Event-loop lag p99 and maximum over prom-client's window (since the previous sample), seconds. */
  lagP99: number
  lagMax: number
}

/** The server's own process metrics from GET /metrics (prom-client's defaults). */
export async function sampleServer(base: string, at: number): Promise<ServerSample> {
  const res = await request(`${base}/metrics`, { headersTimeout: 10_000, bodyTimeout: 10_000 })
  const text = await res.body.text()
  const metric = (name: string) => {
    const m = new RegExp(`^compintel_${name} ([0-9.e+-]+)`, 'm').exec(text)
    if (!m) throw new Error(`/metrics has no compintel_${name}`)
    return Number(m[1])
  }
  return {
    at,
    rssBytes: metric('process_resident_memory_bytes'),
    heapUsedBytes: metric('nodejs_heap_size_used_bytes'),
    cpuSeconds: metric('process_cpu_seconds_total'),
    lagP99: metric('nodejs_eventloop_lag_p99_seconds'),
    lagMax: metric('nodejs_eventloop_lag_max_seconds'),
  }
}

/** The answer cache's lookups by result so far (src/http/plugins/answer-cache.ts), when the server counts them. */
export async function cacheLookups(base: string): Promise<Record<string, number> | undefined> {
  const res = await request(`${base}/metrics`, { headersTimeout: 10_000, bodyTimeout: 10_000 })
  const text = await res.body.text()
  const found: Record<string, number> = {}
  for (const m of text.matchAll(/^compintel_answer_cache_lookups_total\{result="(\w+)"\} ([0-9.e+-]+)/gm))
    found[m[1] as string] = Number(m[2])
  return Object.keys(found).length > 0 ? found : undefined
}
