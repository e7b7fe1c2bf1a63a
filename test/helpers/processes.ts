// For tests that run real `compintel` processes: spawning one with its output kept, a throw-away PostgreSQL database,
// an npm configuration pointing at the fixture registry, the KB's content in a form two KBs can be compared by, and
// the KB one clean in-process ingest writes, to compare with.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Kysely } from 'kysely'
import pg from 'pg'
import { DEFAULT_ANALYZERS } from '../../src/ingest/analyzers/index.ts'
import { RegistryClient } from '../../src/sources/npm/registry-client.ts'
import { runIngest } from '../../src/sources/npm/run-ingest.ts'
import { SqlKbWriter } from '../../src/storage/kb-writer.ts'
import { migrate } from '../../src/storage/migrate.ts'
import type { Database } from '../../src/storage/schema.ts'
import type { Backend } from './backends.ts'

const BIN = new URL('../../bin/compintel.js', import.meta.url).pathname

export interface CliProcess {
  child: ChildProcess
  /** stdout and stderr as they came. */
  output(): string
  exited: Promise<number | null>
}

export function spawnCli(args: string[], env: NodeJS.ProcessEnv): CliProcess {
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  const out: string[] = []
  child.stdout?.on('data', (d) => out.push(String(d)))
  child.stderr?.on('data', (d) => out.push(String(d)))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, output: () => out.join(''), exited }
}

/** The environment of a compintel process on `databaseUrl` that reads packages from the fixture registry. */
export function cliEnv(databaseUrl: string, registryUrl: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    SEED_DIR: 'none',
    LOG_LEVEL: 'info',
    npm_config_registry: registryUrl,
    npm_config_cache: mkdtempSync(path.join(tmpdir(), 'compintel-npm-')),
    ...extra,
  }
}

/** A new, empty PostgreSQL database beside the one `adminUrl` names; drop() removes it. */
export async function freshDatabase(adminUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`
  const run = async (q: string) => {
    const c = new pg.Client({ connectionString: adminUrl })
    await c.connect()
    try {
      await c.query(q)
    } finally {
      await c.end()
    }
  }
  await run(`create database ${name}`)
  const u = new URL(adminUrl)
  u.pathname = `/${name}`
  return { url: u.toString(), drop: () => run(`drop database if exists ${name} with (force)`) }
}

/** Columns that say when a row was written, which two runs of the same ingest cannot share. */
const WHEN = new Set(['as_of', 'indexed_at', 'first_indexed_at', 'last_indexed_at'])

/**
 * Every row of the package tables, row ids replaced by what they stand for (purl, purl@version, folder path) and
 * write times left out, as sorted JSON lines per table: equal for two KBs that hold the same facts.
 */
export async function kbContent(db: Kysely<Database>): Promise<Record<string, string[]>> {
  const components = await db.selectFrom('components').selectAll().execute()
  const purls = new Map(components.map((c) => [c.id, c.purl]))
  const versions = await db.selectFrom('versions').selectAll().execute()
  const keys = new Map(versions.map((v) => [v.id, `${purls.get(v.component_id)}@${v.version}`]))
  const nodes = await db.selectFrom('folder_nodes').selectAll().execute()
  const nodeKeys = new Map(nodes.map((n) => [n.id, `${keys.get(n.version_id)}:${n.path}`]))
  const lines = (rows: Record<string, unknown>[]) =>
    rows
      .map((row) => {
        const out: Record<string, unknown> = {}
        for (const [k, v] of Object.entries(row)) {
          if (k === 'id' || WHEN.has(k)) continue
          if (k === 'component_id') out.component = purls.get(v as number)
          else if (k === 'version_id') out.version = keys.get(v as number)
          else if (k === 'node_id') out.node = nodeKeys.get(v as number)
          else out[k] = v
        }
        return JSON.stringify(out)
      })
      .sort()
  return {
    components: lines(components),
    versions: lines(versions),
    version_dependencies: lines(await db.selectFrom('version_dependencies').selectAll().execute()),
    version_licenses: lines(await db.selectFrom('version_licenses').selectAll().execute()),
    version_files: lines(await db.selectFrom('version_files').selectAll().execute()),
    analyses: lines(await db.selectFrom('analyses').selectAll().execute()),
    folder_nodes: lines(nodes),
    folder_node_bands: lines(await db.selectFrom('folder_node_bands').selectAll().execute()),
  }
}

/** Rows per table of kbContent's tables. */
export function rowCounts(content: Record<string, string[]>): Record<string, number> {
  return Object.fromEntries(Object.entries(content).map(([t, rows]) => [t, rows.length]))
}

/** kbContent after one clean ingest of `names` (all versions, all analyzed) in this process, on a fresh `backend` KB. */
export async function ingestedOnce(
  backend: Backend,
  registryUrl: string,
  names: string[],
  withDependencies: boolean,
): Promise<Record<string, string[]>> {
  const { storage, cleanup } = await backend.open()
  try {
    await migrate(storage)
    const registry = new RegistryClient({
      registry: registryUrl,
      cache: mkdtempSync(path.join(tmpdir(), 'compintel-npm-')),
    })
    await runIngest(names, registry, new SqlKbWriter(storage), {
      versions: 'all',
      analyze: 'all',
      analyzers: DEFAULT_ANALYZERS,
      dryRun: false,
      concurrency: 2,
      withDependencies,
      now: () => new Date().toISOString(),
      sink: { isTTY: false, write: () => {} },
    })
    return await kbContent(storage.db)
  } finally {
    await cleanup()
  }
}

/**
 * `compintel serve` on 127.0.0.1:`port` over `databaseUrl`, no seed, limits lifted, accepting `key`; resolves once
 * it listens (the caller stops it).
 */
export async function startServe(
  port: number,
  databaseUrl: string,
  key: string,
  extra: NodeJS.ProcessEnv = {},
): Promise<CliProcess> {
  const server = spawnCli(['serve'], {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    SEED_DIR: 'none',
    COMPINTEL_API_KEYS: key,
    RATE_LIMIT_PER_MINUTE: '1000000',
    RATE_LIMIT_PER_MINUTE_PER_IP: '1000000',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...extra,
  })
  for (let i = 0; i < 200 && !server.output().includes('compintel listening on'); i++) {
    if (server.child.exitCode !== null) break
    await new Promise((r) => setTimeout(r, 100))
  }
  if (!server.output().includes('compintel listening on')) {
    server.child.kill('SIGKILL')
    throw new Error(`compintel serve did not start:\n${server.output()}`)
  }
  return server
}
