// `compintel migrate`: applies pending migrations and reports them; an empty KB gets the shipped seed (and a KB without
// KEV entries the shipped KEV catalogue), as at `serve`.

import { prepareShippedKb } from '../app/prepare.ts'
import type { Config } from '../config/config.ts'
import { openStorage } from '../storage/database.ts'

export async function runMigrate(config: Config): Promise<number> {
  const storage = openStorage(config.database)
  try {
    const report = await prepareShippedKb(storage, config.seedDir, (line) => console.log(line))
    console.log(
      report.applied.length > 0
        ? `applied ${report.applied.length} migration(s): ${report.applied.join(', ')}; schema version ${report.schemaVersion}`
        : `schema is current (version ${report.schemaVersion})`,
    )
    return 0
  } finally {
    await storage.close()
  }
}
