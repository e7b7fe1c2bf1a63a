// Readies a KB for use, as `serve` and `migrate` both do: pending migrations applied, then the shipped seed loaded
// into a KB that holds no component yet (under a lock: nodes started together load it once).
import type { Storage } from './database.ts'
import { type MigrationReport, migrate } from './migrate.ts'
import { loadSeed, readManifest } from './seed-import.ts'

export async function prepareKb(
  storage: Storage,
  seedDir: string | undefined,
  out: (line: string) => void,
): Promise<MigrationReport> {
  const report = await migrate(storage)
  if (seedDir) await loadSeedIfEmpty(storage, seedDir, out)
  return report
}

async function loadSeedIfEmpty(storage: Storage, dir: string, out: (line: string) => void): Promise<void> {
  const manifest = readManifest(dir)
  if (!manifest) return
  const any = await storage.db.selectFrom('components').select('id').limit(1).executeTakeFirst()
  if (any) return
  const started = Date.now()
  let shown = -1
  out(`Loading the seed knowledge base (${manifest.release}) into the empty KB…`)
  const report = await loadSeed(storage, dir, (done, total) => {
    const pct = Math.floor((100 * done) / Math.max(total, 1))
    if (pct >= shown + 10 || done === total) {
      shown = pct
      out(`  ${pct}% (${done}/${total} rows)`)
    }
  })
  if (report.loaded) out(`Seed loaded: ${report.rows} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}
