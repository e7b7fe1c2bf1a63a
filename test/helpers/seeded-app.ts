// A test app over a private in-memory SQLite KB loaded from the shipped seed (real data), and its closing.
import { SEED_DIR } from '../../src/seed-dir.ts'
import { openStorage } from '../../src/storage/database.ts'
import { prepareKb } from '../../src/storage/prepare-kb.ts'
import { makeTestApp, type TestApp } from './app.ts'

export async function seededApp(): Promise<TestApp> {
  const storage = openStorage({ kind: 'sqlite', path: ':memory:' })
  await prepareKb(storage, SEED_DIR, () => {})
  return makeTestApp({ storage })
}

export async function closeSeededApp(t: TestApp): Promise<void> {
  await t.close()
  await t.storage.close()
}
