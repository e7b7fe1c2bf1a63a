// The commands that only read (`compintel status`, `check`) on a SQLite KB another process is writing to: opened
// read-only (WAL), they answer at once while a write transaction is open, where a migrating, writable connection
// failed with `database is locked`; a KB that does not exist yet is still created and migrated.
import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import SQLite from 'better-sqlite3'
import { runCheck } from '../src/cli/check.ts'
import { runStatus } from '../src/cli/update.ts'
import { parseConfig } from '../src/config/config.ts'
import { openStorage } from '../src/storage/database.ts'
import { migrate } from '../src/storage/migrate.ts'
import { openForReading } from '../src/storage/open-reading.ts'

/** What `fn` printed with console.log, and its result. */
async function printed(fn: () => Promise<number>): Promise<{ code: number; out: string }> {
  const lines: string[] = []
  const log = console.log
  console.log = (...a: unknown[]) => void lines.push(a.join(' '))
  try {
    return { code: await fn(), out: lines.join('\n') }
  } finally {
    console.log = log
  }
}

test('status and check read a SQLite KB while another connection holds a write transaction', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'compintel-read-'))
  const file = path.join(dir, 'kb.sqlite')
  try {
    const storage = openStorage({ kind: 'sqlite', path: file })
    await migrate(storage)
    await storage.close()
    const writer = new SQLite(file) // another process's connection, as a server's
    writer.pragma('busy_timeout = 0')
    writer.exec('begin immediate')
    writer.exec(`insert into ingest_queue (run_id, source, name, options, priority, state, attempts, created_at,
      updated_at, run_after) values ('r', 'npm', 'in-flight', '{}', 100, 'active', 1, '2026-11-27T00:00:00Z',
      '2026-11-27T00:00:00Z', '2026-11-27T00:00:00Z')`)
    try {
      const config = parseConfig({ DATABASE_URL: `sqlite:${file}`, SEED_DIR: 'none' })
      const started = Date.now()
      const status = await printed(() => runStatus(config))
      assert.equal(status.code, 0)
      assert.match(status.out, /^queue: 0 pending .*0 active/m, 'the uncommitted unit is not seen')
      assert.equal((await printed(() => runCheck(config, []))).code, 0)
      assert.ok(Date.now() - started < 4000, 'no wait for the writer (its busy timeout is 5 s)')
      const reader = await openForReading(config.database)
      try {
        await assert.rejects(reader.db.deleteFrom('ingest_queue').execute(), /readonly/)
      } finally {
        await reader.close()
      }
    } finally {
      writer.exec('rollback')
      writer.close()
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a KB that does not exist yet is created and migrated by a reading command, as before', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'compintel-read-'))
  const file = path.join(dir, 'new.sqlite')
  try {
    const { code, out } = await printed(() =>
      runStatus(parseConfig({ DATABASE_URL: `sqlite:${file}`, SEED_DIR: 'none' })),
    )
    assert.equal(code, 0)
    assert.match(out, /^queue: 0 pending/m)
    assert.ok(existsSync(file))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
