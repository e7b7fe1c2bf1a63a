// The storage backends a suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set
// (each run in a schema of its own, dropped afterwards).
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openStorage, type Storage } from '../../src/storage/database.ts'

export interface Backend {
  name: string
  open(): Promise<{ storage: Storage; cleanup(): Promise<void> }>
}

export const sqliteBackend: Backend = {
  name: 'sqlite',
  open: async () => {
    const storage = openStorage({ kind: 'sqlite', path: ':memory:' })
    return { storage, cleanup: () => storage.close() }
  },
}

export function postgresBackend(url = process.env.TEST_DATABASE_URL): Backend | undefined {
  if (!url) return undefined
  return {
    name: 'postgres',
    open: async () => {
      const schema = `t_${randomBytes(6).toString('hex')}`
      const admin = new pg.Client({ connectionString: url })
      await admin.connect()
      await admin.query(`create schema ${schema}`)
      await admin.end()
      const storage = openStorage({ kind: 'postgres', url }, { schema, poolSize: 4 })
      return {
        storage,
        cleanup: async () => {
          await storage.close()
          const c = new pg.Client({ connectionString: url })
          await c.connect()
          await c.query(`drop schema ${schema} cascade`)
          await c.end()
        },
      }
    },
  }
}

export function backends(): Backend[] {
  const pgb = postgresBackend()
  return pgb ? [sqliteBackend, pgb] : [sqliteBackend]
}
