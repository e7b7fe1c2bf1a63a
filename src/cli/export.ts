// `compintel export [--out DIR] [--release NAME]`: writes the KB as a seed (default data/seed).
import { parseArgs } from 'node:util'
import type { Config } from '../config/config.ts'
import { SEED_DIR } from '../config/seed-dir.ts'
import { openStorage } from '../storage/database.ts'
import { migrate } from '../storage/migrate.ts'
import { exportSeed } from '../storage/seed-export.ts'

export async function runExport(config: Config, argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { out: { type: 'string', default: SEED_DIR }, release: { type: 'string' } },
  })
  const createdAt = new Date().toISOString()
  const storage = openStorage(config.database)
  try {
    await migrate(storage)
    const manifest = await exportSeed(
      storage,
      values.out,
      { release: values.release ?? `seed-${createdAt.slice(0, 10)}`, created_at: createdAt },
      (l) => console.error(l),
    )
    const rows = Object.values(manifest.tables).reduce((n, t) => n + t.rows, 0)
    console.log(`exported ${rows} rows to ${values.out} (release ${manifest.release})`)
    return 0
  } finally {
    await storage.close()
  }
}
