// A test app over a private SQLite KB loaded from the shipped seed (real data), and its closing. Loading the seed takes
// about 20 s, so the loaded KB is kept in the temp folder, keyed by the seed's manifest and the storage code, and each
// suite opens a copy of its own: the suites of one test run load the seed once.
import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { prepareShippedKb } from '../../src/app/prepare.ts'
import { SEED_DIR } from '../../src/config/seed-dir.ts'
import { SHIPPED_KEV } from '../../src/sources/kev/kev.ts'
import { openStorage } from '../../src/storage/database.ts'
import { makeTestApp, type TestApp } from './app.ts'

const STORAGE_DIR = fileURLToPath(new URL('../../src/storage/', import.meta.url))
const copies = new WeakMap<TestApp, string>()

export async function seededApp(): Promise<TestApp> {
  const { dir, file } = await seededKbCopy()
  const storage = openStorage({ kind: 'sqlite', path: file })
  await prepareShippedKb(storage, SEED_DIR, () => {}) // already migrated and seeded: nothing to do
  const t = await makeTestApp({ storage })
  copies.set(t, dir)
  return t
}

/** A private copy of the seeded KB file (for a command run on it), in a temp folder of its own. */
export async function seededKbCopy(): Promise<{ dir: string; file: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'compintel-seeded-'))
  const file = path.join(dir, 'kb.sqlite')
  copyFileSync(await seededKb(), file)
  return { dir, file }
}

export async function closeSeededApp(t: TestApp): Promise<void> {
  await t.close()
  await t.storage.close()
  const dir = copies.get(t)
  if (dir) rmSync(dir, { recursive: true, force: true })
}

/** The seeded KB file for this seed and this storage code, built (then renamed into place) when missing. */
async function seededKb(): Promise<string> {
  const file = path.join(tmpdir(), `compintel-test-seeded-${kbKey()}.sqlite`)
  if (existsSync(file)) return file
  const building = `${file}.${process.pid}.building`
  const storage = openStorage({ kind: 'sqlite', path: building })
  try {
    await prepareShippedKb(storage, SEED_DIR, () => {})
  } finally {
    await storage.close()
  }
  renameSync(building, file)
  return file
}

/**
 * What the seeded KB depends on: the seed's manifest (its shards' digests), the KEV catalogue shipped beside it
 * (app/prepare.ts) and every file of the storage code.
 */
function kbKey(): string {
  const h = createHash('sha256').update(readFileSync(path.join(SEED_DIR, 'manifest.json')))
  h.update(readFileSync(path.join(path.dirname(SEED_DIR), 'sources', SHIPPED_KEV)))
  const files = readdirSync(STORAGE_DIR, { recursive: true, encoding: 'utf8' }).sort()
  for (const f of files) if (f.endsWith('.ts')) h.update(f).update(readFileSync(path.join(STORAGE_DIR, f)))
  return h.digest('hex').slice(0, 16)
}
