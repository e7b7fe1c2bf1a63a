// Test helper: a fresh in-memory KB holding FIXTURE packages (test/fixtures/npm) ingested from the fixture registry
// through the real analyzers (every version analyzed), and an app over it.
import assert from 'node:assert/strict'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DEFAULT_ANALYZERS } from '../../src/ingest/analyzers/index.ts'
import { RegistryClient } from '../../src/sources/npm/registry-client.ts'
import { runIngest } from '../../src/sources/npm/run-ingest.ts'
import { openStorage, type Storage } from '../../src/storage/database.ts'
import { SqlKbWriter } from '../../src/storage/kb-writer.ts'
import { migrate } from '../../src/storage/migrate.ts'
import { makeTestApp, type TestApp } from './app.ts'
import { type FixtureRegistry, startFixtureRegistry } from './fixture-registry.ts'

export interface IngestedFixtures {
  reg: FixtureRegistry
  storage: Storage
  t: TestApp
  close(): Promise<void>
}

export async function ingestedFixtures(names: string[]): Promise<IngestedFixtures> {
  const reg = await startFixtureRegistry()
  const storage = openStorage({ kind: 'sqlite', path: ':memory:' })
  await migrate(storage)
  const registry = new RegistryClient({ registry: reg.url, cache: mkdtempSync(path.join(tmpdir(), 'ci-fixtures-')) })
  const run = await runIngest(names, registry, new SqlKbWriter(storage), {
    versions: 'all',
    analyze: 'all',
    analyzers: DEFAULT_ANALYZERS,
    dryRun: false,
    concurrency: 1,
    now: () => '2026-11-23T00:00:00.000Z',
    sink: { isTTY: false, write: () => {} },
  })
  assert.deepEqual(run.failed, [])
  const t = await makeTestApp({ storage })
  return {
    reg,
    storage,
    t,
    close: async () => {
      await t.close()
      await storage.close()
      await reg.close()
    },
  }
}
