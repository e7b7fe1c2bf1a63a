// The frame of the scripts that add to the shipped seed (add-vuln-data-to-seed.ts, add-snippets-to-seed.ts,
// add-debian-to-seed.ts): the seed loaded into a fresh SQLite file, the script's work on it, the seed exported again
// as release `seed-<today>` (every table the work did not touch exports exactly as before).
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openStorage, type Storage } from '../src/storage/database.ts'
import { migrate } from '../src/storage/migrate.ts'
import { exportSeed } from '../src/storage/seed-export.ts'
import { loadSeed } from '../src/storage/seed-import.ts'
import type { SeedManifest } from '../src/storage/seed-layout.ts'

export const log = (line: string) => console.error(line)

/** Loads `seed` into `db` (a new temporary file when not given), runs `work`, exports to `out`. */
export async function editSeed(
  o: { seed: string; out: string; db?: string | undefined },
  work: (storage: Storage) => Promise<void>,
): Promise<SeedManifest> {
  const db = o.db ?? path.join(mkdtempSync(path.join(tmpdir(), 'compintel-seed-')), 'kb.sqlite')
  const storage = openStorage({ kind: 'sqlite', path: db })
  try {
    await migrate(storage)
    const t = Date.now()
    const seed = await loadSeed(storage, o.seed)
    if (!seed.loaded) throw new Error(`the seed was not loaded: ${seed.reason}`)
    log(`seed ${o.seed}: ${seed.rows} rows loaded in ${((Date.now() - t) / 1000).toFixed(1)} s into ${db}`)
    await work(storage)
    const createdAt = new Date().toISOString()
    const meta = { release: `seed-${createdAt.slice(0, 10)}`, created_at: createdAt }
    const manifest = await exportSeed(storage, o.out, meta, log)
    const rows = Object.values(manifest.tables).reduce((n, x) => n + x.rows, 0)
    log(`exported ${rows} rows to ${o.out} (release ${manifest.release})`)
    return manifest
  } finally {
    await storage.close()
  }
}
