// The seeded KB on PostgreSQL, for the batch benches' PostgreSQL rows: the shipped seed is loaded once into a
// template database beside the one BENCH_DATABASE_URL names (kept between runs while the seed and schema are
// unchanged, like the SQLite template of seeded-kb.ts), and each bench gets a private copy of it, dropped afterwards.
import { createHash, randomBytes } from 'node:crypto'
import pg from 'pg'
import { SEED_DIR } from '../src/config/seed-dir.ts'
import { openStorage } from '../src/storage/database.ts'
import { migrate } from '../src/storage/migrate.ts'
import { SCHEMA_VERSION } from '../src/storage/migrations/index.ts'
import { loadSeed, readManifest } from '../src/storage/seed-import.ts'

/** Runs one statement on the database `url` names (create and drop database cannot run in a transaction). */
export async function admin(url: string, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    await c.query(statement)
  } finally {
    await c.end()
  }
}

/** `url` with another database name. */
export function beside(url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

/** A fresh database copied from the seeded template: its URL, and how to drop it. */
export async function seededPostgres(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = await seededTemplate(url)
  const name = `bench_kb_${randomBytes(5).toString('hex')}`
  await admin(url, `create database ${name} template ${template}`)
  return { url: beside(url, name), drop: () => admin(url, `drop database if exists ${name} with (force)`) }
}

async function seededTemplate(url: string): Promise<string> {
  const manifest = readManifest(SEED_DIR)
  const id = `${manifest?.release ?? 'none'} ${manifest?.created_at ?? ''} ${SCHEMA_VERSION}`
  const name = `bench_seed_${createHash('sha256').update(id).digest('hex').slice(0, 12)}`
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    const { rowCount } = await c.query('select 1 from pg_database where datname = $1', [name])
    if (rowCount) return name
  } finally {
    await c.end()
  }
  const partial = `${name}_partial`
  await admin(url, `drop database if exists ${partial} with (force)`)
  await admin(url, `create database ${partial}`)
  console.log(`loading the seed into PostgreSQL database ${partial} (once) …`)
  const storage = openStorage({ kind: 'postgres', url: beside(url, partial) })
  try {
    await migrate(storage)
    await loadSeed(storage, SEED_DIR)
  } finally {
    await storage.close()
  }
  await admin(url, `alter database ${partial} rename to ${name}`)
  return name
}
