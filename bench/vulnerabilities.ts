// POST /v2/vulnerabilities/components with 1, 100 and 1,000 components on the seeded KB (every shipped advisory,
// EPSS score and CPE mapping loaded): median and p95, in-process, sequential, bounded. Target: 1,000 under 150 ms.
// Run: node --import ./bin/register-ts.js bench/vulnerabilities.ts [--runs N]  (default: 100 runs per size, 40 for 1,000)
import { parseArgs } from 'node:util'
import { CONSOLE, type Figure, isMain, type Out, time } from './scenario.ts'
import { batchSizes, runsOption, seededApp, spreadPurls } from './seeded-kb.ts'

/** `postgresUrl`: on PostgreSQL, a seeded database made beside that one (bench/seeded-pg.ts); else SQLite. */
export async function vulnerabilitiesBench(
  out: Out = CONSOLE,
  opts: { runs?: number; postgresUrl?: string } = {},
): Promise<Figure[]> {
  const s = await seededApp(opts.postgresUrl)
  try {
    const advised = await s.storage.db
      .selectFrom('advisory_packages')
      .select('purl_name')
      .where('purl_type', '=', 'npm')
      .limit(1)
      .execute()
    if (advised.length === 0) out.log('warning: the seed holds no advisories; figures would mean nothing')
    const purls = await spreadPurls(s.storage, 1000)
    const { rows, medians } = await batchSizes(
      s,
      '/v2/vulnerabilities/components',
      purls,
      (body) => ({
        vulnerabilities: body.components.reduce((n, c) => n + (c.vulnerabilities as unknown[]).length, 0),
      }),
      opts.runs,
    )
    out.table(rows)
    return [100, 1000].map((n) => time(`POST ${n} components, median`, medians.get(n) as number))
  } finally {
    await s.close()
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({ options: { runs: { type: 'string' } } })
  await vulnerabilitiesBench(CONSOLE, runsOption(values.runs))
}
