// Readies a KB for a process (serve, migrate, sbom enrich): storage/prepare-kb.ts (pending migrations, the shipped
// seed into a KB without components), then CISA's KEV catalogue shipped beside the seed (data/sources/kev/,
// docs/vulnerabilities.md "Known exploited") into a KB that holds no KEV entry: the seed carries it since 2026-11-28,
// a KB made before (upgraded to migration 19, its rows kept) loads it through `ingest kev`'s loader at first start.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { SILENT } from '../ingest/data-report.ts'
import { ingestKev, SHIPPED_KEV } from '../sources/kev/kev.ts'
import { SqlAdvisoryReader } from '../storage/advisory-reader.ts'
import { SqlAdvisoryWriter } from '../storage/advisory-writer.ts'
import type { Storage } from '../storage/database.ts'
import type { MigrationReport } from '../storage/migrate.ts'
import { prepareKb } from '../storage/prepare-kb.ts'

export async function prepareShippedKb(
  storage: Storage,
  seedDir: string | undefined,
  out: (line: string) => void,
): Promise<MigrationReport> {
  const report = await prepareKb(storage, seedDir, out)
  const file = seedDir && path.join(path.dirname(seedDir), 'sources', SHIPPED_KEV)
  if (!file || !existsSync(file) || (await new SqlAdvisoryReader(storage).hasKev())) return report
  const kev = await ingestKev(file, new SqlAdvisoryWriter(storage), {
    now: () => new Date().toISOString(),
    sink: SILENT,
  })
  const released = kev.sources[0]?.sourceDate ?? 'undated'
  out(`Loaded CISA's known exploited vulnerabilities catalogue (${kev.written} entries, released ${released})`)
  return report
}
